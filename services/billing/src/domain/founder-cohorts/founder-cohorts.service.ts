import { type AdminChurnRisk, type AdminMetricsCohorts, CHURN_RISK_DAYS, ENGAGEMENT_WEEKS } from '@fm/contracts';
import { freeToPremium, isoWeekLabel, isoWeekStart, trialConversion, type Trial } from '../../metrics/conversion';
import { DAY_MS, isoDay } from '../../metrics/period-figures';
import type { BillingModels, BillingSubscription } from '../billing.models';
import { pickCurrentRecord } from '../subscription-state';
import type { EngagementClients } from './engagement.clients';

/** A member's MRR now, as billing's MRR ledger holds it. */
export interface MemberMrr {
  mrrCents: number;
  currency: string;
}

export interface FounderCohortsDeps {
  models: BillingModels;
  clients: EngagementClients;
  /** The MRR ledger's figure of each member asked about (absent: none recorded). */
  memberMrr(memberIds: readonly string[]): Promise<Map<string, MemberMrr>>;
  /** The trials that ended in [since, now], each with whether its first invoice after the end was paid. */
  trials?(since: Date, now: Date): Promise<Trial[]>;
  /** The currency of a member the ledger has no figure for. */
  currency: string;
  now: () => Date;
}

/** A member is Premium while a subscription of theirs is in one of these (past_due keeps access while Stripe retries). */
const PREMIUM_STATUSES = ['active', 'trialing', 'past_due'];
const WEEK_MS = 7 * DAY_MS;

/**
 * The founder's cohorts and churn-risk list (GET /api/admin/metrics/cohorts and /churn-risk;
 * docs/METRICS.md "Conversion" and "Engagement"). Sign-ups, addresses and names come from auth
 * and practice days from practice, over their internal routes (billing reads neither's
 * collections); first payments and Premium subscriptions are billing's own records.
 */
export class FounderCohorts {
  constructor(private readonly deps: FounderCohortsDeps) {}

  /** The cohorts of the last `weeks` ISO weeks (this one included) that have a sign-up. */
  async cohorts(weeks: number): Promise<AdminMetricsCohorts> {
    const now = this.deps.now();
    const since = new Date(isoWeekStart(now.getTime()) - (weeks - 1) * WEEK_MS);
    const signUps = await this.deps.clients.signUpsSince(since);
    const firstPaid = await this.firstPaidInvoices(signUps.map((s) => s.memberId));
    const conversion = freeToPremium(
      signUps.map((s) => ({ ...s, firstPaidInvoiceAt: firstPaid.get(s.memberId)?.toISOString() ?? null })),
      now.toISOString(),
    );
    // The cohort's Premium members: those whose first Premium invoice was paid by now.
    const premium = new Map<string, string[]>(conversion.map((week) => [week.weekStart, []]));
    for (const { memberId, signedUpAt } of signUps) {
      const paid = firstPaid.get(memberId);
      if (!paid || paid > now) continue;
      premium.get(isoDay(isoWeekStart(Date.parse(signedUpAt))))?.push(memberId);
    }
    const [practised, trials] = await Promise.all([
      this.deps.clients.cohortPractice(premium),
      this.deps.trials?.(since, now) ?? [],
    ]);
    const trialsEnded = trialConversion(trials, { from: isoDay(since.getTime()), to: isoDay(now.getTime()) });
    return {
      asOf: isoDay(now.getTime()),
      freeToPremium: conversion,
      // The trials that ended in the weeks shown (null while none did).
      trialConversion: trialsEnded.ended === 0 ? null : trialsEnded,
      engagement: conversion.map(({ weekStart }) => {
        const monday = Date.parse(`${weekStart}T00:00:00Z`);
        const members = premium.get(weekStart)!.length;
        const counts = practised.get(weekStart)!;
        return {
          week: isoWeekLabel(monday),
          weekStart,
          premiumMembers: members,
          practised: Array.from({ length: ENGAGEMENT_WEEKS }, (_, k) => {
            const ended = monday + (k + 1) * WEEK_MS <= now.getTime();
            return { k, share: ended && members > 0 ? counts[k]! / members : null };
          }),
        };
      }),
    };
  }

  /** Premium members with no practice in the last CHURN_RISK_DAYS days (today included), soonest renewal first. */
  async churnRisk(): Promise<AdminChurnRisk> {
    const now = this.deps.now();
    const today = isoDay(now.getTime());
    const firstQuietDay = isoDay(Date.parse(`${today}T00:00:00Z`) - (CHURN_RISK_DAYS - 1) * DAY_MS);
    const subscriptions = await this.premiumSubscriptions();
    const memberIds = [...subscriptions.keys()];
    if (memberIds.length === 0) return { asOf: today, members: [] };
    const lastPractice = await this.deps.clients.lastPractice(memberIds);
    const atRisk = memberIds.filter((id) => {
      const last = lastPractice.get(id) ?? null;
      return last === null || last < firstQuietDay;
    });
    if (atRisk.length === 0) return { asOf: today, members: [] };
    const [profiles, mrr] = await Promise.all([this.deps.clients.profiles(atRisk), this.deps.memberMrr(atRisk)]);
    const profileOf = new Map(profiles.map((p) => [p.memberId, p]));
    const members = atRisk.map((memberId) => {
      const profile = profileOf.get(memberId);
      const renewal = subscriptions.get(memberId)!.currentPeriodEnd;
      return {
        memberId,
        email: profile?.email ?? '',
        name: [profile?.firstName, profile?.lastName].filter(Boolean).join(' '),
        lastPracticeDay: lastPractice.get(memberId) ?? null,
        renewalDate: renewal ? isoDay(renewal.getTime()) : null,
        mrrCents: mrr.get(memberId)?.mrrCents ?? 0,
        currency: mrr.get(memberId)?.currency ?? this.deps.currency.toLowerCase(),
      };
    });
    // Soonest renewal first; none last; then by member id, so the order is stable.
    members.sort(
      (a, b) =>
        (a.renewalDate ?? '9999').localeCompare(b.renewalDate ?? '9999') || a.memberId.localeCompare(b.memberId),
    );
    return { asOf: today, members };
  }

  /** Each member's first paid Premium invoice (billing's subscription_payments; an invoice of 0 is no payment). */
  private async firstPaidInvoices(memberIds: readonly string[]): Promise<Map<string, Date>> {
    const first = new Map<string, Date>();
    if (memberIds.length === 0) return first;
    // The store has no $min (FerretDB v1): the payments, oldest first, the first of each member kept.
    const payments = await this.deps.models.SubscriptionPayment.find(
      { userId: { $in: [...new Set(memberIds)] }, amountPaidCents: { $gt: 0 } },
      { userId: 1, paidAt: 1, _id: 0 },
    )
      .sort({ userId: 1, paidAt: 1 })
      .lean<Array<{ userId: string; paidAt: Date }>>();
    for (const { userId, paidAt } of payments) if (!first.has(userId)) first.set(userId, paidAt);
    return first;
  }

  /** Each Premium member's current subscription (access-giving first, then the newest). */
  private async premiumSubscriptions(): Promise<Map<string, BillingSubscription>> {
    const records = await this.deps.models.BillingSubscription.find({
      status: { $in: PREMIUM_STATUSES },
      userId: { $ne: null },
    }).lean<BillingSubscription[]>();
    const byMember = new Map<string, BillingSubscription[]>();
    for (const record of records) {
      const list = byMember.get(record.userId!) ?? [];
      list.push(record);
      byMember.set(record.userId!, list);
    }
    return new Map([...byMember].map(([memberId, list]) => [memberId, pickCurrentRecord(list)!]));
  }
}
