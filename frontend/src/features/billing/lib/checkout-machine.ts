/**
 * Checkout state machine (SPEC §4 "Payment forms", §8 payment rows). Pure.
 *
 * setup:   loading → ready(clientSecret) | failed; ready (not paying) → loading when the member
 *          chooses another plan (a new payment form is prepared for it)
 * payment: idle → processing → idle (failure; the form is re-enabled)
 *          A submit while the payment provider (Stripe.js / Elements) is not ready, or while a
 *          payment is already processing, changes nothing.
 */

export type CheckoutKind = 'subscription' | 'coaching';

export type CheckoutState =
  | { setup: 'loading' }
  | { setup: 'failed'; message: string }
  | { setup: 'ready'; clientSecret: string; payment: 'idle' | 'processing' };

export type CheckoutEvent =
  | { type: 'setupSucceeded'; clientSecret: string }
  | { type: 'setupFailed'; message: string }
  | { type: 'submit'; providerReady: boolean }
  | { type: 'paymentFailed' }
  | { type: 'planChanged' };

export const initialCheckoutState: CheckoutState = { setup: 'loading' };

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'setupSucceeded':
      return state.setup === 'loading' ? { setup: 'ready', clientSecret: event.clientSecret, payment: 'idle' } : state;
    case 'setupFailed':
      return state.setup === 'loading' ? { setup: 'failed', message: event.message } : state;
    case 'submit':
      if (state.setup !== 'ready' || state.payment !== 'idle' || !event.providerReady) return state;
      return { ...state, payment: 'processing' };
    case 'paymentFailed':
      return state.setup === 'ready' ? { ...state, payment: 'idle' } : state;
    case 'planChanged':
      return state.setup === 'ready' && state.payment === 'idle' ? { setup: 'loading' } : state;
    default:
      return state;
  }
}

export const isProcessing = (state: CheckoutState) => state.setup === 'ready' && state.payment === 'processing';

/** Per-flow texts and addresses. */
export const CHECKOUT_FLOWS = {
  subscription: {
    paymentFailedTitle: 'Payment Failed',
    setupInternalError: 'Failed to create subscription',
    returnPath: '/member/account?payment=success',
  },
  coaching: {
    paymentFailedTitle: 'Payment failed',
    setupInternalError: 'Failed to create payment',
    returnPath: '/member/account?coaching=success',
  },
} as const satisfies Record<
  CheckoutKind,
  { paymentFailedTitle: string; setupInternalError: string; returnPath: string }
>;

export const CHECKOUT_SETUP_FALLBACK = 'Failed to initialize checkout';
export const CHECKOUT_UNAVAILABLE_TITLE = 'Unable to Load Checkout';
export const CHECKOUT_UNAVAILABLE_TEXT =
  'There was an error loading the checkout. Please try again or contact support.';
