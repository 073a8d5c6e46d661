import Router from '@koa/router';
import { requireAdmin } from '@fm/shared/auth';
import { parseBody, parseQuery, ServiceUnavailableError } from '@fm/shared/http';
import { consoleCancelSchema, consoleCompSchema, consoleRefundSchema } from '../domain/billing-console.schemas';
import type { BillingConsole } from '../domain/billing-console.service';
import { bookingListQuerySchema, bookingPatchSchema } from '../domain/booking-admin.schemas';
import type { BookingAdmin } from '../domain/booking-admin.service';
import { STRIPE_RETRY_AFTER_SECONDS } from './billing.routes';

/**
 * The founder console's coaching bookings (admins only: 401 visitor, 403 `ADMIN_REQUIRED` any
 * other member): GET /api/admin/bookings?status= → {items, total}; PATCH /api/admin/bookings/:id
 * {status?, scheduledAt?, note?} → the booking. A member's billing (docs/API.md): GET
 * /api/admin/billing/members/:memberId; POST …/refunds, …/subscription/cancel, …/subscription/comp
 * (each audited).
 */
export function adminRouter(deps: { bookings: BookingAdmin; billingConsole: BillingConsole }): Router {
  const router = new Router({ prefix: '/api/admin' });
  const onlyAdmins = requireAdmin;
  // A Stripe outage (503) says when to try again.
  router.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof ServiceUnavailableError) ctx.set('Retry-After', String(STRIPE_RETRY_AFTER_SECONDS));
      throw err;
    }
  });

  router.get('/bookings', onlyAdmins, async (ctx) => {
    ctx.body = await deps.bookings.list(parseQuery(ctx, bookingListQuerySchema));
  });

  router.patch('/bookings/:id', onlyAdmins, async (ctx) => {
    ctx.body = await deps.bookings.update(ctx.state.viewer, ctx.params.id ?? '', parseBody(ctx, bookingPatchSchema));
  });

  const billingConsole = deps.billingConsole;
  router.get('/billing/members/:memberId', onlyAdmins, async (ctx) => {
    ctx.body = await billingConsole.member(ctx.params.memberId ?? '');
  });

  router.post('/billing/members/:memberId/refunds', onlyAdmins, async (ctx) => {
    const body = parseBody(ctx, consoleRefundSchema);
    ctx.body = await billingConsole.refund(ctx.state.viewer, ctx.params.memberId ?? '', body, ctx.state.log);
    ctx.status = 201;
  });

  router.post('/billing/members/:memberId/subscription/cancel', onlyAdmins, async (ctx) => {
    const { reason } = parseBody(ctx, consoleCancelSchema);
    ctx.body = await billingConsole.cancel(ctx.state.viewer, ctx.params.memberId ?? '', reason, ctx.state.log);
  });

  router.post('/billing/members/:memberId/subscription/comp', onlyAdmins, async (ctx) => {
    const body = parseBody(ctx, consoleCompSchema);
    ctx.body = await billingConsole.comp(ctx.state.viewer, ctx.params.memberId ?? '', body, ctx.state.log);
  });

  return router;
}
