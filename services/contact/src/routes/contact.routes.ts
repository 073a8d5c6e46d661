import type { ContactReceipt } from '@fm/contracts';
import Router from '@koa/router';
import { parseBody, type RateLimiter, type RateLimitRule } from '@fm/shared/http';
import type { ContactService } from '../domain/contact.service';
import { contactInputSchema } from '../domain/contact.schemas';

/**
 * POST /api/contact {name, email, message} → 201 {id}. Open to visitors; a logged-in member's
 * message is stored with their id and level, read from the session (the strict body schema
 * refuses any such field from the client).
 */
export function contactRouter(contact: ContactService, limiter: RateLimiter, rule: RateLimitRule): Router {
  const router = new Router({ prefix: '/api' });

  router.post('/contact', async (ctx) => {
    // Invalid requests are refused before counting: the limit is on messages actually stored.
    const input = parseBody(ctx, contactInputSchema);
    await limiter.hit(rule, ctx.ip, 'You have sent several messages in a short time. Please try again later.');
    const { id } = await contact.submit(input, ctx.state.viewer ?? undefined);
    ctx.status = 201;
    const receipt: ContactReceipt = { id };
    ctx.body = receipt;
  });

  return router;
}
