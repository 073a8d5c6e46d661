import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * Loads Stripe.js once per publishable key. The `pure` entry defers inserting the Stripe.js
 * script until a checkout page actually needs it (no payment script on other pages).
 * Tests replace `loadStripe` (this boundary) with a stand-in; the app never does.
 */
const cache = new Map<string, Promise<Stripe | null>>();

export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let promise = cache.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch((error: unknown) => {
      console.error('Stripe.js failed to load', error);
      cache.delete(publishableKey);
      return null;
    });
    cache.set(publishableKey, promise);
  }
  return promise;
}
