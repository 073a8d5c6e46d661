/**
 * The ledger's pure step (issue 46, docs/METRICS.md): a member's previous MRR state and the
 * snapshot of their subscription now → the new state and the `mrr_delta` rows to write. The
 * ledger (next: Mongo, apply-if-newer in Stripe's order) stores both; period-figures.ts reads
 * the rows. One snapshot per member (billing keeps one Premium subscription per member).
 */
import { classifyMovement, pauseChangeOf, type Bucket } from './movements';
import type { SubscriptionMrr } from './subscription-mrr';

/** One `mrr_delta` row: a movement of one member's MRR in one currency. */
export type LedgerRow = {
  memberId: string;
  /** ISO 8601, UTC: when Stripe says the change happened. */
  at: string;
  bucket: Bucket;
  /** Signed: what the row adds to MRR (negative for contraction, churn, paused). */
  deltaCents: number;
  currency: string;
  /** The member's MRR in `currency` after this row. */
  mrrAfterCents: number;
};

/** What the ledger keeps per member between snapshots. */
export type MemberMrrState = {
  currency: string;
  mrrCents: number;
  scheduledChurn: boolean;
  paused: boolean;
  /** The MRR held when the current pause began (0 when not paused): what a resume gives back. */
  pausedCents: number;
  /** The member has had MRR > 0 in any currency: a later 0 → b is a reactivation. */
  everPaid: boolean;
};

export const NO_MRR: Omit<MemberMrrState, 'currency'> = {
  mrrCents: 0,
  scheduledChurn: false,
  paused: false,
  pausedCents: 0,
  everPaid: false,
};

function rowsOf(
  memberId: string,
  at: string,
  currency: string,
  before: number,
  movements: ReturnType<typeof classifyMovement>,
): LedgerRow[] {
  let mrr = before;
  return movements.map(({ bucket, deltaCents }) => {
    mrr += deltaCents;
    return { memberId, at, bucket, deltaCents, currency, mrrAfterCents: mrr };
  });
}

/**
 * The rows one snapshot leads to. A snapshot in another currency than the state's first closes
 * the old currency (churn, or resumed + churn when paused) and then opens the new one.
 */
export function applySnapshot(
  memberId: string,
  at: string,
  previous: MemberMrrState | null,
  snapshot: SubscriptionMrr,
): { state: MemberMrrState; rows: LedgerRow[] } {
  const rows: LedgerRow[] = [];
  let prev = previous ?? { currency: snapshot.currency, ...NO_MRR };
  if (prev.currency !== snapshot.currency) {
    const closing = classifyMovement({
      before: prev.mrrCents,
      after: 0,
      everPaidBefore: prev.everPaid,
      pauseChange: prev.paused ? 'resume' : null,
      pausedCents: prev.pausedCents,
    });
    rows.push(...rowsOf(memberId, at, prev.currency, prev.mrrCents, closing));
    prev = { ...NO_MRR, everPaid: prev.everPaid, currency: snapshot.currency };
  }

  const pauseChange = pauseChangeOf(prev.paused, snapshot.paused);
  const movements = classifyMovement({
    before: prev.mrrCents,
    after: snapshot.mrrCents,
    everPaidBefore: prev.everPaid,
    pauseChange,
    pausedCents: pauseChange === 'pause' ? prev.mrrCents : pauseChange === 'resume' ? prev.pausedCents : undefined,
  });
  rows.push(...rowsOf(memberId, at, snapshot.currency, prev.mrrCents, movements));

  const state: MemberMrrState = {
    currency: snapshot.currency,
    mrrCents: snapshot.mrrCents,
    scheduledChurn: snapshot.scheduledChurn,
    paused: snapshot.paused,
    pausedCents: snapshot.paused ? (pauseChange === 'pause' ? prev.mrrCents : prev.pausedCents) : 0,
    everPaid: prev.everPaid || prev.mrrCents > 0 || snapshot.mrrCents > 0,
  };
  return { state, rows };
}
