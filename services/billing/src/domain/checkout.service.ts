import type {
  BillingPortal,
  BillingSync,
  CoachingPayment,
  PremiumPlan,
  Subscription,
  SubscriptionCheckout,
} from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import type { CurrentUser } from '@fm/shared/auth';
import type { QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { BillingConfig } from '../config';
import type { Stripe } from '../stripe/stripe-client';
import type { BillingModels } from './billing.models';
import { CheckoutPlans } from './checkout-plans';
import { CoachingCheckout } from './coaching-checkout';
import type { Customers } from './customers';
import { MemberSubscription } from './member-subscription';
import { PaymentReturn } from './payment-return';
import { PremiumCheckout } from './premium-checkout';
import type { PremiumPrice } from './premium-price';
import type { SubscriptionLedger } from './subscription-ledger';
import { TrialCancel } from './trial-cancel';
import { TrialOffer } from './trial-offer';
import { TrialStart } from './trial-start';

export { syncSourceId } from './subscription-ledger';
export { SYNC_WAIT_MS } from './payment-return';

export interface CheckoutDeps {
  config: BillingConfig;
  stripe: Stripe;
  models: BillingModels;
  customers: Customers;
  /** The one writer of subscription state (what GET /api/billing/subscription answers from). */
  ledger: SubscriptionLedger;
  /** The Premium prices at Stripe, one per plan. */
  price: PremiumPrice;
  /** Completions of membership-events jobs: the sync waits on its own job with these. */
  membershipEvents: QueueEvents;
  redis: Redis;
  /** The free trials (the ledger's too: it holds a trial whose card is not saved); one is made when not given. */
  trials?: TrialOffer;
}

/**
 * What a logged-in member does with billing: start Premium (premium-checkout), pay for coaching
 * (coaching-checkout), confirm a payment on return (payment-return), see, cancel or resume the
 * subscription and open Stripe's portal (member-subscription).
 */
export class CheckoutService {
  private readonly premium: PremiumCheckout;
  private readonly coaching: CoachingCheckout;
  private readonly paymentReturn: PaymentReturn;
  private readonly member: MemberSubscription;
  /** Ending a free trial at once (the account page's cancel during a trial, the mail's link). */
  readonly trialCancel: TrialCancel;
  /** The free trials our checkout started (once per person). */
  readonly trials: TrialOffer;
  /** A trial starts when its card is saved (webhook or the page's return, checked with Stripe). */
  readonly trialStart: TrialStart;

  constructor(private readonly deps: CheckoutDeps) {
    // The plan each checkout asked for (which subscription to reuse; the plan the account page names).
    const plans = new CheckoutPlans(deps.models.BillingSubscription.db);
    this.trials = deps.trials ?? new TrialOffer(deps.models);
    this.trialStart = new TrialStart({ ...deps, trials: this.trials });
    this.premium = new PremiumCheckout({ ...deps, plans, trials: this.trials, trialStart: this.trialStart });
    this.trialCancel = new TrialCancel(deps);
    this.coaching = new CoachingCheckout(deps);
    this.paymentReturn = new PaymentReturn({ ...deps, trials: this.trials, trialStart: this.trialStart });
    this.member = new MemberSubscription({ ...deps, plans });
  }

  /** `trial`: start with the free trial when this person may (else the paid checkout, `noTrialReason` says why). */
  createSubscription(user: CurrentUser, plan: PremiumPlan, log: Logger, trial = false): Promise<SubscriptionCheckout> {
    return this.premium.createSubscription(user, plan, log, trial);
  }

  createCoachingPayment(user: CurrentUser, log: Logger): Promise<CoachingPayment> {
    return this.coaching.createCoachingPayment(user, log);
  }

  sync(user: CurrentUser, log: Logger): Promise<BillingSync> {
    return this.paymentReturn.sync(user, log);
  }

  subscription(user: CurrentUser): Promise<Subscription> {
    return this.member.subscription(user);
  }

  /**
   * Cancels at the end of the paid period: access stays until then (the marketing promise). In the
   * free trial our checkout started there is no paid period: the subscription ends now and nothing
   * is ever charged. (The founder's complimentary days are a trial at Stripe too: those keep the
   * usual cancel at the period's end.)
   */
  async cancel(user: CurrentUser, log: Logger): Promise<Subscription> {
    const current = await this.deps.ledger.current(user.id);
    const inTrial = current?.status === 'trialing' && (await this.trials.ofSubscription(current._id)) !== null;
    if (!current || !inTrial) return this.member.cancel(user, log);
    await this.trialCancel.cancelNow(current, user.id, log);
    return this.member.subscription(user);
  }

  resume(user: CurrentUser, log: Logger): Promise<Subscription> {
    return this.member.resume(user, log);
  }

  portal(user: CurrentUser, log: Logger): Promise<BillingPortal> {
    return this.member.portal(user, log);
  }
}
