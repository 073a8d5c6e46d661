import { registerModel, schemaOptions } from '@fm/shared/store';
import { Schema, type Connection, type Model } from 'mongoose';
import type { CashPart } from '../metrics/cash-days';
import type { ChurnSpell, Spell } from '../metrics/day-totals';
import type { Bucket } from '../metrics/movements';
import type { MovementSums } from '../metrics/period-figures';
import type { MemberMrrState } from '../metrics/member-ledger';
import type { MetricsInputCode } from '../metrics/subscription-mrr';

/**
 * The MRR ledger's collections (issue 46, docs/METRICS.md "The ledger"), written only by
 * MrrLedger (mrr-ledger.ts):
 * - `billing_mrr_subscriptions`: each subscription's MRR as its newest Stripe event (or the
 *   reconciliation) valued it, ordered by the kit's applyIfNewer on `stamp`;
 * - `billing_mrr_members`: each member's ledger state (the pure step's MemberMrrState), how many
 *   rows they have, and the rows of the last step until they are all in `billing_mrr_deltas`;
 * - `billing_mrr_deltas`: the `mrr_delta` rows, `_id` `<memberId>:<seq>` (written once);
 * - `billing_mrr_days`: the rows' totals per currency and UTC day (metrics/day-totals.ts), `_id`
 *   `<currency>:<day>`, each row added once (its id in `rows`), what the metrics answer reads;
 * - `billing_cash_days` and `billing_cash_entries`: the cash per currency and UTC day
 *   (metrics/cash-days.ts), written only by CashDays (cash-days.ts).
 */

