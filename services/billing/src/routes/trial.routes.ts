import Router from '@koa/router';
import { trialCancelInputSchema, type TrialCancel as TrialCancelAnswer } from '@fm/contracts';
import { parseBody, type RateLimiter, type RateLimitRule } from '@fm/shared/http';
import type { TrialCancel } from '../domain/trial-cancel';

/** The trial-ending mail's cancel link: a handful of tries per address and 10 minutes. */
export const TRIAL_CANCEL_RATE_LIMIT: RateLimitRule = { name: 'billing-trial-cancel', limit: 20, windowSeconds: 600 };

/**
 * `POST /api/billing/trial/cancel {token}` (no login: the signed token of the trial-ending mail's
 * link names the member and the subscription; the SPA's /trial/cancel page posts it) → 200
 * `{canceled: true}`: the trial ended at once, nothing charged. 400 a token that is not ours, 404
 * its subscription unknown, 409 NOT_IN_TRIAL once the trial has ended (paid, or ended otherwise).
 * Clicking twice answers 200 again.
 */
export function trialRouter(deps: { trialCancel: TrialCancel; limiter: RateLimiter }): Router {
  const router = new Router();
  router.post('/api/billing/trial/cancel', deps.limiter.middleware(TRIAL_CANCEL_RATE_LIMIT), async (ctx) => {
    const { token } = parseBody(ctx, trialCancelInputSchema);
    await deps.trialCancel.byToken(token, ctx.state.log);
    const answer: TrialCancelAnswer = { canceled: true };
    ctx.body = answer;
  });
  return router;
}
