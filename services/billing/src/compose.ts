import { startable, type ServiceDeps } from '@fm/shared/service';
import { AuditLog, createApp, RateLimiter } from '@fm/shared/http';
import { createApplyIfNewer, createInbox } from '@fm/shared/store';
import type { BillingConfig } from './config';
import { AccountDeletionService } from './domain/account-deletion.service';
import { billingModels, ensureBillingIndexes } from './domain/billing.models';
import { BookingAdmin } from './domain/booking-admin.service';
import { BillingConsole } from './domain/billing-console.service';
import { BillingHistory } from './domain/billing-history.service';
import { CoachingAvailabilityStore } from './domain/coaching/availability';
import { CoachingHolds } from './domain/coaching/holds';
import { CoachingSlotFinder } from './domain/coaching/slots';
import { CoachingCheckout } from './domain/coaching-checkout';
import { CheckoutPlans } from './domain/checkout-plans';
import { CheckoutService } from './domain/checkout.service';
import { Customers } from './domain/customers';
import { EngagementClients } from './domain/founder-cohorts/engagement.clients';
import { FounderCohorts } from './domain/founder-cohorts/founder-cohorts.service';
import { memberMrrFromLedger, trialsFromLedger } from './domain/founder-cohorts/ledger-mrr';
import { GuaranteeService } from './domain/guarantee.service';
import { MetricsReport } from './domain/metrics-report.service';
import { MrrLedger } from './domain/mrr-ledger';
import { PlanChanges } from './domain/plan-change';
import { ensureMrrIndexes, mrrModels } from './domain/mrr-ledger.models';
import { PremiumPrice } from './domain/premium-price';
import { PremiumRefunds } from './domain/premium-refunds';
import { ReconciliationService } from './domain/reconciliation.service';
import { INBOX_COLLECTION, StripeWebhookService } from './domain/stripe-webhook.service';
import { SubscriptionLedger } from './domain/subscription-ledger';
import { TrialOffer } from './domain/trial-offer';
import { startAccountEventsWorker } from './events/account-events.worker';
import { createBillingProducers, type BillingProducers } from './events/billing.producers';
import { createMembershipCompletions } from './events/membership-completions';
import { startReconcileScheduler } from './events/reconcile.scheduler';
import { adminRouter } from './routes/admin.routes';
import { billingRouter } from './routes/billing.routes';
import { coachingRouter } from './routes/coaching.routes';
import { internalRouter } from './routes/internal.routes';
import { metricsRouter } from './routes/metrics.routes';
import { metricsCohortsRouter } from './routes/metrics-cohorts.routes';
import { WEBHOOK_PATH, webhookRouter } from './routes/webhook.routes';
import { trialRouter } from './routes/trial.routes';
import { createStripeClient, type Stripe } from './stripe/stripe-client';

/** What tests substitute: producers on a dead Redis, a Stripe client that cannot connect or is refused. */
export interface BillingOverrides {
  producers?: BillingProducers;
  stripe?: Stripe;
  /** The clock of the founder's cohorts and churn risk (tests set the day). */
  now?: () => Date;
}

/**
 * The billing service: checkout, the account routes, the Stripe webhook (exempt from the
 * Origin check: its signature is its check), the internal member export and the founder
 * console's bookings (scheduling mails the member through the notifications queue); in the
 * background, the producers, the listener for membership-job completions (the sync waits on
 * it) and the consumer of auth's account events (started by runService, or by a test).
 * Its collections' indexes exist before it answers.
 */
