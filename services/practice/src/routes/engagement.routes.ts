import { cohortPracticeRequestSchema, lastPracticeRequestSchema } from '@fm/contracts';
import { parseBody } from '@fm/shared/http';
import { requireServiceToken } from '@fm/shared/auth';
import Router from '@koa/router';
import type { Engagement } from '../domain/engagement/engagement';

export const LAST_PRACTICE_PATH = '/internal/engagement/last-practice';
export const COHORT_PRACTICE_PATH = '/internal/engagement/cohorts';

/**
 * The practice behind the founder's numbers, for billing (service token, audience "practice";
 * never routed by the gateway, never a member's cookie). Both are POSTs of member ids (at most
 * MAX_INTERNAL_MEMBERS, else 400 naming the limit); docs/API.md "Internal routes".
 * - POST /internal/engagement/last-practice {memberIds} → {members: [{memberId, lastPracticeDay}]}
 * - POST /internal/engagement/cohorts {cohorts: [{weekStart, memberIds}]} →
 *   {cohorts: [{weekStart, members, practised: [count of week k]}]}
 */
export function engagementRouter(engagement: Engagement, jwtSecret: string): Router {
  const router = new Router();
  const internal = requireServiceToken(jwtSecret, 'practice');
  router.post(LAST_PRACTICE_PATH, internal, async (ctx) => {
    const { memberIds } = parseBody(ctx, lastPracticeRequestSchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await engagement.lastPractice(memberIds);
  });
  router.post(COHORT_PRACTICE_PATH, internal, async (ctx) => {
    const request = parseBody(ctx, cohortPracticeRequestSchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await engagement.cohorts(request);
  });
  return router;
}
