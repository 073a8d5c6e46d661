import type { Subscription } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { SubscriptionPanel } from '@/features/billing/components/subscription-panel';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, within } from '@/testing/test-utils';

function serve(subscription: Subscription) {
  server.use(http.get(apiUrl('billing/subscription'), () => HttpResponse.json(subscription)));
}

const renewing = { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: '2027-03-05T12:00:00.000Z' } as const;

describe('the account page names the plan', () => {
  it('when the member is on the annual plan, then "Annual plan" and the yearly renewal at $199.90/year', async () => {
    serve({ ...renewing, plan: 'annual' });
    renderWithProviders(<SubscriptionPanel />, { path: '/member/account' });
    const panel = await screen.findByRole('region', { name: 'Subscription' });
    expect(within(panel).getByText('Annual plan')).toBeInTheDocument();
    expect(within(panel).getByText(/^Renews on .+ at \$199\.90\/year\.$/)).toBeInTheDocument();
  });

  it('when the member is on the monthly plan, then "Monthly plan" at $19.99/month', async () => {
    serve({ ...renewing, plan: 'monthly' });
    renderWithProviders(<SubscriptionPanel />, { path: '/member/account' });
    const panel = await screen.findByRole('region', { name: 'Subscription' });
    expect(within(panel).getByText('Monthly plan')).toBeInTheDocument();
    expect(within(panel).getByText(/^Renews on .+ at \$19\.99\/month\.$/)).toBeInTheDocument();
  });

  it('when there is no subscription, then no plan is named', async () => {
    serve({ status: 'none', cancelAtPeriodEnd: false, currentPeriodEnd: null, plan: null });
    renderWithProviders(<SubscriptionPanel />, { path: '/member/account' });
    const panel = await screen.findByRole('region', { name: 'Subscription' });
    expect(within(panel).queryByText(/plan$/)).not.toBeInTheDocument();
  });
});
