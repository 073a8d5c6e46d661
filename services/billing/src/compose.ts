import { createApp, RateLimiter, type ServiceDeps } from '@fm/shared';
import type { BillingConfig } from './config';
import { billingModels, ensureBillingIndexes } from './domain/billing.models';
import { CheckoutService } from './domain/checkout.service';
import { Members } from './domain/members';
import { StripeWebhookService } from './domain/stripe-webhook.service';
import { createBillingProducers, type BillingProducers } from './events/billing.producers';
import { billingRouter } from './routes/billing.routes';
import { WEBHOOK_PATH, webhookRouter } from './routes/webhook.routes';
import { createStripeClient, type Stripe } from './stripe/stripe-client';

/** What tests substitute: producers on a dead Redis, a Stripe client that cannot connect or is refused. */
export interface BillingOverrides {
  producers?: BillingProducers;
  stripe?: Stripe;
}

/**
 * The billing service: checkout, the account routes and the Stripe webhook (exempt from the
 * Origin check: its signature is its check). Its collections' indexes exist before it answers.
 */
export async function compose(deps: ServiceDeps<BillingConfig>, overrides: BillingOverrides = {}) {
  const { config, mongo, redis } = deps;
  const models = billingModels(mongo);
  await ensureBillingIndexes(models);
  const producers =
    overrides.producers ?? createBillingProducers({ redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX });
  const stripe = overrides.stripe ?? createStripeClient(config);
  const members = new Members(mongo);
  const checkout = new CheckoutService({ config, stripe, models, members, producers, redis });
  const webhooks = new StripeWebhookService({ stripe, models, members, producers });
  const app = createApp(deps, {
    name: 'billing',
    originExemptPaths: [WEBHOOK_PATH],
    routers: [
      webhookRouter({ stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET, webhooks }),
      billingRouter({ mongo, checkout, limiter: new RateLimiter(redis, config.REDIS_PREFIX) }),
    ],
  });
  return { app, background: { producers } };
}
