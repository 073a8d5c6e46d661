import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CheckoutPage } from '@/features/billing/components/checkout-page';
import { createFakeStripe } from '@/features/billing/__tests__/fake-stripe';
import { apiUrl, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';

// The loadStripe boundary: Stripe.js is replaced by the stand-in, nothing else is mocked.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

/** Answers create-subscription with a subscription per plan; the bodies the page sent, in order. */
function serveSubscriptions() {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiUrl('create-subscription'), async ({ request }) => {
      const body = (await request.json()) as { plan: string };
      bodies.push(body);
      return HttpResponse.json({ clientSecret: `pi_${body.plan}_secret_x`, subscriptionId: `sub_${body.plan}` });
    }),
  );
  return bodies;
}

const summary = () => screen.getByRole('region', { name: 'Order summary' });

let fake: ReturnType<typeof createFakeStripe>;
let keySeq = 0;
beforeEach(() => {
  fake = createFakeStripe();
  vi.mocked(loadStripe).mockResolvedValue(fake.stripe);
  // Stripe.js is loaded once per key: a key of its own gives each test its own stand-in.
  keySeq += 1;
  server.use(siteConfigHandler({ stripePublishableKey: `pk_test_plans_${keySeq}` }));
});

describe('/checkout: the plan', () => {
  it('starts on monthly and sends it: $19.99/month, the same button as before', async () => {
    const bodies = serveSubscriptions();
    renderWithProviders(<CheckoutPage kind="subscription" />, { path: '/checkout' });
    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe - $19.99/month' })).toBeEnabled());
    expect(within(summary()).getByRole('radio', { name: 'Monthly: $19.99 a month' })).toBeChecked();
    expect(bodies).toEqual([{ plan: 'monthly' }]);
  });

  it('when the member chooses annual, then a payment form for the annual plan: $199.90/year, 2 months free', async () => {
    const bodies = serveSubscriptions();
    const { user, location } = renderWithProviders(<CheckoutPage kind="subscription" />, { path: '/checkout' });
    await screen.findByRole('button', { name: 'Subscribe - $19.99/month' });

    await waitFor(() => expect(within(summary()).getByRole('radio', { name: /^Annual/ })).toBeEnabled());
    await user.click(within(summary()).getByRole('radio', { name: 'Annual: $199.90 a year — 2 months free' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe - $199.90/year' })).toBeEnabled());
    expect(bodies).toEqual([{ plan: 'monthly' }, { plan: 'annual' }]);
    expect(within(summary()).getByText('$199.90')).toBeInTheDocument();
    expect(within(summary()).getByText('/year')).toBeInTheDocument();
    expect(within(summary()).getByText(/Billed yearly \(2 months free\)/)).toBeInTheDocument();
    // The card form is the annual subscription's, and the address keeps the choice.
    await waitFor(() =>
      expect(fake.stripe.elements).toHaveBeenCalledWith(
        expect.objectContaining({ clientSecret: 'pi_annual_secret_x' }),
      ),
    );
    expect(location().search).toBe('?plan=annual');
  });

  it('when the address asks for annual (from /membership), then annual is chosen and only it is created', async () => {
    const bodies = serveSubscriptions();
    renderWithProviders(<CheckoutPage kind="subscription" />, { path: '/checkout?plan=annual' });
    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe - $199.90/year' })).toBeEnabled());
    expect(within(summary()).getByRole('radio', { name: /^Annual/ })).toBeChecked();
    expect(bodies).toEqual([{ plan: 'annual' }]);
  });

  it('while a payment form is being prepared, the plan cannot be changed', async () => {
    let answer!: () => void;
    server.use(
      http.post(apiUrl('create-subscription'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ clientSecret: 'pi_slow_secret_x', subscriptionId: 'sub_slow' });
      }),
    );
    renderWithProviders(<CheckoutPage kind="subscription" />, { path: '/checkout' });
    const annual = await within(await screen.findByRole('region', { name: 'Order summary' })).findByRole('radio', {
      name: /^Annual/,
    });
    await waitFor(() => expect(answer).toBeDefined());
    expect(annual).toBeDisabled();
    answer();
    await waitFor(() => expect(annual).toBeEnabled());
  });
});
