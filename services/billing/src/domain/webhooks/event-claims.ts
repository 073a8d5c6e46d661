import { insertOnce } from '@fm/shared';
import type { BillingModels } from '../billing.models';

/** What claiming an event id came to. */
export type Claim = { kind: 'mine'; at: Date } | { kind: 'done' } | { kind: 'in-progress'; retryAfterSeconds: number };

/**
 * `processed_stripe_events`: the claim on an event id taken before handling it, its outcome
 * written after, its release when handling failed.
 */
export class EventClaims {
  constructor(
    private readonly models: BillingModels,
    private readonly leaseMs: number,
  ) {}

  /**
   * Claims an event id before handling it: an insert-if-absent on the primary key, so of ten
   * parallel deliveries exactly one handles it. Another delivery finds the row: handled already
   * (done), claimed less than a lease ago (in progress: another delivery is handling it), or
   * claimed longer ago (abandoned: the process died mid-handling) and then taken over.
   */
  async claim(eventId: string, type: string): Promise<Claim> {
    const { ProcessedStripeEvent } = this.models;
    const at = new Date();
    const insert = (id: string, outcome: string) =>
      insertOnce(() => ProcessedStripeEvent.create({ _id: id, type, outcome, processedAt: at }));
    if (await insert(eventId, 'claimed')) return { kind: 'mine', at };

    const row = await ProcessedStripeEvent.findById(eventId).lean();
    const inProgress = (claimedAt: Date): Claim => ({
      kind: 'in-progress',
      retryAfterSeconds: Math.max(1, Math.ceil((claimedAt.getTime() + this.leaseMs - at.getTime()) / 1000)),
    });
    // Released (its handling failed) between the insert and the read: claim it afresh.
    if (!row) return (await insert(eventId, 'claimed')) ? { kind: 'mine', at } : inProgress(at);
    if (row.outcome !== 'claimed') return { kind: 'done' };
    if (at.getTime() - row.processedAt.getTime() < this.leaseMs) return inProgress(row.processedAt);

    // Abandoned. Taking over "the claim made at T" is an insert-if-absent too (a conditional
    // update alone is not atomic on FerretDB v1), so of parallel retries exactly one wins;
    // it then moves the claim time on, conditionally on the time it found.
    if (!(await insert(`${eventId}@${row.processedAt.getTime()}`, 'taken-over'))) return inProgress(at);
    const moved = await ProcessedStripeEvent.updateOne(
      { _id: eventId, outcome: 'claimed', processedAt: row.processedAt },
      { $set: { processedAt: at } },
    );
    return moved.matchedCount > 0 ? { kind: 'mine', at } : inProgress(at);
  }

  /** Still this delivery's claim (a delivery that took an abandoned claim over writes its own). */
  async done(eventId: string, claimedAt: Date, outcome: string): Promise<void> {
    await this.models.ProcessedStripeEvent.updateOne(
      { _id: eventId, outcome: 'claimed', processedAt: claimedAt },
      { $set: { outcome, processedAt: new Date() } },
    );
  }

  /**
   * Gives a claim back when handling failed (e.g. Redis down → 503), so Stripe's retry does the
   * work; only this delivery's claim (not one another delivery has taken over since).
   */
  async release(eventId: string, claimedAt: Date): Promise<void> {
    await this.models.ProcessedStripeEvent.deleteOne({ _id: eventId, outcome: 'claimed', processedAt: claimedAt });
  }
}
