import Router from '@koa/router';
import { requireServiceToken, requireUser } from '@fm/shared/auth';
import { parseQuery, ValidationError } from '@fm/shared/http';
import type { Context } from 'koa';
import { z } from 'zod';
import type { NewsletterSubscriptionService } from '../domain/newsletter-subscription.service';
import { newsletterTokenSchema } from '../domain/user.schemas';

/**
 * The token of a one-click request: `?token=` (the link in the mail and its List-Unsubscribe
 * header; a mail client POSTs the form body `List-Unsubscribe=One-Click` there, RFC 8058) or a
 * JSON body `{token}` (the page). No cookie, no login: the signed token is the proof.
 */
function tokenOf(ctx: Context): string {
  const fromQuery = ctx.query.token;
  const body = ctx.request.body as { token?: unknown } | undefined;
  const candidate = fromQuery !== undefined ? fromQuery : body?.token;
  const parsed = newsletterTokenSchema.safeParse({ token: candidate });
  if (!parsed.success) {
    throw new ValidationError('This unsubscribe link is not valid.', { token: 'not valid' });
  }
  return parsed.data.token;
}

const audienceQuery = z.strictObject({
  after: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const leftQuery = z.strictObject({
  since: z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
  after: z.string().min(1).max(200).optional(),
});

/**
 * The newsletter's one-click links (public, token-signed) and, for contact's send job, its
 * audience (internal: service token for audience `auth`, never routed by the gateway).
 */
export function newsletterRouter(subscriptions: NewsletterSubscriptionService, jwtSecret: string): Router {
  const router = new Router();

  router.post('/api/auth/newsletter/unsubscribe', async (ctx) => {
    ctx.body = await subscriptions.unsubscribe(tokenOf(ctx));
  });

  // Signed in as the member the token names: a mailed link alone never signs anyone up (consent).
  router.post('/api/auth/newsletter/resubscribe', requireUser, async (ctx) => {
    ctx.body = await subscriptions.resubscribe(ctx.state.viewer.id, tokenOf(ctx));
  });

  const internal = requireServiceToken(jwtSecret, 'auth');

  router.get('/internal/newsletter/audience', internal, async (ctx) => {
    const { after, limit } = parseQuery(ctx, audienceQuery);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await subscriptions.audiencePage(after, limit);
  });

  // The token's subject is the member the delivery is for.
  router.get('/internal/newsletter/recipient', internal, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await subscriptions.recipient(ctx.state.service!.userId);
  });

  router.get('/internal/newsletter/audience/size', internal, async (ctx) => {
    ctx.body = { subscribers: await subscriptions.audienceSize() };
  });

  router.get('/internal/newsletter/left', internal, async (ctx) => {
    const { since, after } = parseQuery(ctx, leftQuery);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await subscriptions.leftSince(since, after);
  });

  return router;
}
