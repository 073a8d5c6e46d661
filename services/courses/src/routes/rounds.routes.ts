import { requireUser, routerBehind, type MemberContext, type MemberState } from '@fm/shared/auth';
import { parseBody, parseQuery, type RateLimiter, type RateLimitRule } from '@fm/shared/http';
import type Router from '@koa/router';
import {
  assertRoundAfterAccount,
  bagInputSchema,
  roundInputSchema,
  roundListQuerySchema,
} from '../domain/round.schemas';
import type { RoundService } from '../domain/round.service';

const WRITES_MESSAGE = 'You are saving too quickly. Please wait a minute and try again.';

export interface RoundsRouterDeps {
  rounds: RoundService;
  /** Resolves once the collections and their indexes exist (courses' and rounds'). */
  ready(): Promise<void>;
  limiter: RateLimiter;
  writesPerMinute: number;
}

/**
 * The member's bag and rounds, under /api/courses for any logged-in member. Mounted before the
 * course routes, so `/bag` and `/rounds` are never read as a course id. Writes count towards the
 * same per-member limit as course writes.
 */
export function roundsRouter({ rounds, ready, limiter, writesPerMinute }: RoundsRouterDeps): Router<MemberState> {
  const writeRule: RateLimitRule = { name: 'course-writes', limit: writesPerMinute, windowSeconds: 60 };
  const write = async (ctx: MemberContext, next: () => Promise<unknown>) => {
    await limiter.hit(writeRule, ctx.state.viewer.id, WRITES_MESSAGE);
    await next();
  };

  const router = routerBehind(requireUser, { prefix: '/api/courses' });
  router.use(async (_ctx, next) => {
    await ready();
    await next();
  });

  router.get('/bag', async (ctx) => {
    ctx.body = await rounds.getBag(ctx.state.viewer.id);
  });

  router.put('/bag', write, async (ctx) => {
    const { clubIds } = parseBody(ctx, bagInputSchema);
    ctx.body = await rounds.setBag(ctx.state.viewer.id, clubIds);
  });

  router.get('/rounds', async (ctx) => {
    const page = await rounds.listRounds(ctx.state.viewer.id, parseQuery(ctx, roundListQuerySchema));
    ctx.set('X-Total-Count', String(page.total));
    ctx.body = page.items;
  });

  router.get('/rounds/:roundId', async (ctx) => {
    ctx.body = await rounds.getRound(ctx.state.viewer.id, ctx.params.roundId!);
  });

  router.delete('/rounds/:roundId', write, async (ctx) => {
    await rounds.deleteRound(ctx.state.viewer.id, ctx.params.roundId!);
    ctx.status = 204;
  });

  router.post('/:id/rounds', write, async (ctx) => {
    const input = parseBody(ctx, roundInputSchema);
    assertRoundAfterAccount(input, ctx.state.viewer.createdAt);
    const { round, created } = await rounds.saveRound(ctx.state.viewer.id, ctx.params.id!, input);
    ctx.status = created ? 201 : 200;
    ctx.body = round;
  });

  return router;
}
