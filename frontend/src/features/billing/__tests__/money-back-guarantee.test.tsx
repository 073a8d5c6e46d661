import type { Guarantee, User } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { GUARANTEE_TITLE, REFUND_BUTTON } from '@/features/billing/components/money-back-guarantee';
import { freeUser, premiumUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A member and the guarantee as billing answers them. The refund answers `refund` (202 by
 * default) and, like billing, ends Premium on GET /api/auth/user a moment later (after
 * `premiumPollsAfterRefund` more answers).
 */
function serve(init: { user: User; guarantee: Guarantee; refund?: () => Response; premiumPollsAfterRefund?: number }) {
  const state = { user: init.user, guarantee: init.guarantee, refunds: 0, premiumLeft: -1 };
  server.use(
    http.get(apiUrl('auth/user'), () => {
      if (state.premiumLeft === 0) state.user = { ...state.user, membershipLevel: 'free' };
      if (state.premiumLeft > 0) state.premiumLeft -= 1;
      return HttpResponse.json(state.user);
    }),
    http.get(apiUrl('billing/subscription'), () =>
      HttpResponse.json(
        state.user.membershipLevel === 'premium'
          ? {
              status: 'active',
              cancelAtPeriodEnd: false,
              currentPeriodEnd: new Date(Date.now() + 20 * DAY).toISOString(),
            }
          : { status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: null },
      ),
    ),
    http.get(apiUrl('billing/guarantee'), () => HttpResponse.json(state.guarantee)),
    http.post(apiUrl('billing/guarantee/refund'), () => {
      state.refunds += 1;
      const answer =
        init.refund?.() ??
        HttpResponse.json({ amountCents: 1999, currency: 'usd', cardLast4: '4242' }, { status: 202 });
      if (answer.status === 202) {
        state.premiumLeft = init.premiumPollsAfterRefund ?? 1;
        state.guarantee = { eligible: false, deadline: state.guarantee.deadline, reason: 'already-used' };
      }
      return answer;
    }),
  );
  return state;
}

const eligible = (daysLeft: number): Guarantee => ({
  eligible: true,
  deadline: new Date(Date.now() + daysLeft * DAY - 60_000).toISOString(),
});

const section = () => screen.findByRole('region', { name: GUARANTEE_TITLE });

/** The section's outcome (a success or error box), once shown. */
async function outcome(guarantee: HTMLElement, text: string | RegExp): Promise<HTMLElement> {
  let box: HTMLElement | null = null;
  await waitFor(() => {
    box = within(guarantee).queryByTestId('guarantee-outcome');
    expect(box).toHaveTextContent(text);
  });
  return box as unknown as HTMLElement;
}

describe('/member/account: the 30-day money-back guarantee', () => {
  it('when the first payment is a day old, then the days left and the button; the dialog says what happens, "Keep Premium" changes nothing and gives the focus back', async () => {
    const state = serve({ user: premiumUser(), guarantee: eligible(29) });
    const { user } = renderApp('/member/account');
    await waitForAppReady();
    const guarantee = await section();
    expect(guarantee).toHaveTextContent(
      /You have 29 days left to ask for your first payment back in full \(until \w+ \d+, \d{4}\)\./,
    );
    const button = within(guarantee).getByRole('button', { name: REFUND_BUTTON });

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Refund your Premium membership?' });
    expect(dialog).toHaveAccessibleDescription(
      /full amount of your first payment goes back to your card.*Premium membership ends now.*subscription is cancelled/,
    );
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await user.click(within(dialog).getByRole('button', { name: 'Keep Premium' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(state.refunds).toBe(0);
    expect(screen.getByLabelText('Membership: Premium')).toBeInTheDocument();
  });

  it('when the member confirms, then one refund, the confirmation with the amount and card (read out and focused), and the membership shows Free once the server says so', async () => {
    const state = serve({ user: premiumUser(), guarantee: eligible(30), premiumPollsAfterRefund: 2 });
    const { user } = renderApp('/member/account');
    await waitForAppReady();
    await user.click(within(await section()).getByRole('button', { name: REFUND_BUTTON }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund and end Premium' }));

    const guarantee = await section();
    const alert = await outcome(guarantee, 'Refund on its way');
    expect(alert).toHaveTextContent('$19.99 is on its way back to your card ending in 4242');
    expect(alert).toHaveTextContent('Your Premium membership has ended and your subscription is cancelled.');
    expect(alert).toHaveFocus();
    expect(screen.getByTestId('live-region')).toHaveTextContent('Refund on its way. $19.99 is on its way back');
    // Shown only once Premium has ended: never a confirmation beside a Premium badge.
    expect(await screen.findByLabelText('Membership: Free')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(within(guarantee).queryByRole('button', { name: REFUND_BUTTON })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(state.refunds).toBe(1);
  });

  it.each<[string, Guarantee, RegExp]>([
    [
      'the 30 days are over',
      { eligible: false, deadline: '2026-03-05T12:00:00.000Z', reason: 'window-ended' },
      /The 30 days of your money-back guarantee ended on March 5, 2026\./,
    ],
    [
      'the guarantee was used',
      { eligible: false, deadline: '2026-03-05T12:00:00.000Z', reason: 'already-used' },
      /You have already used your money-back guarantee: it covers one refund per person\./,
    ],
    [
      'the first payment was refunded already (e.g. by the founder)',
      { eligible: false, deadline: '2026-03-05T12:00:00.000Z', reason: 'already-refunded' },
      /Your first Premium payment has already been refunded, so the money-back guarantee has nothing left to refund\./,
    ],
    [
      'there is no Premium payment',
      { eligible: false, deadline: null, reason: 'no-payment' },
      /covers your first Premium payment, and there is none on your account\./,
    ],
  ])('when %s, then no button and the page says why', async (_when, guarantee, why) => {
    serve({ user: premiumUser(), guarantee });
    renderApp('/member/account');
    await waitForAppReady();
    const shown = await section();
    expect(shown).toHaveTextContent(why);
    expect(within(shown).queryByRole('button')).not.toBeInTheDocument();
  });

  it('when a Free member never had Premium, then no guarantee section at all', async () => {
    serve({ user: freeUser(), guarantee: { eligible: false, deadline: null, reason: 'not-premium' } });
    renderApp('/member/account');
    await waitForAppReady();
    await screen.findByRole('region', { name: 'Billing history' });
    expect(screen.queryByRole('region', { name: GUARANTEE_TITLE })).not.toBeInTheDocument();
  });

  it('when billing refuses (409: already used elsewhere), then the dialog closes, the reason is shown and read out, and the button is gone', async () => {
    const state = serve({
      user: premiumUser(),
      guarantee: eligible(10),
      refund: () => {
        state.guarantee = { eligible: false, deadline: state.guarantee.deadline, reason: 'already-used' };
        return HttpResponse.json(
          { message: 'Your money-back guarantee has already been used.', code: 'CONFLICT' },
          { status: 409 },
        );
      },
    });
    const { user } = renderApp('/member/account');
    await waitForAppReady();
    await user.click(within(await section()).getByRole('button', { name: REFUND_BUTTON }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund and end Premium' }));

    const guarantee = await section();
    expect(await outcome(guarantee, 'Your money-back guarantee has already been used.')).toHaveFocus();
    expect(screen.getByTestId('live-region')).toHaveTextContent('Your money-back guarantee has already been used.');
    expect(await within(guarantee).findByText(/You have already used your money-back guarantee/)).toBeInTheDocument();
    expect(within(guarantee).queryByRole('button', { name: REFUND_BUTTON })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Membership: Premium')).toBeInTheDocument();
  });

  it('when Stripe is down (503), then the dialog stays open with the message, Premium stays, and a second try succeeds', async () => {
    let down = true;
    const state = serve({
      user: premiumUser(),
      guarantee: eligible(10),
      refund: () =>
        down
          ? HttpResponse.json(
              { message: 'Payments are briefly unavailable. Please try again in a minute.', code: 'UNAVAILABLE' },
              { status: 503, headers: { 'Retry-After': '30' } },
            )
          : HttpResponse.json({ amountCents: 1999, currency: 'usd', cardLast4: null }, { status: 202 }),
    });
    const { user } = renderApp('/member/account');
    await waitForAppReady();
    await user.click(within(await section()).getByRole('button', { name: REFUND_BUTTON }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund and end Premium' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Payments are briefly unavailable. Please try again in a minute.',
    );
    expect(screen.getByLabelText('Membership: Premium')).toBeInTheDocument();

    down = false;
    await user.click(within(dialog).getByRole('button', { name: 'Refund and end Premium' }));
    expect(await outcome(await section(), '$19.99 is on its way back to the card you paid with')).toHaveFocus();
    expect(await screen.findByLabelText('Membership: Free')).toBeInTheDocument();
    expect(state.refunds).toBe(2);
  });
});
