/**
 * A stand-in for Stripe.js, injected at the loadStripe boundary in tests only (Stripe.js cannot
 * load offline). It implements what @stripe/react-stripe-js and our payment form call.
 */
import { vi } from 'vitest';
import type { Stripe } from '@stripe/stripe-js';

export type ConfirmResult = { error?: { type: string; message: string } };

export function createFakeStripe() {
  const element = {
    mount: vi.fn((node: HTMLElement) => {
      const field = document.createElement('div');
      field.setAttribute('data-testid', 'stripe-payment-element');
      field.textContent = 'Card number';
      node.appendChild(field);
    }),
    on: vi.fn(),
    off: vi.fn(),
    update: vi.fn(),
    destroy: vi.fn(),
    unmount: vi.fn(),
  };
  const elements = {
    create: vi.fn(() => element),
    getElement: vi.fn(() => element),
    update: vi.fn(),
    submit: vi.fn(async () => ({})),
  };
  const confirmPayment = vi.fn(
    async (_options: { elements: unknown; confirmParams: { return_url: string } }): Promise<ConfirmResult> => ({}),
  );
  // A free trial's form saves the card (a SetupIntent) instead of paying.
  const confirmSetup = vi.fn(
    async (_options: { elements: unknown; confirmParams: { return_url: string } }): Promise<ConfirmResult> => ({}),
  );
  const stripe = {
    elements: vi.fn(() => elements),
    confirmPayment,
    confirmSetup,
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    _registerWrapper: vi.fn(),
    registerAppInfo: vi.fn(),
  };
  return { stripe: stripe as unknown as Stripe, elements, element, confirmPayment, confirmSetup };
}
