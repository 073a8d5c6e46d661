import Router from '@koa/router';
import { requireUser, ServiceUnavailableError, type RateLimiter, type RateLimitRule } from '@fm/shared';
import type { Context } from 'koa';
import type { Connection } from 'mongoose';
import type { BillingHistory } from '../domain/billing-history.service';
import type { CheckoutService } from '../domain/checkout.service';
import { GuaranteeRefusedError, type GuaranteeService } from '../domain/guarantee.service';

/** What a 503 (Stripe unreachable, rate-limited or failing) tells the client to wait, in seconds. */
export const STRIPE_RETRY_AFTER_SECONDS = 5;

/** Starting a checkout talks to Stripe several times: a member gets a handful per 10 minutes. */
export const CHECKOUT_RATE_LIMIT: RateLimitRule = { name: 'billing-checkout', limit: 20, windowSeconds: 600 };
/** The account page's calls (sync, subscription, cancel, resume, portal, invoices, bookings). */
export const ACCOUNT_RATE_LIMIT: RateLimitRule = { name: 'billing-account', limit: 60, windowSeconds: 60 };

function member(ctx: Context) {
  // requireUser ran before every handler below.
  return ctx.state.user!;
}

/** The member-facing billing endpoints (docs/API.md, billing). */
export function billingRouter(deps: {
  mongo: Connection;
  checkout: CheckoutService;
  history: BillingHistory;
  guarantee: GuaranteeService;
  limiter: RateLimiter;
}): Router {
  const { checkout, history, guarantee, limiter } = deps;
  const router = new Router();
  // A Stripe outage (503) says when to try again.
  router.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof ServiceUnavailableError) ctx.set('Retry-After', String(STRIPE_RETRY_AFTER_SECONDS));
      if (err instanceof GuaranteeRefusedError) {
        // The reason the guarantee page shows, next to the code.
        ctx.status = err.status;
        ctx.body = { message: err.message, code: err.code, reason: err.reason };
        return;
      }
      throw err;
    }
  });
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
    ctx.body = await checkout.subscription(member(ctx));
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

  router.get('/api/billing/invoices', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await history.invoices(member(ctx).id, ctx.state.log);
  });

  router.get('/api/billing/guarantee', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await guarantee.status(member(ctx));
  });

  router.post('/api/billing/guarantee/refund', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await guarantee.refund(member(ctx), ctx.state.log);
    ctx.status = 202;
  });

  router.get('/api/billing/bookings', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await history.bookings(member(ctx).id);
  });

  return router;
}
