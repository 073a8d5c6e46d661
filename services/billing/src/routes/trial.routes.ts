import Router from '@koa/router';
import { trialCancelInputSchema, type TrialCancel as TrialCancelAnswer } from '@fm/contracts';
import { parseBody, type RateLimiter, type RateLimitRule } from '@fm/shared/http';
import { type MemberState, requireUser } from '@fm/shared/auth';
import type { BillingConfig } from '../config';
import type { CheckoutService } from '../domain/checkout.service';
import { ACCOUNT_RATE_LIMIT } from './billing.routes';

/** The trial-ending mail's cancel link: a handful of tries per address and 10 minutes. */
export const TRIAL_CANCEL_RATE_LIMIT: RateLimitRule = { name: 'billing-trial-cancel', limit: 20, windowSeconds: 600 };

/**
 * `POST /api/billing/trial/cancel {token}` (no login: the signed token of the trial-ending mail's
 * link names the member and the subscription; the SPA's /trial/cancel page posts it) → 200
 * `{canceled: true}`: the trial ended at once, nothing charged. 400 a token that is not ours, 404
 * its subscription unknown, 409 NOT_IN_TRIAL once the trial has ended (paid, or ended otherwise).
 * Clicking twice answers 200 again.
 */
export function trialRouter(deps: {
  config: Pick<BillingConfig, 'TRIAL_DAYS'>;
  checkout: Pick<CheckoutService, 'trialCancel' | 'trials'>;
  limiter: RateLimiter;
}): Router {
  const router = new Router();
  /**
   * `GET /api/billing/trial` (signed in) → `{offered, trialDays, reason}`: the pages offer "Start
   * your 7-day free trial" only when `offered` (a Free member who never had a trial).
   */
  router.get(
    '/api/billing/trial',
    requireUser,
    deps.limiter.middleware<MemberState>(ACCOUNT_RATE_LIMIT, (ctx) => ctx.state.viewer.id),
    async (ctx) => {
      ctx.body = await deps.checkout.trials.offerFor(ctx.state.viewer, deps.config.TRIAL_DAYS);
    },
  );
  router.post('/api/billing/trial/cancel', deps.limiter.middleware(TRIAL_CANCEL_RATE_LIMIT), async (ctx) => {
    const { token } = parseBody(ctx, trialCancelInputSchema);
    await deps.checkout.trialCancel.byToken(token, ctx.state.log);
    const answer: TrialCancelAnswer = { canceled: true };
    ctx.body = answer;
  });
  return router;
}
