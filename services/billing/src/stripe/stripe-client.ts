import { AppError, ServiceUnavailableError } from '@fm/shared/http';
import type { Logger } from '@fm/shared/service';
import type Stripe from 'stripe';
import type { BillingConfig } from '../config';

export type { Stripe };

/** 502: Stripe answered, but not with something we can use (refused request, bad configuration). */
export class PaymentProviderError extends AppError {
  constructor(message = 'The payment provider refused the request. Please try again or contact support.') {
    super(502, message, 'PAYMENT_PROVIDER_ERROR');
  }
}

const messages = {
  unavailable: 'Payments are briefly unavailable. Please try again in a moment.',
  misconfigured: 'Payments are not set up correctly. Please contact support.',
  refused: 'The payment provider refused the request. Please try again or contact support.',
} as const;

/**
 * stripe-node (219 modules, ~2.2 MB of heap) is loaded for billing's first Stripe call or webhook,
 * not when billing starts (docs/PERFORMANCE.md, memory).
 */
export function stripeSdk(): typeof Stripe {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  return require('stripe') as typeof Stripe;
}

/**
 * The stripe-node client. STRIPE_API_BASE (stripe-mock in tests) overrides host, port and
 * protocol; otherwise it talks to api.stripe.com. The API version is the one the SDK pins.
 * Made on first use: every property read (resources, `webhooks`) and write goes to the client.
 */
export function createStripeClient(config: Pick<BillingConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  let client: Stripe | undefined;
  const real = (): Stripe => {
    if (!client) {
      const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
      const protocol = base?.protocol === 'http:' ? 'http' : 'https';
      const StripeSdk = stripeSdk();
      client = new StripeSdk(config.STRIPE_SECRET_KEY, {
        maxNetworkRetries: 1,
        timeout: 15_000,
        telemetry: false,
        appInfo: { name: 'fairway-mind-billing' },
        ...(base ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol } : {}),
      });
    }
    return client;
  };
  return new Proxy({} as Stripe, {
    get: (_target, key) => Reflect.get(real(), key) as unknown,
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
  });
}

/** What we log about a Stripe failure: never the request, headers or keys. */
function describe(err: unknown): Record<string, unknown> {
  if (err instanceof stripeSdk().errors.StripeError) {
    return {
      type: err.type,
      code: err.code,
      statusCode: err.statusCode,
      requestId: err.requestId,
      message: err.message,
    };
  }
  return { message: err instanceof Error ? err.message : String(err) };
}

/**
 * Runs one Stripe call; a Stripe failure becomes 503 (unreachable, 5xx, rate limited: try
 * again) or 502 (refused, misconfigured) with a message fit for the member. Logged once.
 */
export async function callStripe<T>(
  log: Logger,
  what: string,
  call: () => Promise<T>,
  refusedMessage: string = messages.refused,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const { errors } = stripeSdk();
    log.warn({ stripe: describe(err), call: what }, 'stripe call failed');
    if (
      err instanceof errors.StripeConnectionError ||
      err instanceof errors.StripeAPIError ||
      err instanceof errors.StripeRateLimitError ||
      (err instanceof errors.StripeError && (err.statusCode ?? 0) >= 500)
    ) {
      throw Object.assign(new ServiceUnavailableError(messages.unavailable), { cause: err });
    }
    if (err instanceof errors.StripeAuthenticationError || err instanceof errors.StripePermissionError) {
      throw Object.assign(new PaymentProviderError(messages.misconfigured), { cause: err });
    }
    if (err instanceof errors.StripeError) {
      throw Object.assign(new PaymentProviderError(refusedMessage), { cause: err });
    }
    throw err;
  }
}
