/**
 * The account page's switch of plan (issue 47 §1), at the network boundary: monthly → annual states
 * the prorated amount from the server's preview before the member confirms, and confirms with the
 * preview's proration date; annual → monthly states the date it takes effect; a waiting switch is
 * shown with that date and can be undone.
 */
import type { PlanChange, Subscription } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { SubscriptionPanel } from '@/features/billing/components/subscription-panel';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';

const monthly: Subscription = {
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-03-05T12:00:00.000Z',
  plan: 'monthly',
};

/** The member's subscription (changed by a switch, as the server's is) and the plan-change routes. */
function serve(initial: Subscription, preview: PlanChange, made: (sub: Subscription) => Subscription) {
  let sub = initial;
  const posted: unknown[] = [];
  server.use(
    http.get(apiUrl('billing/subscription'), () => HttpResponse.json(sub)),
    http.get(apiUrl('billing/plan-change/preview'), ({ request }) =>
      new URL(request.url).searchParams.get('plan') === preview.plan
        ? HttpResponse.json(preview)
        : HttpResponse.json({ message: 'unexpected plan' }, { status: 400 }),
    ),
    http.post(apiUrl('billing/plan-change'), async ({ request }) => {
      posted.push(await request.json());
      sub = made(sub);
      return HttpResponse.json(preview);
    }),
  );
  return posted;
}

describe('/member/account: switching plans', () => {
  it('when a monthly member switches to annual, then the prorated amount is stated before confirming, and the confirmation sends the preview’s proration date', async () => {
    const posted = serve(
      monthly,
      {
        plan: 'annual',
        effective: 'now',
        effectiveAt: '2026-02-20T12:00:00.000Z',
        amountDueCents: 19143,
        nextAmountCents: 19990,
        currency: 'usd',
        prorationDate: 1771588800,
      },
      (sub) => ({ ...sub, plan: 'annual', currentPeriodEnd: '2027-02-20T12:00:00.000Z' }),
    );
    const { user } = renderWithProviders(<SubscriptionPanel />, { path: '/member/account' });

    await user.click(await screen.findByRole('button', { name: 'Switch to annual ($199.90/year)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the annual plan?' });
    expect(
      await within(dialog).findByText(
        "You'll pay $191.43 today for a year of Premium (the unused part of this month is taken off), then $199.90/year each year.",
      ),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Switch and pay $191.43' }));
    await waitFor(() => expect(posted).toEqual([{ plan: 'annual', prorationDate: 1771588800 }]));
    expect(await screen.findByText('Annual plan')).toBeInTheDocument();
    expect(await screen.findByText('Renews on February 20, 2027 at $199.90/year.')).toBeInTheDocument();
  });

  it('when an annual member switches to monthly, then the page says it happens at the end of the paid year, and the switch can be undone', async () => {
    const annual: Subscription = { ...monthly, plan: 'annual', currentPeriodEnd: '2027-02-20T12:00:00.000Z' };
    const posted = serve(
      annual,
      {
        plan: 'monthly',
        effective: 'period-end',
        effectiveAt: '2027-02-20T12:00:00.000Z',
        amountDueCents: 0,
        nextAmountCents: 1999,
        currency: 'usd',
        prorationDate: null,
      },
      (sub) =>
        sub.planChange
          ? { ...sub, planChange: null }
          : { ...sub, planChange: { plan: 'monthly', effectiveAt: '2027-02-20T12:00:00.000Z' } },
    );
    const { user } = renderWithProviders(<SubscriptionPanel />, { path: '/member/account' });

    await user.click(await screen.findByRole('button', { name: 'Switch to monthly ($19.99/month)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the monthly plan?' });
    expect(
      await within(dialog).findByText(
        'You keep the annual plan until February 20, 2027, then pay $19.99/month. Nothing is charged today.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Switch on February 20, 2027' }));
    expect(
      await screen.findByText('Your plan switches to monthly ($19.99/month) on February 20, 2027.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ plan: 'monthly' }]);

    await user.click(screen.getByRole('button', { name: 'Keep the annual plan' }));
    expect(await screen.findByRole('button', { name: 'Switch to monthly ($19.99/month)' })).toBeInTheDocument();
    expect(posted).toEqual([{ plan: 'monthly' }, { plan: 'annual' }]);
  });
});
