import Router from '@koa/router';
import { type ReminderRecipient, requireServiceToken } from '@fm/shared';
import type { AuthModels, User } from '../domain/user.model';

/**
 * What other services may read of a member over auth's internal routes (service token for
 * audience `auth`, never routed by the gateway; the token's subject names the member), so none
 * reads auth's `users` collection:
 * - GET /internal/reminder-recipient: practice's daily reminder (address, whether it is verified,
 *   first name, level; `deleted: true` when the member has no account any more).
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
  return router;
}
