import { metrics, type Logger } from '@fm/shared/service';
import { insertOnce, type ApplyIfNewer } from '@fm/shared/store';
import type { Redis } from 'ioredis';
import { spellsAfter, type Spell } from '../metrics/day-totals';
import { applySnapshot, type MemberMrrState } from '../metrics/member-ledger';
import type { Bucket } from '../metrics/movements';
import { MetricsInputError, type SubscriptionInput, type SubscriptionMrr } from '../metrics/subscription-mrr';
import type { Stripe } from '../stripe/stripe-client';
import { MrrDays } from './mrr-days';
import { ledgerLock } from './ledger-lock';
import type { MrrDelta, MrrMember, MrrModels, MrrProblem, MrrSubscription } from './mrr-ledger.models';
import { valueSubscription } from './subscription-valuation';

/** What a source saw of one subscription of a member: the Stripe object, by Stripe's clock. */
export interface MrrObservation {
  memberId: string;
  /** The subscription as Stripe sent it (a deletion's status set to `canceled`). */
  sub: SubscriptionInput & { id: string };
  /** applyIfNewer's order (recordStamp: Stripe's `created` × 1000 + the lifecycle rank). */
  stamp: number;
  /** When Stripe says it happened. */
  at: Date;
  /** The Stripe event id (the rows name it). */
  source: string;
}

/** What observing came to: valued and applied, older than the applied valuation, or not valued (a MetricsInputError). */
export type MrrOutcome = 'applied' | 'stale' | 'unvalued';

/** A difference the reconciliation found between the ledger and Stripe, and the rows that repaired it. */
export interface MrrRepair {
  memberId: string;
  currency: string;
  ledgerCents: number;
  stripeCents: number;
  rows: Array<{ bucket: Bucket; deltaCents: number }>;
}

const unvalued = () =>
  metrics.counter({
    name: 'fm_billing_mrr_unvalued_total',
    help: 'Stripe subscriptions the MRR ledger could not value (MetricsInputError), by code',
    labelNames: ['code'],
  });

/**
 * The member's snapshot from their subscriptions' valuations (billing keeps one Premium
 * subscription per member, but an old one may still end while a new one runs): the MRR of those
 * with MRR, in their currency (the largest when there are several; the others are left out);
 * without any, 0 in the currency the member had (paused when one of them is paused).
 */
