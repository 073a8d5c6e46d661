import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { freeUser } from '@/testing/data';
import { renderApp, screen, within } from '@/testing/test-utils';

beforeEach(() => {
  server.use(http.get(apiUrl('member/*'), () => HttpResponse.json([])));
});

const premiumCard = () => screen.findByRole('article', { name: 'Premium' });

describe('/membership: monthly or annual Premium', () => {
  it('offers both plans as a radio group, monthly chosen, the annual saving stated', async () => {
    renderApp('/membership');
    const premium = await premiumCard();
    const billing = await within(premium).findByRole('radiogroup');
    expect(within(premium).getByRole('group', { name: 'Billing' })).toBeInTheDocument();
    expect(within(billing).getByRole('radio', { name: 'Monthly: $19.99 a month' })).toBeChecked();
    expect(within(billing).getByRole('radio', { name: 'Annual: $199.90 a year — 2 months free' })).not.toBeChecked();
    expect(within(premium).getByText('$19.99')).toBeInTheDocument();
    expect(within(premium).getByText('/month')).toBeInTheDocument();
    // The Free tier has nothing to choose.
    expect(within(screen.getByRole('article', { name: 'Free' })).queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('when a member chooses annual, then the card shows the yearly price and Go Premium opens the annual checkout', async () => {
    const { user } = renderApp('/membership', { viewer: freeUser() });
    const premium = await premiumCard();
    await user.click(await within(premium).findByRole('radio', { name: /^Annual/ }));
    expect(within(premium).getByText('$199.90')).toBeInTheDocument();
    expect(within(premium).getByText('/year')).toBeInTheDocument();
    expect(within(premium).queryByText('/month')).not.toBeInTheDocument();
    expect(within(premium).getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/checkout?plan=annual');

    await user.click(within(premium).getByRole('radio', { name: /^Monthly/ }));
    expect(within(premium).getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/checkout');
  });

  it("when the server's prices change, then the choice and its saving follow them", async () => {
    server.use(
      siteConfigHandler({
        currency: 'eur',
        premiumPriceCents: 2500,
        prices: { monthlyCents: 2500, annualCents: 27000, currency: 'eur', trialDays: 0 },
      }),
    );
    renderApp('/membership');
    const premium = await premiumCard();
    expect(
      await within(premium).findByRole('radio', { name: 'Annual: €270 a year — save €30 a year' }),
    ).toBeInTheDocument();
    expect(within(premium).getByRole('radio', { name: 'Monthly: €25 a month' })).toBeChecked();
  });
});
