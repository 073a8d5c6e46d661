/**
 * MRR movements (issue 46, docs/METRICS.md): how one change of a member's MRR, from `before` to
 * `after` (integer cents, one currency), splits into buckets. Pure.
 *
 * Each movement carries a signed `deltaCents` (what it adds to MRR: negative for contraction,
 * churn and paused); the deltas of one change always sum to `after − before`, which is what
 * makes the identity hold for any period:
 *   MRR_end − MRR_start = new + expansion + reactivation − contraction − churn − paused + resumed
 * (the buckets as positive amounts: period-figures.ts reports magnitudes).
 *
 * Pauses:
 * - `pause`: the member's MRR drops to 0 because Stripe pauses collection: `paused` (the amount
 *   held, `pausedCents`, default all of `before`). Not churn: an off-season pause is its own bucket.
 * - `resume`: the pause ends, back to `after`: `resumed` of the amount paused, then the rest is an
 *   ordinary change from that amount: a price raised during the pause is expansion, lowered is
 *   contraction, and a pause that ends in a cancellation (after = 0) is `resumed` p + `churn` p, so
 *   every pause is balanced by its resume and a paused member who leaves counts as churn.
 */

export const BUCKETS = ['new', 'expansion', 'reactivation', 'contraction', 'churn', 'paused', 'resumed'] as const;
export type Bucket = (typeof BUCKETS)[number];

export type Movement = { bucket: Bucket; deltaCents: number };

export type PauseChange = 'pause' | 'resume' | null;

export type MovementInput = {
  before: number;
  after: number;
  /** The member had MRR > 0 at some earlier time (so 0 → b is a reactivation, not new). */
  everPaidBefore: boolean;
  pauseChange?: PauseChange;
  /**
   * pause: the part of `before` that is paused (default: all of the drop, `before − after`);
   * resume: the MRR the member had when paused (default: all of the rise, `after − before`).
   */
  pausedCents?: number;
};

/** A change the classification refuses: it would break the identity. */
export class MovementInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MovementInputError';
  }
}

function checkCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new MovementInputError(`${name} must be a non-negative integer of cents, got ${value}`);
  }
}

/** An ordinary change (no pause involved). */
function ordinary(before: number, after: number, everPaidBefore: boolean): Movement[] {
  if (after === before) return [];
  if (before === 0) return [{ bucket: everPaidBefore ? 'reactivation' : 'new', deltaCents: after }];
  if (after === 0) return [{ bucket: 'churn', deltaCents: -before }];
  return [{ bucket: after > before ? 'expansion' : 'contraction', deltaCents: after - before }];
}

/** The movements of one change; their deltas sum to `after − before`, none is 0. */
export function classifyMovement(input: MovementInput): Movement[] {
  const { before, after, everPaidBefore, pauseChange = null } = input;
  checkCents('before', before);
  checkCents('after', after);
  if (pauseChange === null) return ordinary(before, after, everPaidBefore);

  if (pauseChange === 'pause') {
    const paused = input.pausedCents ?? before - after;
    checkCents('pausedCents', paused);
    if (paused > before) throw new MovementInputError(`Cannot pause ${paused} of an MRR of ${before}`);
    const held = before - paused;
    const rest = ordinary(held, after, everPaidBefore || before > 0);
    return paused > 0 ? [{ bucket: 'paused', deltaCents: -paused }, ...rest] : rest;
  }

  const resumed = input.pausedCents ?? Math.max(after - before, 0);
  checkCents('pausedCents', resumed);
  const back = before + resumed;
  const rest = ordinary(back, after, everPaidBefore || back > 0);
  return resumed > 0 ? [{ bucket: 'resumed', deltaCents: resumed }, ...rest] : rest;
}

/** The pause change between two snapshots' `paused` flags. */
export function pauseChangeOf(pausedBefore: boolean, pausedAfter: boolean): PauseChange {
  if (pausedBefore === pausedAfter) return null;
  return pausedAfter ? 'pause' : 'resume';
}
