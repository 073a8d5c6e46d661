import type { ContactReceipt, MyContactMessages } from '@fm/contracts';
import Router from '@koa/router';
import {
  optionalUser,
  parseBody,
  type RateLimiter,
  type RateLimitRule,
  requireUser,
  UnauthorizedError,
} from '@fm/shared';
import type { Connection } from 'mongoose';
import type { ContactService } from '../domain/contact.service';
import { contactInputSchema } from '../domain/contact.schemas';

/**
 * POST /api/contact {name, email, message} → 201 {id}. Open to visitors; a logged-in member's
 * message is stored with their id and level, read from the session (the strict body schema
 * refuses any such field from the client). GET /api/contact/mine (logged in; 401 a visitor) →
 * {items}: the member's messages, newest first, with the founder's replies.
 */
export function contactRouter(
  contact: ContactService,
  limiter: RateLimiter,
  rule: RateLimitRule,
  mongo: Connection,
): Router {
  const router = new Router({ prefix: '/api' });

  router.post('/contact', optionalUser(mongo), async (ctx) => {
    // Invalid requests are refused before counting: the limit is on messages actually stored.
    const input = parseBody(ctx, contactInputSchema);
    await limiter.hit(rule, ctx.ip, 'You have sent several messages in a short time. Please try again later.');
    const { id } = await contact.submit(input, ctx.state.user);
    ctx.status = 201;
    const receipt: ContactReceipt = { id };
    ctx.body = receipt;
  });

  router.get('/contact/mine', requireUser(mongo), async (ctx) => {
    const member = ctx.state.user;
    if (!member) throw new UnauthorizedError();
    const mine: MyContactMessages = { items: await contact.mine(member) };
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = mine;
  });

  return router;
}
