import Router from '@koa/router';
import { createSubscriptionSchema, planChangeInputSchema, planChangeQuerySchema } from '@fm/contracts';
import { parseBody, parseQuery, ServiceUnavailableError, type RateLimiter, type RateLimitRule } from '@fm/shared/http';
import { type MemberState, requireUser } from '@fm/shared/auth';
import type { BillingHistory } from '../domain/billing-history.service';
import type { CheckoutService } from '../domain/checkout.service';
import { GuaranteeRefusedError, type GuaranteeService } from '../domain/guarantee.service';
import type { PlanChanges } from '../domain/plan-change';

/** What a 503 (Stripe unreachable, rate-limited or failing) tells the client to wait, in seconds. */
export const STRIPE_RETRY_AFTER_SECONDS = 5;

/** Starting a checkout talks to Stripe several times: a member gets a handful per 10 minutes. */
export const CHECKOUT_RATE_LIMIT: RateLimitRule = { name: 'billing-checkout', limit: 20, windowSeconds: 600 };
/** The account page's calls (sync, subscription, cancel, resume, portal, invoices, bookings). */
export const ACCOUNT_RATE_LIMIT: RateLimitRule = { name: 'billing-account', limit: 60, windowSeconds: 60 };

/** The member-facing billing endpoints (docs/API.md, billing). */
export function billingRouter(deps: {
  checkout: CheckoutService;
  history: BillingHistory;
  guarantee: GuaranteeService;
  /** Monthly ↔ annual from the account page. */
  planChanges: PlanChanges;
  limiter: RateLimiter;
}): Router {
  const { checkout, history, guarantee, planChanges, limiter } = deps;
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
  const loggedIn = requireUser;
  const limited = (rule: RateLimitRule) => limiter.middleware<MemberState>(rule, (ctx) => ctx.state.viewer.id);

  router.post('/api/create-subscription', loggedIn, limited(CHECKOUT_RATE_LIMIT), async (ctx) => {
    const { plan, trial } = parseBody(ctx, createSubscriptionSchema);
    ctx.body = await checkout.createSubscription(ctx.state.viewer, plan, ctx.state.log, trial);
  });

  router.post('/api/create-coaching-payment', loggedIn, limited(CHECKOUT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.createCoachingPayment(ctx.state.viewer, ctx.state.log);
  });

  router.post('/api/billing/sync', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.sync(ctx.state.viewer, ctx.state.log);
  });

  router.get('/api/billing/subscription', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.subscription(ctx.state.viewer);
  });

  router.post('/api/billing/cancel', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.cancel(ctx.state.viewer, ctx.state.log);
  });

  router.post('/api/billing/resume', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.resume(ctx.state.viewer, ctx.state.log);
  });

  router.get('/api/billing/plan-change/preview', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    const { plan } = parseQuery(ctx, planChangeQuerySchema);
    ctx.body = await planChanges.preview(ctx.state.viewer, plan, ctx.state.log);
  });

  router.post('/api/billing/plan-change', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    const input = parseBody(ctx, planChangeInputSchema);
    ctx.body = await planChanges.change(ctx.state.viewer, input, ctx.state.log);
  });

  router.post('/api/billing/portal', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await checkout.portal(ctx.state.viewer, ctx.state.log);
  });

  router.get('/api/billing/invoices', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await history.invoices(ctx.state.viewer.id, ctx.state.log);
  });

  router.get('/api/billing/guarantee', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await guarantee.status(ctx.state.viewer);
  });

  router.post('/api/billing/guarantee/refund', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await guarantee.refund(ctx.state.viewer, ctx.state.log);
    ctx.status = 202;
  });

  router.get('/api/billing/bookings', loggedIn, limited(ACCOUNT_RATE_LIMIT), async (ctx) => {
    ctx.body = await history.bookings(ctx.state.viewer.id);
  });

  return router;
}
