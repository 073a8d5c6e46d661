import type { PlanChange, PlanChangeInput, PremiumPlan } from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import { ConflictError, ValidationError } from '@fm/shared/http';
import type { Logger } from '@fm/shared/service';
import type { BillingConfig } from '../config';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingSubscription } from './billing.models';
import type { CheckoutPlans, PlanState } from './checkout-plans';
import { planPrice, type PremiumPrice } from './premium-price';
import type { SubscriptionLedger } from './subscription-ledger';
import { currentPeriodEndOf, idOf } from './subscription-state';

/** A preview's proration date is taken back for this long (then the member sees a new amount). */
export const PRORATION_VALID_SECONDS = 3600;

const messages = {
  noSubscription: 'You have no active subscription to change.',
  samePlan: (plan: PremiumPlan) => `You are already on the ${plan} plan.`,
  ending: 'Your subscription is set to end. Resume it before changing your plan.',
  alreadyScheduled: (plan: PremiumPlan) => `Your switch to the ${plan} plan is already scheduled.`,
  staleProration: 'This amount was worked out too long ago. Please look at the new amount and confirm again.',
  declined:
    'The annual payment did not go through, so you stay on the monthly plan. Update your card (Manage billing) and try again.',
} as const;

/** The member's subscription as a switch reads it: billing's record, Stripe's object, its one item, its plan. */
interface Situation {
  record: BillingSubscription;
  sub: Stripe.Subscription;
  item: Stripe.SubscriptionItem;
  state: PlanState;
  periodEnd: Date;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Switching plans from the account page (issue 47 §1). Monthly → annual happens at once: the item
 * moves to the yearly price with `proration_behavior: always_invoice` (the year, less the unused part
 * of the paid month, is invoiced and charged now: the interval changes, so the billing period
 * restarts today and the member must pay for it now, not at a renewal a year away;
 * `payment_behavior: error_if_incomplete` keeps them monthly when the card refuses). The preview is
 * Stripe's invoice preview of exactly that update, at the same `proration_date`, so the amount shown
 * is the amount charged. Annual → monthly waits for the end of the paid year: a subscription
 * schedule (the paid year as phase 1, the monthly price after it, then released), so Stripe itself
 * makes the switch at renewal and charges the monthly price then. Asking for the current plan while
 * a switch waits undoes it (the schedule is released).
 */
export class PlanChanges {
  constructor(
    private readonly deps: {
      config: BillingConfig;
      stripe: Stripe;
      ledger: SubscriptionLedger;
      plans: CheckoutPlans;
      price: PremiumPrice;
    },
  ) {}

  async preview(user: CurrentUser, plan: PremiumPlan, log: Logger): Promise<PlanChange> {
    const situation = await this.situation(user, plan, log);
    if (situation.state.plan === plan) return this.view(plan, 'cancelled', situation.periodEnd, 0, null);
    if (plan === 'monthly') return this.view(plan, 'period-end', situation.periodEnd, 0, null);
    const prorationDate = seconds(new Date());
    const invoice = await callStripe(log, 'invoices.createPreview', async () =>
      this.deps.stripe.invoices.createPreview({
        customer: situation.record.customerId,
        subscription: situation.sub.id,
        subscription_details: {
          items: [{ id: situation.item.id, price: await this.deps.price.get(log, 'annual') }],
          proration_behavior: 'always_invoice',
          proration_date: prorationDate,
        },
      }),
    );
    return this.view(plan, 'now', new Date(prorationDate * 1000), invoice.amount_due, prorationDate);
  }

  async change(user: CurrentUser, input: PlanChangeInput, log: Logger): Promise<PlanChange> {
    const { plan } = input;
    const prorationDate = this.prorationDate(input.prorationDate);
    const situation = await this.situation(user, plan, log);
    const { sub, record } = situation;
    if (situation.state.plan === plan) {
      const scheduleId = idOf(sub.schedule);
      if (scheduleId) {
        await callStripe(log, 'subscriptionSchedules.release', () =>
          this.deps.stripe.subscriptionSchedules.release(scheduleId),
        );
      }
      await this.deps.plans.schedule(sub.id, user.id, situation.state.plan, null);
      log.info({ userId: user.id, subscriptionId: sub.id, plan }, 'scheduled plan switch undone');
      return this.view(plan, 'cancelled', situation.periodEnd, 0, null);
    }
    if (plan === 'monthly') return this.scheduleMonthly(user, situation, log);

    const annualPrice = await this.deps.price.get(log, 'annual');
    const updated = await callStripe(
      log,
      'subscriptions.update',
      () =>
        this.deps.stripe.subscriptions.update(
          sub.id,
          {
            items: [{ id: situation.item.id, price: annualPrice }],
            proration_behavior: 'always_invoice',
            proration_date: prorationDate,
            payment_behavior: 'error_if_incomplete',
            expand: ['latest_invoice'],
          },
          { idempotencyKey: `fm-plan-annual-${sub.id}-${prorationDate}` },
        ),
      messages.declined,
    );
    await this.deps.plans.switched(record._id, user.id, 'annual');
    // The new period (a year from today) at once; a switch never touches the cancel flag (refused when set).
    await this.deps.ledger.periodEndChanged(record._id, { ...updated, cancel_at_period_end: record.cancelAtPeriodEnd });
    const invoice = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
    log.info({ userId: user.id, subscriptionId: sub.id }, 'plan switched to annual');
    return this.view('annual', 'now', new Date(prorationDate * 1000), invoice?.amount_paid ?? 0, prorationDate);
  }

