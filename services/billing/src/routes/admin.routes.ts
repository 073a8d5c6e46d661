import Router from '@koa/router';
import { parseBody, parseQuery, requireAdmin } from '@fm/shared';
import { bookingListQuerySchema, bookingPatchSchema } from '../domain/booking-admin.schemas';
import type { BookingAdmin } from '../domain/booking-admin.service';

/**
 * The founder console's coaching bookings (admins only: 401 visitor, 403 `ADMIN_REQUIRED` any
 * other member): GET /api/admin/bookings?status= → {items, total}; PATCH /api/admin/bookings/:id
 * {status?, scheduledAt?, note?} → the booking.
 */
export function adminRouter(deps: { bookings: BookingAdmin }): Router {
  const router = new Router({ prefix: '/api/admin' });
  const onlyAdmins = requireAdmin;

  router.get('/bookings', onlyAdmins, async (ctx) => {
    ctx.body = await deps.bookings.list(parseQuery(ctx, bookingListQuerySchema));
  });

  router.patch('/bookings/:id', onlyAdmins, async (ctx) => {
    ctx.body = await deps.bookings.update(ctx.state.viewer, ctx.params.id ?? '', parseBody(ctx, bookingPatchSchema));
  });

  return router;
}
