import Router from '@koa/router';
import {
  memberProfilesRequestSchema,
  type MemberProfilesAnswer,
  type ReminderRecipient,
  type SignUpsPage,
} from '@fm/contracts';
import { parseBody, parseQuery } from '@fm/shared/http';
import { requireServiceToken } from '@fm/shared/auth';
import { z } from 'zod';
import type { AuthModels, User } from '../domain/user.model';

/** Sign-ups per page of GET /internal/members/sign-ups. */
export const SIGN_UPS_PAGE = 1000;

const signUpsQuery = z.strictObject({
  since: z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
  after: z.string().min(1).max(64).optional(),
});

/**
 * What other services may read of a member over auth's internal routes (service token for
 * audience `auth`, never routed by the gateway; the token's subject names the member), so none
 * reads auth's `users` collection:
 * - GET /internal/reminder-recipient: practice's daily reminder (address, whether it is verified,
 *   first name, level; `deleted: true` when the member has no account any more).
 * - GET /internal/members/sign-ups?since=&after= and POST /internal/members/profiles {memberIds}:
 *   billing's founder cohorts and churn-risk list (docs/METRICS.md "Engagement"): who signed up
 *   when (pages of SIGN_UPS_PAGE in `_id` order), and the address and name of given members.
 */
export function internalMembersRouter(models: AuthModels, jwtSecret: string): Router {
  const router = new Router();
  router.get('/internal/reminder-recipient', requireServiceToken(jwtSecret, 'auth'), async (ctx) => {
    const memberId = ctx.state.service!.userId;
    const user = await models.User.findById(memberId, {
      email: 1,
      firstName: 1,
      membershipLevel: 1,
      emailVerified: 1,
    }).lean<Pick<User, '_id' | 'email' | 'firstName' | 'membershipLevel' | 'emailVerified'>>();
    const answer: ReminderRecipient = user
      ? {
          memberId,
          deleted: false,
          email: user.email,
          firstName: user.firstName ?? null,
          membershipLevel: user.membershipLevel === 'premium' ? 'premium' : 'free',
          emailVerified: user.emailVerified === true,
        }
      : { memberId, deleted: true, email: null, firstName: null, membershipLevel: null, emailVerified: false };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  router.get('/internal/members/sign-ups', requireServiceToken(jwtSecret, 'auth'), async (ctx) => {
    const { since, after } = parseQuery(ctx, signUpsQuery);
    const users = await models.User.find(
      { createdAt: { $gte: since }, ...(after ? { _id: { $gt: after } } : {}) },
      { createdAt: 1 },
    )
      .sort({ _id: 1 })
      .limit(SIGN_UPS_PAGE)
      .lean<Array<Pick<User, '_id' | 'createdAt'>>>();
    const page: SignUpsPage = {
      members: users.map((u) => ({ memberId: u._id, signedUpAt: u.createdAt.toISOString() })),
      next: users.length === SIGN_UPS_PAGE ? users[users.length - 1]!._id : null,
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = page;
  });

  router.post('/internal/members/profiles', requireServiceToken(jwtSecret, 'auth'), async (ctx) => {
    const { memberIds } = parseBody(ctx, memberProfilesRequestSchema);
    const users = await models.User.find(
      { _id: { $in: [...new Set(memberIds)] } },
      { email: 1, firstName: 1, lastName: 1 },
    ).lean<Array<Pick<User, '_id' | 'email' | 'firstName' | 'lastName'>>>();
    const answer: MemberProfilesAnswer = {
      members: users.map((u) => ({
        memberId: u._id,
        email: u.email,
        firstName: u.firstName ?? null,
        lastName: u.lastName ?? null,
      })),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });
  return router;
}