/** One subscription's MRR as last valued. */
export interface MrrSubscription {
  _id: string;
  memberId: string;
  currency: string;
  mrrCents: number;
  scheduledChurn: boolean;
  paused: boolean;
  /** applyIfNewer's order: Stripe's `created` × 1000 + the lifecycle rank (as billing_subscriptions). */
  stamp?: number | null;
  /** The Stripe event (or `reconcile-…`) that valued it. */
  source: string;
  /** When, by Stripe's clock, that was. */
  at: Date;
  /** Stripe's `trial_start` and `trial_end` as that event said (null: no trial): trial conversion reads them. */
  trialStart?: Date | null;
  trialEnd?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A subscription that could not be valued (a MetricsInputError): kept until a valuation succeeds. */
export interface MrrProblem {
  code: MetricsInputCode;
  message: string;
  subscriptionId: string;
  source: string;
  at: Date;
}

/** A row as stored: the pure LedgerRow with `at` a Date, its sequence and what caused it. */
export interface MrrDelta {
  _id: string;
  memberId: string;
  seq: number;
  at: Date;
  bucket: Bucket;
  deltaCents: number;
  currency: string;
  mrrAfterCents: number;
  source: string;
  /** A churn row: the spell it closed (metrics/day-totals.ts), for the customer churn rate. */
  spell?: ChurnSpell | null;
}

export interface MrrMember {
  _id: string;
  state: MemberMrrState | null;
  /** Rows written for the member so far (the next row is seq + 1). */
  seq: number;
  /** The `at` of the member's latest row: no later row is dated before it. */
  lastAt: Date | null;
  /** The last step's rows, kept here (written with the state, in one update) until they are in billing_mrr_deltas. */
  pending: Omit<MrrDelta, '_id'>[];
  problem: MrrProblem | null;
  /** The member's current paying spell per currency (metrics/day-totals.ts). */
  spells?: Record<string, Spell> | null;
  /** The state's currency while its MRR is set to end at the period end (scheduled churn), else null. */
  scheduledChurnCurrency?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One currency's day: the sums of its rows (metrics/day-totals.ts DayTotals) and which rows are in them. */
export interface MrrDay {
  _id: string;
  currency: string;
  day: string;
  netCents: number;
  payingDelta: number;
  movements: MovementSums;
  churns: ChurnSpell[];
  /** The ids of the rows added (each once). */
  rows: string[];
}

/** One currency's day of cash (metrics/cash-days.ts CashDayTotals) and which changes are in it. */
export interface CashDay {
  _id: string;
  currency: string;
  day: string;
  chargesCents: number;
  refundsCents: number;
  coachingCents: number;
  /** The ids of the changes added (each once): `<record key>:<version>:<index>`. */
  rows: string[];
}

/**
 * A payment record's parts as last added to the days (`_id` `premium:<invoice id>` or
 * `coaching:<booking id>`), the change being added until it is all in the days, and, on `$sync`,
 * the newest `updatedAt` of the records read.
 */
export interface CashEntry {
  _id: string;
  parts: CashPart[];
  v: number;
  pending: CashPart[];
  syncedTo?: Date | null;
}

export interface MrrModels {
  MrrSubscription: Model<MrrSubscription>;
  MrrMember: Model<MrrMember>;
  MrrDelta: Model<MrrDelta>;
  MrrDay: Model<MrrDay>;
  CashDay: Model<CashDay>;
  CashEntry: Model<CashEntry>;
}

const mrrSubscriptionSchema = new Schema<MrrSubscription>(
  {
    _id: { type: String, required: true },
    memberId: { type: String, required: true },
    currency: { type: String, required: true },
    mrrCents: { type: Number, required: true },
    scheduledChurn: { type: Boolean, default: false },
    paused: { type: Boolean, default: false },
    stamp: { type: Number, default: null },
    source: { type: String, required: true },
    at: { type: Date, required: true },
    trialStart: { type: Date, default: null },
    trialEnd: { type: Date, default: null },
  },
  schemaOptions({ collection: 'billing_mrr_subscriptions' }),
);
mrrSubscriptionSchema.index({ memberId: 1 });
// Trial conversion reads the trials that ended in a range.
mrrSubscriptionSchema.index({ trialEnd: 1 });

const mrrMemberSchema = new Schema<MrrMember>(
  {
    _id: { type: String, required: true },
    state: { type: Schema.Types.Mixed, default: null },
    seq: { type: Number, default: 0 },
    lastAt: { type: Date, default: null },
    // The rows as the step wrote them (a plain array: they are copied into billing_mrr_deltas as they are).
    pending: { type: Schema.Types.Mixed, default: [] },
    problem: { type: Schema.Types.Mixed, default: null },
    spells: { type: Schema.Types.Mixed, default: null },
    scheduledChurnCurrency: { type: String, default: null },
  },
  schemaOptions({ collection: 'billing_mrr_members' }),
);

const mrrDeltaSchema = new Schema<MrrDelta>(
  {
    _id: { type: String, required: true },
    memberId: { type: String, required: true },
    seq: { type: Number, required: true },
    at: { type: Date, required: true },
    bucket: { type: String, required: true },
    deltaCents: { type: Number, required: true },
    currency: { type: String, required: true },
    mrrAfterCents: { type: Number, required: true },
    source: { type: String, required: true },
    spell: { type: Schema.Types.Mixed, default: null },
  },
  { collection: 'billing_mrr_deltas', versionKey: false },
);
// The metrics read one currency's rows up to a day, in time order.
mrrDeltaSchema.index({ currency: 1, at: 1 });

const movementSums = Object.fromEntries(
  [
    'newCents',
    'expansionCents',
    'reactivationCents',
    'contractionCents',
    'churnCents',
    'pausedCents',
    'resumedCents',
  ].map((key) => [key, { type: Number, default: 0 }]),
);
const mrrDaySchema = new Schema<MrrDay>(
  {
    _id: { type: String, required: true },
    currency: { type: String, required: true },
    day: { type: String, required: true },
    netCents: { type: Number, default: 0 },
    payingDelta: { type: Number, default: 0 },
    movements: movementSums,
    churns: { type: Schema.Types.Mixed, default: [] },
    rows: { type: [String], default: [] },
  },
  { collection: 'billing_mrr_days', versionKey: false },
);
// The metrics read one currency's days in a range.
mrrDaySchema.index({ currency: 1, day: 1 });

const cashDaySchema = new Schema<CashDay>(
  {
    _id: { type: String, required: true },
    currency: { type: String, required: true },
    day: { type: String, required: true },
    chargesCents: { type: Number, default: 0 },
    refundsCents: { type: Number, default: 0 },
    coachingCents: { type: Number, default: 0 },
    rows: { type: [String], default: [] },
  },
  { collection: 'billing_cash_days', versionKey: false },
);
// The metrics read one currency's days in a range.
cashDaySchema.index({ currency: 1, day: 1 });

const cashEntrySchema = new Schema<CashEntry>(
  {
    _id: { type: String, required: true },
    parts: { type: Schema.Types.Mixed, default: [] },
    v: { type: Number, default: 0 },
    pending: { type: Schema.Types.Mixed, default: [] },
    syncedTo: { type: Date, default: null },
  },
  { collection: 'billing_cash_entries', versionKey: false },
);

export function mrrModels(mongo: Connection): MrrModels {
  return {
    MrrSubscription: registerModel(mongo, 'MrrSubscription', mrrSubscriptionSchema),
    MrrMember: registerModel(mongo, 'MrrMember', mrrMemberSchema),
    MrrDelta: registerModel(mongo, 'MrrDelta', mrrDeltaSchema),
    MrrDay: registerModel(mongo, 'MrrDay', mrrDaySchema),
    CashDay: registerModel(mongo, 'CashDay', cashDaySchema),
    CashEntry: registerModel(mongo, 'CashEntry', cashEntrySchema),
  };
}

export async function ensureMrrIndexes(models: MrrModels): Promise<void> {
  await Promise.all(Object.values(models).map((m: Model<unknown>) => m.init()));
}
