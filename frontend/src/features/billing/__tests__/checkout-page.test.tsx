import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CheckoutPage } from '@/features/billing/components/checkout-page';
import type { CheckoutKind } from '@/features/billing/lib/checkout-machine';
import { createFakeStripe, type ConfirmResult } from '@/features/billing/__tests__/fake-stripe';
import { apiUrl, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fireEvent, renderWithProviders, screen, waitFor } from '@/testing/test-utils';

// The loadStripe boundary: Stripe.js is replaced by the stand-in, nothing else is mocked.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

let keySeq = 0;

/** The Stripe key and prices come from the site config (GET /api/config); `site` overrides them. */
function serveBilling(setup: {
  endpoint: string;
  answer: () => Response;
  site?: Parameters<typeof siteConfigHandler>[0];
}) {
  keySeq += 1;
  const calls: string[] = [];
  server.use(
    siteConfigHandler({ stripePublishableKey: `pk_test_${keySeq}`, ...setup.site }),
    http.post(apiUrl(setup.endpoint), () => {
      calls.push(setup.endpoint);
      return setup.answer();
    }),
  );
  return calls;
}

const renderCheckout = (kind: CheckoutKind) =>
  renderWithProviders(<CheckoutPage kind={kind} />, {
    path: kind === 'subscription' ? '/checkout' : '/coaching-checkout',
  });

/**
 * The pay button once Stripe.js is ready: it renders disabled until then (payment-form.tsx), so a click
 * as soon as it appears failed on a fast run (pointer-events: none on the disabled button).
 */
async function readyButton(name: string) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

let fake: ReturnType<typeof createFakeStripe>;

beforeEach(() => {
  fake = createFakeStripe();
  vi.mocked(loadStripe).mockResolvedValue(fake.stripe);
});