export function memberSnapshot(
  subs: ReadonlyArray<Pick<MrrSubscription, 'currency' | 'mrrCents' | 'scheduledChurn' | 'paused' | 'stamp'>>,
  previous: MemberMrrState | null,
): SubscriptionMrr | null {
  if (subs.length === 0) return null;
  const paying = subs.filter((sub) => sub.mrrCents > 0);
  if (paying.length > 0) {
    const totals = new Map<string, number>();
    for (const sub of paying) totals.set(sub.currency, (totals.get(sub.currency) ?? 0) + sub.mrrCents);
    const [currency] = [...totals].sort(
      ([a, x], [b, y]) => y - x || Number(b === previous?.currency) - Number(a === previous?.currency),
    )[0]!;
    const inCurrency = paying.filter((sub) => sub.currency === currency);
    return {
      currency,
      mrrCents: totals.get(currency)!,
      scheduledChurn: inCurrency.every((sub) => sub.scheduledChurn),
      paused: false,
    };
  }
  const newest = [...subs].sort((a, b) => (b.stamp ?? 0) - (a.stamp ?? 0))[0]!;
  const currency =
    previous && subs.some((sub) => sub.currency === previous.currency) ? previous.currency : newest.currency;
  return { currency, mrrCents: 0, scheduledChurn: false, paused: subs.some((sub) => sub.paused) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Stripe's trial times (seconds) of a subscription object, as Dates (null: no trial). */
function trialOf(sub: object): { trialStart: Date | null; trialEnd: Date | null } {
  const { trial_start: start, trial_end: end } = sub as { trial_start?: number | null; trial_end?: number | null };
  return {
    trialStart: typeof start === 'number' ? new Date(start * 1000) : null,
    trialEnd: typeof end === 'number' ? new Date(end * 1000) : null,
  };
}

/**
 * The MRR ledger (issue 46, docs/METRICS.md "The ledger"), the one writer of its collections
 * (mrr-ledger.models.ts). Each observation of a subscription is valued (subscriptionMrr, the
 * discounts expanded where needed) and kept per subscription when it is not older than the
 * kept one (the kit's applyIfNewer, in Stripe's order, as billing_subscriptions); then the
 * member's step, one at a time per member (a Redis lock): their snapshot from their
 * subscriptions → applySnapshot → the new state and the `mrr_delta` rows, the state and the rows
 * written in one update of the member, then each row inserted once (`<memberId>:<seq>`). A
 * replay or an older event changes no valuation, so it writes no row; a step that died half-way
 * is finished by the member's next one. A subscription that cannot be valued (MetricsInputError)
 * is logged, counted (fm_billing_mrr_unvalued_total) and kept on the member (`problem`), and
 * never fails the caller.
 */
export class MrrLedger {
  private readonly locked: ReturnType<typeof ledgerLock>;
  private readonly days: MrrDays;

  constructor(
    private readonly deps: {
      models: MrrModels;
      stripe: Stripe;
      redis: Redis;
      redisPrefix: string;
      applyIfNewer: ApplyIfNewer;
    },
  ) {
    this.days = new MrrDays(deps);
    this.locked = ledgerLock(deps);
  }

  /** A subscription event: valued, kept if newest, then the member's step. */
  async observe(observation: MrrObservation, log: Logger): Promise<MrrOutcome> {
    const { memberId, sub, source } = observation;
    const context = { memberId, subscriptionId: sub.id, source };
    const valued = await this.value(observation, log);
    if (!valued) return 'unvalued';
    const applied = await this.deps.applyIfNewer(this.deps.models.MrrSubscription, sub.id, observation.stamp, {
      memberId,
      ...valued,
      ...trialOf(sub),
      source,
      at: observation.at,
    });
    if (!applied) {
      log.info(context, 'mrr: older than the applied valuation of the subscription');
      return 'stale';
    }
    await this.step(memberId, observation.at, source, log, { clears: sub.id });
    return 'applied';
  }

  /**
   * The reconciliation: what Stripe holds now (the member's subscriptions at their customer)
   * overwrites the valuations, stamped no older than what is kept (Stripe's present wins over any
   * event before it); the member's step then writes the rows that bring the ledger to it. The
   * difference, if any, is returned.
   */
  async reconcile(memberId: string, live: Stripe.Subscription[], log: Logger): Promise<MrrRepair | undefined> {
    const { MrrSubscription, MrrMember } = this.deps.models;
    if (live.length === 0) return undefined;
    const now = new Date();
    const source = `reconcile-${now.toISOString().slice(0, 10)}`;
    const before = (await MrrMember.findById(memberId, { state: 1 }).lean())?.state ?? null;
    for (const sub of live) {
      const observation = { memberId, sub: sub as unknown as MrrObservation['sub'], stamp: 0, at: now, source };
      const valued = await this.value(observation, log);
      if (!valued) continue;
      const kept = await MrrSubscription.findById(sub.id, { stamp: 1 }).lean();
      const stamp = Math.max(Math.floor(now.getTime() / 1000) * 1000, kept?.stamp ?? 0);
      await this.deps.applyIfNewer(MrrSubscription, sub.id, stamp, {
        memberId,
        ...valued,
        ...trialOf(sub),
        source,
        at: now,
      });
    }
    const rows = await this.step(memberId, now, source, log, {});
    if (rows.length === 0) return undefined;
    const after = rows.at(-1)!;
    const repair: MrrRepair = {
      memberId,
      currency: after.currency,
      ledgerCents: before && before.currency === after.currency ? before.mrrCents : 0,
      stripeCents: after.mrrAfterCents,
      rows: rows.map(({ bucket, deltaCents }) => ({ bucket, deltaCents })),
    };
    log.warn(repair, 'mrr: the ledger differed from Stripe; repaired');
    return repair;
  }

  /** The subscription's valuation, or undefined when it cannot be valued (logged, counted, kept on the member). */
  private async value(observation: MrrObservation, log: Logger): Promise<SubscriptionMrr | undefined> {
    try {
      return await valueSubscription(this.deps.stripe, observation.sub, log);
    } catch (err) {
      if (!(err instanceof MetricsInputError)) throw err;
      const problem: MrrProblem = {
        code: err.code,
        message: err.message,
        subscriptionId: observation.sub.id,
        source: observation.source,
        at: observation.at,
      };
      unvalued().inc({ code: err.code });
      log.error({ memberId: observation.memberId, ...problem }, 'mrr: subscription not valued; the ledger misses it');
      await this.step(observation.memberId, observation.at, observation.source, log, { problem });
      return undefined;
    }
  }

  /** The member's step (see the class), under their lock; the rows it wrote. */
  private step(
    memberId: string,
    when: Date,
    source: string,
    log: Logger,
    change: { problem?: MrrProblem; clears?: string },
  ): Promise<MrrDelta[]> {
    return this.locked(memberId, "this member's MRR is being changed elsewhere; try again", () =>
      this.stepLocked(memberId, when, source, log, change),
    );
  }

  private async stepLocked(
    memberId: string,
    when: Date,
    source: string,
    log: Logger,
    change: { problem?: MrrProblem; clears?: string },
  ): Promise<MrrDelta[]> {
    const { MrrMember, MrrSubscription } = this.deps.models;
    const doc = await MrrMember.findById(memberId).lean<MrrMember>();
    if (doc && doc.seq > 0 && doc.spells == null) doc.spells = await this.backfill(doc);
    if (doc?.pending.length) await this.flush(doc.pending);
    const subs = await MrrSubscription.find(
      { memberId },
      { currency: 1, mrrCents: 1, scheduledChurn: 1, paused: 1, stamp: 1 },
    ).lean();
    const previous = doc?.state ?? null;
    const snapshot = memberSnapshot(subs, previous);
    const at = doc?.lastAt && doc.lastAt > when ? doc.lastAt : when;
    const next = snapshot ? applySnapshot(memberId, at.toISOString(), previous, snapshot) : null;
    const seq = doc?.seq ?? 0;
    // The member's paying spells after the rows; each churn row keeps the spell it closed (day totals).
    const spells = spellsAfter(doc?.spells ?? {}, next?.rows ?? []);
    const rows: MrrDelta[] = (next?.rows ?? []).map((row, i) => ({
      ...row,
      _id: `${memberId}:${seq + i + 1}`,
      seq: seq + i + 1,
      at,
      source,
      ...(spells.churns.has(i) ? { spell: spells.churns.get(i)! } : {}),
    }));
    const state = next?.state ?? previous;
    let problem = doc?.problem ?? null;
    if (change.problem) problem = change.problem;
    else if (change.clears && problem?.subscriptionId === change.clears) problem = null;

    if (rows.length === 0 && same(previous, state) && same(doc?.problem, problem)) return [];
    await MrrMember.updateOne(
      { _id: memberId },
      {
        $set: {
          state,
          seq: seq + rows.length,
          lastAt: rows.length ? at : (doc?.lastAt ?? null),
          pending: rows.map(({ _id, ...row }) => row),
          problem,
          spells: rows.length ? spells.spells : (doc?.spells ?? {}),
          // A plain top-level field, so the metrics find these members without scanning every state.
          scheduledChurnCurrency: state?.scheduledChurn ? state.currency : null,
        },
      },
      { upsert: true },
    );
    if (rows.length) {
      await this.flush(rows);
      await MrrMember.updateOne({ _id: memberId, seq: seq + rows.length }, { $set: { pending: [] } });
      log.info({ memberId, source, rows: rows.map(({ bucket, deltaCents }) => ({ bucket, deltaCents })) }, 'mrr: rows');
    }
    return rows;
  }

  /**
   * A member whose rows were written before the day totals (no `spells` on their record): their
   * rows, in sequence, added to their days (each once, as any row) with the spell each churn
   * closed, and their spells and scheduled churn field written; the step then goes on as usual.
   */
  private async backfill(doc: MrrMember): Promise<Record<string, Spell>> {
    const { MrrDelta, MrrMember } = this.deps.models;
    const stored = (await MrrDelta.find({ memberId: doc._id }).lean()).sort((a, b) => a.seq - b.seq);
    const { spells, churns } = spellsAfter(
      {},
      stored.map((row) => ({ ...row, at: row.at.toISOString() })),
    );
    for (const [i, { _id, ...row }] of stored.entries()) await this.days.add({ ...row, spell: churns.get(i) ?? null });
    const scheduledChurnCurrency = doc.state?.scheduledChurn ? doc.state.currency : null;
    await MrrMember.updateOne({ _id: doc._id }, { $set: { spells, scheduledChurnCurrency } });
    return spells;
  }

  /**
   * Each row into billing_mrr_deltas and its day's totals (billing_mrr_days), each once (a row
   * already there was written by an earlier try; the day knows the rows it holds).
   */
  private async flush(rows: ReadonlyArray<Omit<MrrDelta, '_id'>>): Promise<void> {
    for (const row of rows) {
      await insertOnce(() => this.deps.models.MrrDelta.create({ _id: `${row.memberId}:${row.seq}`, ...row }));
      await this.days.add(row);
    }
  }
}
