import type { Inbox, OnceResult } from '../inbox';
import type { Logger } from '../logger';

/**
 * The longest a job waits before asking again whether another delivery's handling is over: most
 * handlings take well under a second, and asking costs one read of the inbox.
 */
export const IN_PROGRESS_RETRY_MAX_MS = 1000;

/**
 * Another delivery holds the claim of the event right now (a stalled job run again while its
 * first run goes on, a replica handling the same event under another job id). The kit's queue
 * worker puts the job back as delayed (not a failed attempt) and runs it again in `retryAfterMs`:
 * by then the other handling is recorded (a duplicate), released (this one handles it) or its
 * lease is over (this one takes it over).
 */
export class HandlingElsewhereError extends Error {
  readonly retryAfterMs: number;

  constructor(
    readonly eventId: string,
    retryAfterSeconds: number,
  ) {
    super(`${eventId} is being handled elsewhere; retry in ${retryAfterSeconds} s`);
    this.name = 'HandlingElsewhereError';
    this.retryAfterMs = Math.min(retryAfterSeconds * 1000, IN_PROGRESS_RETRY_MAX_MS);
  }
}

/** What handling once came to, for the caller: it ran (with `run`'s value), or it was a duplicate. */
export type HandledOnce<T> = Exclude<OnceResult<T>, { status: 'in-progress' }>;

/**
 * The one "handle this event once" of every consumer: `inbox.once(eventId, run)`; a duplicate is
 * logged (with the outcome its first handling recorded) and resolves; an event another delivery
 * is handling throws HandlingElsewhereError, which the kit's queue worker turns into a later
 * retry. Queue consumers whose whole job is one event declare it instead (createQueueWorker's
 * `once` option); a job made of several once-only parts (a mail to each of two recipients) calls
 * this for each part. `loggedAs`: what the log lines and the error name the event by (default its
 * id; an id holding an address, as a mail's does, must not reach the log).
 */
export async function handleOnce<T>(
  inbox: Inbox,
  eventId: string,
  run: () => Promise<T>,
  log: Logger,
  loggedAs = eventId,
): Promise<HandledOnce<T>> {
  const result = await inbox.once(eventId, run);
  if (result.status === 'in-progress') throw new HandlingElsewhereError(loggedAs, result.retryAfterSeconds);
  if (result.status === 'duplicate')
    log.info({ eventId: loggedAs, outcome: result.outcome }, 'duplicate delivery: handled before');
  return result;
}
