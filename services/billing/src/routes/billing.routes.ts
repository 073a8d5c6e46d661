import Router from '@koa/router';
import { requireUser, type RateLimiter, type RateLimitRule } from '@fm/shared';
import type { Context } from 'koa';
import type { Connection } from 'mongoose';
import type { CheckoutService } from '../domain/checkout.service';

/** Starting a checkout talks to Stripe several times: a member gets a handful per 10 minutes. */
export const CHECKOUT_RATE_LIMIT: RateLimitRule = { name: 'billing-checkout', limit: 20, windowSeconds: 600 };
/** The account page's calls (sync, subscription, cancel, resume, portal). */
export const ACCOUNT_RATE_LIMIT: RateLimitRule = { name: 'billing-account', limit: 60, windowSeconds: 60 };

function member(ctx: Context) {
  // requireUser ran before every handler below.
  return ctx.state.user!;
}

/** The member-facing billing endpoints (docs/API.md, billing). */
export function billingRouter(deps: { mongo: Connection; checkout: CheckoutService; limiter: RateLimiter }): Router {
  const { checkout, limiter } = deps;
  const router = new Router();
  const loggedIn = requireUser(deps.mongo);
  const limited = (rule: RateLimitRule) => limiter.middleware(rule, (ctx) => member(ctx).id);

  router.post('/api/create-subscription', loggedIn, limited(CHECKOUT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.createSubscription(member(ctx), ctx.state.log);
  });

  router.post('/api/create-coaching-payment', loggedIn, limited(CHECKOUT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.createCoachingPayment(member(ctx), ctx.state.log);
  });

  router.post('/api/billing/sync', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.sync(member(ctx), ctx.state.log);
  });

  router.get('/api/billing/subscription', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.subscription(member(ctx), ctx.state.log);
  });

  router.post('/api/billing/cancel', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.cancel(member(ctx), ctx.state.log);
  });

  router.post('/api/billing/resume', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.resume(member(ctx), ctx.state.log);
  });

  router.post('/api/billing/portal', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.portal(member(ctx), ctx.state.log);
  });

  return router;
}
