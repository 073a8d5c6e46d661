import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_FLOWS,
  checkoutReducer,
  initialCheckoutState,
  isProcessing,
  type CheckoutEvent,
  type CheckoutState,
} from '@/features/billing/lib/checkout-machine';

const run = (...events: CheckoutEvent[]): CheckoutState => events.reduce(checkoutReducer, initialCheckoutState);
const ready: CheckoutEvent = { type: 'setupSucceeded', clientSecret: 'pi_123_secret_abc' };

describe('checkout state machine', () => {
  it('starts loading, then shows the card form idle once the client secret is known', () => {
    expect(initialCheckoutState).toEqual({ setup: 'loading' });
    expect(run(ready)).toEqual({ setup: 'ready', clientSecret: 'pi_123_secret_abc', payment: 'idle' });
  });

  it('when setup fails, then it stays failed (a late success changes nothing)', () => {
    const failed = run({ type: 'setupFailed', message: 'Failed to initialize checkout' }, ready);
    expect(failed).toEqual({ setup: 'failed', message: 'Failed to initialize checkout' });
  });

  it('idle → processing on submit → idle again when the payment fails', () => {
    const processing = run(ready, { type: 'submit', providerReady: true });
    expect(isProcessing(processing)).toBe(true);
    const back = checkoutReducer(processing, { type: 'paymentFailed' });
    expect(isProcessing(back)).toBe(false);
    expect(back).toMatchObject({ setup: 'ready', payment: 'idle' });
  });

  it('does nothing while the payment provider is not ready, before setup, or while processing', () => {
    const idle = run(ready);
    expect(checkoutReducer(idle, { type: 'submit', providerReady: false })).toBe(idle);
    const loading = run();
    expect(checkoutReducer(loading, { type: 'submit', providerReady: true })).toBe(loading);
    const processing = run(ready, { type: 'submit', providerReady: true });
    expect(checkoutReducer(processing, { type: 'submit', providerReady: true })).toBe(processing);
  });

  it('returns to the account page with the flow-specific success flag', () => {
    expect(CHECKOUT_FLOWS.subscription.returnPath).toBe('/member/account?payment=success');
    expect(CHECKOUT_FLOWS.coaching.returnPath).toBe('/member/account?coaching=success');
    expect(CHECKOUT_FLOWS.subscription.paymentFailedTitle).toBe('Payment Failed');
    expect(CHECKOUT_FLOWS.coaching.paymentFailedTitle).toBe('Payment failed');
  });
});

describe('checkout state machine: another plan', () => {
  it('when the member chooses another plan on an idle form, then a new form is prepared (loading, then its own secret)', () => {
    const planChanged: CheckoutEvent = { type: 'planChanged' };
    expect(run(ready, planChanged)).toEqual({ setup: 'loading' });
    expect(run(ready, planChanged, { type: 'setupSucceeded', clientSecret: 'pi_annual_secret' })).toEqual({
      setup: 'ready',
      clientSecret: 'pi_annual_secret',
      payment: 'idle',
    });
  });

  it('while a payment is on its way, or before the first form, another plan changes nothing', () => {
    const paying = run(ready, { type: 'submit', providerReady: true });
    expect(checkoutReducer(paying, { type: 'planChanged' })).toBe(paying);
    expect(run({ type: 'planChanged' })).toEqual({ setup: 'loading' });
    const failed = run({ type: 'setupFailed', message: 'down' });
    expect(checkoutReducer(failed, { type: 'planChanged' })).toBe(failed);
  });
});
