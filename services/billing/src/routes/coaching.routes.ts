import Router from '@koa/router';
import { coachingAvailabilityInputSchema, coachingHoldRequestSchema, coachingSlotsQuerySchema } from '@fm/contracts';
import { type MemberState, requireAdmin, requireUser } from '@fm/shared/auth';
import { parseBody, parseQuery, type RateLimiter, type RateLimitRule } from '@fm/shared/http';
import type { CoachingAvailabilityStore } from '../domain/coaching/availability';
import { type CoachingHolds, SlotTakenError } from '../domain/coaching/holds';
import type { CoachingSlotFinder } from '../domain/coaching/slots';

/** The slot picker asks per week or month as the member pages: 60 a minute is plenty. */
export const SLOTS_RATE_LIMIT: RateLimitRule = { name: 'coaching-slots', limit: 60, windowSeconds: 60 };

/**
 * Coaching self-booking (issue 48, docs/API.md): GET /api/coaching/slots?from&to&timeZone
 * (signed in) → the free slots; POST /api/coaching/holds {start, timeZone?} → 201 the hold and its payment (409 SLOT_TAKEN with the next free slots); GET/PUT /api/admin/coaching/availability (admins) → the
 * founder's availability and the confirmed sessions it leaves outside its hours.
 */
export function coachingRouter(deps: {
  availability: CoachingAvailabilityStore;
  slots: CoachingSlotFinder;
  holds: CoachingHolds;
  limiter: RateLimiter;
}): Router {
  const { availability, slots, holds, limiter } = deps;
  const router = new Router();
  // 409 SLOT_TAKEN carries the next free slots.
  router.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (!(err instanceof SlotTakenError)) throw err;
      ctx.status = 409;
      ctx.body = { message: err.message, code: err.code, next: err.next };
    }
  });
  const limited = (rule: RateLimitRule) => limiter.middleware<MemberState>(rule, (ctx) => ctx.state.viewer.id);

  router.get('/api/coaching/slots', requireUser, limited(SLOTS_RATE_LIMIT), async (ctx) => {
    ctx.body = await slots.list(parseQuery(ctx, coachingSlotsQuerySchema));
  });

  router.post('/api/coaching/holds', requireUser, async (ctx) => {
    const { start, timeZone } = parseBody(ctx, coachingHoldRequestSchema);
    ctx.body = await holds.take(ctx.state.viewer, start, ctx.state.log, timeZone);
    ctx.status = 201;
  });

  router.get('/api/admin/coaching/availability', requireAdmin, async (ctx) => {
    ctx.body = await availability.view();
  });

  router.put('/api/admin/coaching/availability', requireAdmin, async (ctx) => {
    ctx.body = await availability.update(ctx.state.viewer, parseBody(ctx, coachingAvailabilityInputSchema));
  });

  return router;
}