describe('checkout', () => {
  it('creates the subscription once and shows the card form for Premium at $19.99/month', async () => {
    const calls = serveBilling({
      endpoint: 'create-subscription',
      answer: () => HttpResponse.json({ clientSecret: 'pi_1_secret_x', subscriptionId: 'sub_1' }),
    });
    renderCheckout('subscription');
    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe - $19.99/month' })).toBeEnabled();
    expect(screen.getByText('$19.99')).toBeInTheDocument();
    expect(screen.getByText('/month')).toBeInTheDocument();
    expect(vi.mocked(loadStripe)).toHaveBeenCalledWith(`pk_test_${keySeq}`);
    expect(fake.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_1_secret_x' }));
    expect(calls).toEqual(['create-subscription']);
  });

  it('links to the terms (the guarantee, for Premium) and the privacy policy beside the card form', async () => {
    serveBilling({
      endpoint: 'create-subscription',
      answer: () => HttpResponse.json({ clientSecret: 'pi_t_secret_x', subscriptionId: 'sub_t' }),
    });
    const premium = renderCheckout('subscription');
    await screen.findByTestId('stripe-payment-element');
    expect(screen.getByText(/including the 30-day money-back guarantee/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms#premium');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    premium.unmount();

    serveBilling({
      endpoint: 'create-coaching-payment',
      answer: () => HttpResponse.json({ clientSecret: 'pi_c_secret_x' }),
    });
    renderCheckout('coaching');
    await screen.findByTestId('stripe-payment-element');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms#coaching');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('idle → Processing... → idle with a "Payment Failed" toast carrying the provider message', async () => {
    serveBilling({
      endpoint: 'create-subscription',
      answer: () => HttpResponse.json({ clientSecret: 'pi_2_secret_x' }),
    });
    let settle!: (result: ConfirmResult) => void;
    fake.confirmPayment.mockImplementation(() => new Promise<ConfirmResult>((resolve) => (settle = resolve)));
    const { user } = renderCheckout('subscription');
    await user.click(await readyButton('Subscribe - $19.99/month'));

    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    // Even a second submission (e.g. Enter in a field) sends nothing more.
    fireEvent.submit(screen.getByRole('form', { name: 'Payment details' }));
    expect(fake.confirmPayment).toHaveBeenCalledTimes(1);
    expect(fake.confirmPayment.mock.calls[0]![0].confirmParams.return_url).toBe(
      `${window.location.origin}/member/account?payment=success`,
    );

    settle({ error: { type: 'card_error', message: 'Your card was declined.' } });
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe - $19.99/month' })).toBeEnabled();
  });

  it('coaching: $100 for 45 minutes, returns with coaching=success, failures toast "Payment failed"', async () => {
    const calls = serveBilling({
      endpoint: 'create-coaching-payment',
      answer: () => HttpResponse.json({ clientSecret: 'pi_3_secret_x' }),
    });
    fake.confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Insufficient funds.' } });
    const { user } = renderCheckout('coaching');
    expect(await screen.findByText('$100')).toBeInTheDocument();
    expect(screen.getByText(/45 minutes, one-time/)).toBeInTheDocument();
    await user.click(await readyButton('Pay $100'));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText('Insufficient funds.')).toBeInTheDocument();
    expect(fake.confirmPayment.mock.calls[0]![0].confirmParams.return_url).toBe(
      `${window.location.origin}/member/account?coaching=success`,
    );
    expect(calls).toEqual(['create-coaching-payment']);
  });

  it("when the server's prices change, then the order summary and the pay buttons show them", async () => {
    serveBilling({
      endpoint: 'create-subscription',
      answer: () => HttpResponse.json({ clientSecret: 'pi_5_secret_x' }),
      site: { premiumPriceCents: 2450, productName: 'Green Mind' },
    });
    renderCheckout('subscription');
    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe - $24.50/month' })).toBeEnabled();
    expect(screen.getByText('$24.50')).toBeInTheDocument();
    expect(screen.getByText('Green Mind Premium')).toBeInTheDocument();
    expect(screen.queryByText(/19\.99/)).not.toBeInTheDocument();
  });

  it('when the coaching price and length change, then the coaching checkout shows them', async () => {
    serveBilling({
      endpoint: 'create-coaching-payment',
      answer: () => HttpResponse.json({ clientSecret: 'pi_6_secret_x' }),
      site: { coachingPriceCents: 15000, coachingSessionMinutes: 60, currency: 'eur' },
    });
    renderCheckout('coaching');
    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay €150' })).toBeEnabled();
    expect(screen.getByText('€150')).toBeInTheDocument();
    expect(screen.getByText(/60 minutes, one-time/)).toBeInTheDocument();
  });

  it('when the site config has no answer, then Unable to Load Checkout (no card form without a Stripe key)', async () => {
    serveBilling({
      endpoint: 'create-subscription',
      answer: () => HttpResponse.json({ clientSecret: 'pi_7_secret_x' }),
    });
    server.use(http.get(apiUrl('config'), () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout('subscription');
    expect(await screen.findByText('Unable to Load Checkout')).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-payment-element')).not.toBeInTheDocument();
  });

  it('does nothing while Stripe.js is not ready', async () => {
    vi.mocked(loadStripe).mockReturnValue(new Promise(() => {}));
    serveBilling({
      endpoint: 'create-subscription',
      answer: () => HttpResponse.json({ clientSecret: 'pi_4_secret_x' }),
    });
    renderCheckout('subscription');
    const button = await screen.findByRole('button', { name: 'Subscribe - $19.99/month' });
    expect(button).toBeDisabled();
    fireEvent.submit(screen.getByRole('form', { name: 'Payment details' }));
    expect(fake.confirmPayment).not.toHaveBeenCalled();
    expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
  });

  it('when setup fails, then an Error toast with the server message and the Unable to Load Checkout page', async () => {
    serveBilling({
      endpoint: 'create-subscription',
      answer: () =>
        HttpResponse.json({ message: 'You are already a Premium member', code: 'CONFLICT' }, { status: 409 }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout('subscription');
    expect(await screen.findByText('Unable to Load Checkout')).toBeInTheDocument();
    expect(
      screen.getByText('There was an error loading the checkout. Please try again or contact support.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('You are already a Premium member')).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-payment-element')).not.toBeInTheDocument();
  });

  it('falls back to "Failed to initialize checkout" when the server gives no message', async () => {
    serveBilling({ endpoint: 'create-coaching-payment', answer: () => new HttpResponse(null, { status: 502 }) });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout('coaching');
    expect(await screen.findByText('Failed to initialize checkout')).toBeInTheDocument();
    expect(screen.getByText('Unable to Load Checkout')).toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to create payment', expect.anything()));
  });
});