  /** Annual → monthly at the end of the paid year: the subscription's schedule, made or reused. */
  private async scheduleMonthly(user: CurrentUser, situation: Situation, log: Logger): Promise<PlanChange> {
    const { stripe } = this.deps;
    const { sub, item, periodEnd } = situation;
    const end = seconds(periodEnd);
    const existing = idOf(sub.schedule);
    const schedule = existing
      ? await callStripe(log, 'subscriptionSchedules.retrieve', () => stripe.subscriptionSchedules.retrieve(existing))
      : await callStripe(log, 'subscriptionSchedules.create', () =>
          stripe.subscriptionSchedules.create(
            { from_subscription: sub.id },
            { idempotencyKey: `fm-plan-monthly-${sub.id}-${end}` },
          ),
        );
    const quantity = item.quantity ?? 1;
    const monthlyPrice = await this.deps.price.get(log, 'monthly');
    const start = schedule.phases[0]?.start_date ?? item.current_period_start;
    await callStripe(log, 'subscriptionSchedules.update', () =>
      stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          { items: [{ price: item.price.id, quantity }], start_date: start, end_date: end },
          {
            items: [{ price: monthlyPrice, quantity }],
            proration_behavior: 'none',
            duration: { interval: 'month', interval_count: 1 },
          },
        ],
      }),
    );
    await this.deps.plans.schedule(sub.id, user.id, situation.state.plan, { plan: 'monthly', effectiveAt: periodEnd });
    log.info({ userId: user.id, subscriptionId: sub.id, scheduleId: schedule.id }, 'switch to monthly scheduled');
    return this.view('monthly', 'period-end', periodEnd, 0, null);
  }

  /**
   * The member's active subscription and where it stands: 409 without one, when it is set to end,
   * when it is on `plan` already (nothing waiting to undo), or a switch to `plan` already waits.
   */
  private async situation(user: CurrentUser, plan: PremiumPlan, log: Logger): Promise<Situation> {
    const record = await this.deps.ledger.current(user.id);
    if (!record || record.status !== 'active') throw new ConflictError(messages.noSubscription);
    if (record.cancelAtPeriodEnd) throw new ConflictError(messages.ending);
    const state = await this.deps.plans.stateOf(record._id);
    if (state.plan === plan && !state.scheduled) throw new ConflictError(messages.samePlan(plan));
    if (state.scheduled?.plan === plan) throw new ConflictError(messages.alreadyScheduled(plan));
    const sub = await callStripe(log, 'subscriptions.retrieve', () =>
      this.deps.stripe.subscriptions.retrieve(record._id),
    );
    const item = sub.items.data[0];
    const periodEnd = currentPeriodEndOf(sub) ?? record.currentPeriodEnd;
    if (!item || !periodEnd || !['active'].includes(sub.status)) throw new ConflictError(messages.noSubscription);
    return { record, sub, item, state, periodEnd };
  }

  /** The preview's proration date when fresh (≤ PRORATION_VALID_SECONDS old, not ahead), else now; a stale one is a 400. */
  private prorationDate(given: number | undefined): number {
    const now = seconds(new Date());
    if (given === undefined) return now;
    if (given > now + 60 || now - given > PRORATION_VALID_SECONDS) {
      throw new ValidationError(messages.staleProration, { prorationDate: 'too old or in the future' });
    }
    return given;
  }

  private view(
    plan: PremiumPlan,
    effective: PlanChange['effective'],
    at: Date,
    amountDueCents: number,
    prorationDate: number | null,
  ): PlanChange {
    return {
      plan,
      effective,
      effectiveAt: at.toISOString(),
      amountDueCents,
      nextAmountCents: planPrice(this.deps.config, plan).cents,
      currency: this.deps.config.CURRENCY,
      prorationDate,
    };
  }
}
