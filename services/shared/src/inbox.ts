import { type Connection, type Model, Schema } from 'mongoose';
import { insertOnce, registerModel } from './mongo';

/**
 * What `inbox.once(eventId, run)` came to:
 * - ran: this call claimed the event and `run` finished (its value is here, its outcome recorded);
 * - duplicate: the event was handled before (`outcome`: what that handling recorded);
 * - in-progress: another delivery holds the claim right now; try again in `retryAfterSeconds`
 *   (after that its lease is over: a claimer that died mid-handling is taken over).
 */
export type OnceResult<T> =
  | { status: 'ran'; value: T }
  | { status: 'duplicate'; outcome: string }
  | { status: 'in-progress'; retryAfterSeconds: number };

export interface Inbox {
  /**
   * Runs `run` once per event id across every process of the service: claim (an insert on the
   * id: of parallel deliveries exactly one claims), run, record the outcome (a string value of
   * `run` is the outcome, anything else records `done`). When `run` throws the claim is released
   * and the error goes up, so a retry handles the event afresh. A claim older than the lease
   * counts as abandoned (its process died) and one delivery takes it over.
   */
  once<T>(eventId: string, run: () => Promise<T>): Promise<OnceResult<T>>;
  /**
   * Erases the entries whose id matches `pattern` (e.g. those naming a deleted member's address):
   * their events count as never handled. Resolves to how many went.
   */
  forget(pattern: RegExp): Promise<number>;
}

/** One handled (or being handled) event of a service's inbox. */
export interface InboxEntry {
  _id: string;
  /** `claimed` while a delivery handles it; `done` afterwards; `taken-over` marks a lease taken over. */
  state: 'claimed' | 'done' | 'taken-over';
  /** The handling's outcome once done. */
  outcome: string | null;
  /** When the current claim was made (a lease runs from it). */
  claimedAt: Date;
}

const RECORD_ATTEMPTS = 3;
const RECORD_RETRY_MS = 500;

/** How long a claim holds unless the service says otherwise. */
export const DEFAULT_INBOX_LEASE_MS = 60_000;

function inboxModel(mongo: Connection, collection: string): Model<InboxEntry> {
  const schema = new Schema<InboxEntry>(
    {
      _id: { type: String, required: true },
      state: { type: String, required: true },
      outcome: { type: String, default: null },
      claimedAt: { type: Date, required: true },
    },
    { collection, versionKey: false, timestamps: true },
  );
  return registerModel(mongo, `Inbox:${collection}`, schema);
}

/**
 * The service's inbox: one collection (its name given by the service, e.g. `auth_inbox`), one
 * implementation for every "handle this event once" of the service. Every step is an insert on
 * `_id` or a write conditional on the claim's time, so it needs no lock on any store:
 * taking over an abandoned claim is an insert of `<eventId>@<claim time>` (of parallel takers
 * exactly one inserts it), then the claim's time moves on.
 */
export function createInbox(mongo: Connection, options: { collection: string; leaseMs?: number }): Inbox {
  if (!/^[a-z][a-z0-9_]*$/.test(options.collection ?? '')) {
    throw new Error(`createInbox: the collection must be a name like auth_inbox, not ${String(options.collection)}`);
  }
  const Entry = inboxModel(mongo, options.collection);
  const leaseMs = options.leaseMs ?? DEFAULT_INBOX_LEASE_MS;

  type Claim = { kind: 'mine'; at: Date } | Exclude<OnceResult<never>, { status: 'ran' }>;

  // What is left of the lease, in whole seconds (1 to the lease): `now` may be read before another
  // process wrote `claimedAt`, so the difference alone can exceed the lease by a moment.
  const inProgress = (claimedAt: Date, now: Date): Claim => ({
    status: 'in-progress',
    retryAfterSeconds: Math.min(
      Math.ceil(leaseMs / 1000),
      Math.max(1, Math.ceil((claimedAt.getTime() + leaseMs - now.getTime()) / 1000)),
    ),
  });

  async function claim(eventId: string): Promise<Claim> {
    const at = new Date();
    const insert = (id: string, state: InboxEntry['state']) =>
      insertOnce(() => Entry.create({ _id: id, state, outcome: null, claimedAt: at }));
    if (await insert(eventId, 'claimed')) return { kind: 'mine', at };

    const row = await Entry.findById(eventId).lean<InboxEntry>();
    // Released (its handling failed) between the insert and the read: claim it afresh.
    if (!row) return (await insert(eventId, 'claimed')) ? { kind: 'mine', at } : inProgress(at, at);
    if (row.state !== 'claimed') return { status: 'duplicate', outcome: row.outcome ?? 'done' };
    if (at.getTime() - row.claimedAt.getTime() < leaseMs) return inProgress(row.claimedAt, at);

    // Abandoned: of parallel takers, the one that inserts the take-over mark moves the claim on.
    if (!(await insert(`${eventId}@${row.claimedAt.getTime()}`, 'taken-over'))) return inProgress(at, at);
    const moved = await Entry.updateOne(
      { _id: eventId, state: 'claimed', claimedAt: row.claimedAt },
      { $set: { claimedAt: at } },
    );
    return moved.matchedCount > 0 ? { kind: 'mine', at } : inProgress(at, at);
  }

  /**
   * The work is done: a failure to record it now would let a later delivery do it again (a second
   * mail), so it is tried a few times before the error goes up.
   */
  async function recordDone(eventId: string, claimedAt: Date, outcome: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        // Still this delivery's claim (one that took an abandoned claim over records its own).
        await Entry.updateOne({ _id: eventId, state: 'claimed', claimedAt }, { $set: { state: 'done', outcome } });
        return;
      } catch (err) {
        if (attempt >= RECORD_ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS * attempt));
      }
    }
  }

  return {
    async once<T>(eventId: string, run: () => Promise<T>): Promise<OnceResult<T>> {
      const claimed = await claim(eventId);
      if (!('kind' in claimed)) return claimed;
      let value: T;
      try {
        value = await run();
      } catch (err) {
        // Only this delivery's claim (not one taken over since): the retry claims it afresh.
        // If even that fails, the claim ends with its lease.
        await Entry.deleteOne({ _id: eventId, state: 'claimed', claimedAt: claimed.at }).catch(() => undefined);
        throw err;
      }
      await recordDone(eventId, claimed.at, typeof value === 'string' ? value : 'done');
      return { status: 'ran', value };
    },

    async forget(pattern: RegExp): Promise<number> {
      return (await Entry.deleteMany({ _id: { $regex: pattern } })).deletedCount;
    },
  };
}
