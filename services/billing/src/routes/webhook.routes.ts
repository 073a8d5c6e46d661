import Router from '@koa/router';
import { AppError } from '@fm/shared';
import type { Context } from 'koa';
import type { StripeWebhookService } from '../domain/stripe-webhook.service';
import type { Stripe } from '../stripe/stripe-client';

export const WEBHOOK_PATH = '/api/billing/webhook';

/** Stripe's events stay well under this; the kit's JSON parser has its own BODY_LIMIT. */
const MAX_RAW_BYTES = 1024 * 1024;

export class BadSignatureError extends AppError {
  constructor() {
    super(400, 'Invalid Stripe signature.', 'BAD_SIGNATURE');
  }
}

/**
 * The bytes Stripe signed. For a JSON request the kit's body parser has read the stream and
 * kept the text at ctx.request.rawBody, decoded as UTF-8: re-encoding valid UTF-8 gives back
 * the same bytes (Stripe sends UTF-8 without a BOM). Any other content type leaves the stream
 * unread, so it is read here.
 */
async function rawBodyOf(ctx: Context): Promise<Buffer> {
  const text = (ctx.request as { rawBody?: unknown }).rawBody;
  if (typeof text === 'string') return Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_RAW_BYTES) throw new AppError(413, 'Request body is too large.', 'PAYLOAD_TOO_LARGE');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** POST /api/billing/webhook: signature first, then one effect per event; 2xx once it is queued. */
export function webhookRouter(deps: { stripe: Stripe; webhookSecret: string; webhooks: StripeWebhookService }): Router {
  const router = new Router();
  router.post(WEBHOOK_PATH, async (ctx) => {
    const signature = ctx.get('Stripe-Signature');
    if (!signature) throw new BadSignatureError();
    const payload = await rawBodyOf(ctx);
    let event: Stripe.Event;
    try {
      event = deps.stripe.webhooks.constructEvent(payload, signature, deps.webhookSecret);
    } catch {
      ctx.state.log.warn({ bytes: payload.length }, 'stripe webhook with a bad signature refused');
      throw new BadSignatureError();
    }
    await deps.webhooks.handle(event, ctx.state.log);
    ctx.body = { received: true };
  });
  return router;
}
