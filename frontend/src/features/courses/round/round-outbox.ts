/**
 * Finished rounds waiting to reach the server, kept on the device (localStorage, per member)
 * until the courses service has them: a round finished without signal is sent when the network
 * returns. None lost (a round leaves the outbox only once the server answered it), none doubled
 * (the server stores a round id once, and the outbox keeps an id once), in the order played
 * (sent one at a time, oldest first; a failure stops the run so nothing overtakes it).
 */

import { OUTBOX_KEY_PREFIX } from '@/lib/offline-storage';

export type RoundPayload = {
  id: string;
  startedAt: string;
  finishedAt: string;
  holes: { hole: number; routine: number; note?: string }[];
  review?: { wentWell?: string; workOn?: string; word?: string };
};

export type OutboxEntry = { courseId: string; round: RoundPayload };

/** What sending one round came to: stored (201/200), refused for good (4xx but 401/408/429), or try later. */
export type SendOutcome = 'sent' | 'rejected' | 'retry';

export type SendRound = (entry: OutboxEntry) => Promise<SendOutcome>;

export function outboxKey(userId: string): string {
  return `${OUTBOX_KEY_PREFIX}:${userId}`;
}

function read(userId: string): OutboxEntry[] {
  try {
    const raw = window.localStorage.getItem(outboxKey(userId));
    const entries = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(entries) ? (entries as OutboxEntry[]) : [];
  } catch {
    return [];
  }
}

function write(userId: string, entries: OutboxEntry[]): void {
  if (entries.length === 0) window.localStorage.removeItem(outboxKey(userId));
  else window.localStorage.setItem(outboxKey(userId), JSON.stringify(entries));
}

/** The rounds still waiting, oldest first. */
export function pendingRounds(userId: string): OutboxEntry[] {
  return read(userId);
}

/** Keeps a finished round; the same round id twice is kept once (its first version). */
export function enqueueRound(userId: string, entry: OutboxEntry): void {
  const entries = read(userId);
  if (entries.some((e) => e.round.id === entry.round.id)) return;
  write(userId, [...entries, entry]);
}

/** POST /api/courses/:courseId/rounds with the session cookie; the answer's status decides. */
export const postRound: SendRound = async ({ courseId, round }) => {
  let res: Response;
  try {
    res = await fetch(`/api/courses/${encodeURIComponent(courseId)}/rounds`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(round),
    });
  } catch {
    return 'retry'; // no network
  }
  if (res.ok) return 'sent';
  if (res.status === 401 || res.status === 408 || res.status === 429 || res.status >= 500) return 'retry';
  return 'rejected';
};

const running = new Map<string, Promise<number>>();

/**
 * Sends the waiting rounds in the order played, one at a time, and answers how many reached the
 * server. A run already going for the member is joined, not doubled. A round the server refuses
 * for good (its course is gone: 404; a 400) leaves the outbox so it cannot block the others.
 */
export function flushOutbox(userId: string, send: SendRound = postRound): Promise<number> {
  const current = running.get(userId);
  if (current) return current;
  const run = (async () => {
    let sent = 0;
    for (;;) {
      const [next] = read(userId);
      if (!next) return sent;
      const outcome = await send(next);
      if (outcome === 'retry') return sent;
      // Removed by id: the outbox may have grown while the request was out.
      write(
        userId,
        read(userId).filter((e) => e.round.id !== next.round.id),
      );
      if (outcome === 'sent') sent += 1;
    }
  })().finally(() => running.delete(userId));
  running.set(userId, run);
  return run;
}