export async function compose(deps: ServiceDeps<BillingConfig>, overrides: BillingOverrides = {}) {
  const { config, mongo, redis, logger } = deps;
  const models = billingModels(mongo);
  await ensureBillingIndexes(models);
  const mrrStore = mrrModels(mongo);
  await ensureMrrIndexes(mrrStore);
  const queues = { redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX };
  const producers = overrides.producers ?? createBillingProducers(queues);
  const completions = createMembershipCompletions({ ...queues, logger });
  const stripe = overrides.stripe ?? createStripeClient(config);
  const customers = new Customers({ models, stripe, redis, redisPrefix: config.REDIS_PREFIX });
  // One per process: the one writer of subscription state and publisher of membership events.
  const applyIfNewer = createApplyIfNewer(deps);
  // The free trials: the ledger holds a trial checkout whose card is not saved (no Premium yet).
  const trials = new TrialOffer(models);
  const ledger = new SubscriptionLedger({ models, producers, applyIfNewer, trials });
  // The MRR ledger (the founder's numbers): written by subscription events and the reconciliation.
  const mrr = new MrrLedger({ models: mrrStore, stripe, redis, redisPrefix: config.REDIS_PREFIX, applyIfNewer });
  const refunds = new PremiumRefunds({ stripe, models, ledger, producers });
  const price = new PremiumPrice({ config, stripe });
  const audit = new AuditLog(mongo);
  const guarantee = new GuaranteeService({ config, stripe, models, ledger, producers, redis });
  const checkout = new CheckoutService({
    price,
    config,
    stripe,
    models,
    customers,
    ledger,
    membershipEvents: completions.events,
    redis,
    trials,
  });
  // Coaching self-booking (issue 48): the founder's availability and the free slots.
  const availability = new CoachingAvailabilityStore({
    mongo,
    models,
    sessionMinutes: config.COACHING_SESSION_MINUTES,
    audit,
  });
  const slots = new CoachingSlotFinder({ availability, models });
  const coachingPayments = new CoachingCheckout({ config, stripe, models, customers });
  const holds = new CoachingHolds({
    redis,
    redisPrefix: config.REDIS_PREFIX,
    availability,
    slots,
    models,
    limiter: new RateLimiter(redis, config.REDIS_PREFIX),
    pay: (user, log, slot) => coachingPayments.preparePayment(user, log, slot),
    cancelPayment: (paymentIntentId, log) => coachingPayments.cancelPayment(paymentIntentId, log),
    log: logger,
  });
  slots.withHolds(holds);
  const holdSweeper = startable(() => holds.startSweeper());
  // One inbox for every event billing handles once: Stripe's (evt_…) and auth's account events.
  const inbox = createInbox(mongo, { collection: INBOX_COLLECTION, leaseMs: config.STRIPE_EVENT_LEASE_SECONDS * 1000 });
  const webhooks = new StripeWebhookService({
    stripe,
    models,
    customers,
    producers,
    ledger,
    mrr,
    refunds,
    inbox,
    siteOrigin: config.SITE_ORIGIN,
    trial: { trials: checkout.trials, trialCancel: checkout.trialCancel, trialStart: checkout.trialStart },
    coaching: { holds, availability },
  });
  const deletions = new AccountDeletionService({ models, customers, stripe, ledger });
  const bookings = new BookingAdmin({ models, notifications: producers.notifications, audit });
  const plans = new CheckoutPlans(mongo);
  const billingConsole = new BillingConsole({ stripe, models, ledger, refunds, guarantee, price, audit, plans });
  const accountEvents = startable(() => startAccountEventsWorker(deletions, inbox, { ...queues, logger }));
  const reconciliation = new ReconciliationService({ stripe, models, producers, ledger, mrr });
  const reconcile = startable(async () =>
    config.BILLING_RECONCILE_AT === 'off'
      ? { close: async () => undefined }
      : startReconcileScheduler(reconciliation, { ...queues, at: config.BILLING_RECONCILE_AT, logger }),
  );
  // The founder's cohorts and churn risk: sign-ups and names from auth, practice days from practice.
  const founderCohorts = new FounderCohorts({
    models,
    clients: new EngagementClients({
      authUrl: config.AUTH_INTERNAL_URL,
      practiceUrl: config.PRACTICE_INTERNAL_URL,
      jwtSecret: config.JWT_SECRET,
      timeoutMs: config.INTERNAL_REQUEST_TIMEOUT_MS,
    }),
    memberMrr: memberMrrFromLedger(mrrStore),
    trials: trialsFromLedger(mrrStore, models),
    currency: config.CURRENCY,
    now: overrides.now ?? (() => new Date()),
  });
  const app = createApp(deps, {
    name: 'billing',
    originExemptPaths: [WEBHOOK_PATH],
    routers: [
      webhookRouter({ stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET, webhooks }),
      billingRouter({
        checkout,
        history: new BillingHistory({ stripe, models, customers }),
        guarantee,
        planChanges: new PlanChanges({ config, stripe, ledger, price, plans }),
        limiter: new RateLimiter(redis, config.REDIS_PREFIX),
      }),
      trialRouter({ config, checkout, limiter: new RateLimiter(redis, config.REDIS_PREFIX) }),
      internalRouter({ jwtSecret: config.JWT_SECRET, models }),
      adminRouter({ bookings, billingConsole }),
      metricsRouter(new MetricsReport({ models, mrr: mrrStore, redis, redisPrefix: config.REDIS_PREFIX })),
      metricsCohortsRouter(founderCohorts),
      coachingRouter({ availability, slots, holds, limiter: new RateLimiter(redis, config.REDIS_PREFIX) }),
    ],
  });
  return {
    app,
    background: { producers, membershipEvents: completions.part, accountEvents, reconcile, holdSweeper },
    /** One reconciliation run now (`npm run reconcile`, the operator command). */
    reconciliation,
    /** The one writer of subscription state (tests build services around it). */
    ledger,
    /** The MRR ledger (tests build services around it). */
    mrr,
  };
}
