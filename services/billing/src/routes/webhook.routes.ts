import Router from '@koa/router';
import { AppError } from '@fm/shared/http';
import { webhookEvents } from '@fm/shared/service';
import type { Context } from 'koa';
import { EventInProgressError, type StripeWebhookService } from '../domain/stripe-webhook.service';
import type { Stripe } from '../stripe/stripe-client';

export const WEBHOOK_PATH = '/api/billing/webhook';

/** Stripe's events stay well under this; the kit's JSON parser has its own BODY_LIMIT. */
const MAX_RAW_BYTES = 1024 * 1024;

/** How far a signature's time (`t=`) may be from ours, either way (Stripe's default, 5 minutes). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

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

/**
 * The signing time in a Stripe-Signature header, read as the SDK reads it (the last `t=`), so it
 * is the time its signature covers. The SDK refuses only signatures older than the tolerance;
 * one stamped in the future would pass it.
 */
function signedAt(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

function isWithinTolerance(header: string): boolean {
  const skew = Math.floor(Date.now() / 1000) - signedAt(header);
  return Math.abs(skew) <= SIGNATURE_TOLERANCE_SECONDS;
}

/**
 * POST /api/billing/webhook: signature first, then one effect per event; 2xx once it is queued
 * (or was before); 409 with Retry-After while another delivery of the same event is handling it.
 * Each delivery is counted on /metrics (fm_webhook_events_total) by type (a type billing does not
 * handle counts as "other", an unverified one as "unknown") and outcome (the handler's,
 * "in-progress" for that 409, "failed" when it threw and Stripe will retry, "bad-signature").
 */
export function webhookRouter(deps: { stripe: Stripe; webhookSecret: string; webhooks: StripeWebhookService }): Router {
  const router = new Router();
  const deliveries = webhookEvents();
  const refuse = () => {
    deliveries.inc({ type: 'unknown', outcome: 'bad-signature' });
    return new BadSignatureError();
  };
  router.post(WEBHOOK_PATH, async (ctx) => {
    const signature = ctx.get('Stripe-Signature');
    if (!signature) throw refuse();
    const payload = await rawBodyOf(ctx);
    let event: Stripe.Event;
    try {
      event = deps.stripe.webhooks.constructEvent(payload, signature, deps.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
    } catch {
      ctx.state.log.warn({ bytes: payload.length }, 'stripe webhook with a bad signature refused');
      throw refuse();
    }
    if (!isWithinTolerance(signature)) {
      ctx.state.log.warn({ eventId: event.id }, 'stripe webhook signed outside the time tolerance refused');
      throw refuse();
    }
    const type = deps.webhooks.handles(event.type) ? event.type : 'other';
    try {
      const outcome = await deps.webhooks.handle(event, ctx.state.log);
      deliveries.inc({ type, outcome });
    } catch (err) {
      // Another delivery is handling it: 409 makes Stripe deliver it again later.
      if (err instanceof EventInProgressError) {
        ctx.set('Retry-After', String(err.retryAfterSeconds));
        deliveries.inc({ type, outcome: 'in-progress' });
      } else {
        deliveries.inc({ type, outcome: 'failed' });
      }
      throw err;
    }
    ctx.body = { received: true };
  });
  return router;
}
