import { createApp, RateLimiter, type ServiceDeps } from '@fm/shared';
import type Koa from 'koa';
import type { BillingConfig } from './config';
import { billingModels } from './domain/billing.models';
import { CheckoutService } from './domain/checkout.service';
import { Members } from './domain/members';
import { StripeWebhookService } from './domain/stripe-webhook.service';
import { createBillingProducers, type BillingProducers } from './events/billing.producers';
import { billingRouter } from './routes/billing.routes';
import { WEBHOOK_PATH, webhookRouter } from './routes/webhook.routes';
import { createStripeClient, type Stripe } from './stripe/stripe-client';

/** What buildApp wires besides the kit's deps; tests pass their own (e.g. a producer on a dead Redis). */
export interface BillingParts {
  producers: BillingProducers;
  stripe: Stripe;
}

export function createBillingParts(config: BillingConfig): BillingParts {
  return {
    producers: createBillingProducers({ redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX }),
    stripe: createStripeClient(config),
  };
}

/** The billing service's Koa app. The webhook path is exempt from the Origin check (its signature is its check). */
export function buildApp(deps: ServiceDeps<BillingConfig>, parts: BillingParts = createBillingParts(deps.config)): Koa {
  const { config, mongo, redis } = deps;
  const models = billingModels(mongo);
  const members = new Members(mongo);
  const checkout = new CheckoutService({
    config,
    stripe: parts.stripe,
    models,
    members,
    producers: parts.producers,
    redis,
  });
  const webhooks = new StripeWebhookService({ stripe: parts.stripe, models, members, producers: parts.producers });
  return createApp(deps, {
    name: 'billing',
    originExemptPaths: [WEBHOOK_PATH],
    routers: [
      webhookRouter({ stripe: parts.stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET, webhooks }),
      billingRouter({ mongo, checkout, limiter: new RateLimiter(redis, config.REDIS_PREFIX) }),
    ],
  });
}
