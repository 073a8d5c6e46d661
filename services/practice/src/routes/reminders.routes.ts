import { requireUser, routerBehind } from '@fm/shared/auth';
import type { Reminders } from '../domain/settings/reminders';

/**
 * `POST /api/practice/reminders/resubscribe?token=` (signed in; the Origin check applies) → 200
 * the settings, reminders on: the "Turn them back on" of the page a reminder mail links to. A
 * mailed token alone never signs anyone up (consent): 401 for a visitor, 403 `NOT_YOUR_LINK` when
 * the token names another member, 400 for a bad token, 409 while the address is not verified.
 */
export function remindersResubscribeRouter(reminders: Reminders) {
  const router = routerBehind(requireUser, { prefix: '/api/practice/reminders' });
  router.post('/resubscribe', async (ctx) => {
    ctx.body = await reminders.resubscribe(ctx.state.viewer, ctx.query.token);
  });
  return router;
}
