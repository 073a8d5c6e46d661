import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { loadStripe } from '@stripe/stripe-js/pure';
import CoachingCheckoutPage from '@/app/routes/member/coaching-checkout';
import { createFakeStripe } from '@/features/billing/__tests__/fake-stripe';
import { apiUrl, siteConfigHandler } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fireEvent, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';

// The loadStripe boundary: Stripe.js is replaced by the stand-in, nothing else is mocked.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

/** The founder's 19:00, 20:00 and 21:00 Paris slots of Tuesday 7 July 2026 (17:00Z, 18:00Z, 19:00Z). */
const slots = [
  { start: '2026-07-07T17:00:00.000Z', end: '2026-07-07T17:45:00.000Z' },
  { start: '2026-07-07T18:00:00.000Z', end: '2026-07-07T18:45:00.000Z' },
  { start: '2026-07-07T19:00:00.000Z', end: '2026-07-07T19:45:00.000Z' },
];

let fake: ReturnType<typeof createFakeStripe>;
let keySeq = 0;

/** The page's server: the config, the slots, SPEC's plain payment and POST /coaching/holds answering `hold(body)`. */
function serve(hold: (body: { start: string; timeZone?: string }) => Response) {
  keySeq += 1;
  const asked: { start: string; timeZone?: string }[] = [];
  const plainPayments: number[] = [];
  server.use(
    siteConfigHandler({ stripePublishableKey: `pk_test_hold_${keySeq}` }),
    http.get(apiUrl('coaching/slots'), () => HttpResponse.json({ timeZone: 'Europe/Paris', slotMinutes: 45, slots })),
    http.post(apiUrl('create-coaching-payment'), () => {
      plainPayments.push(1);
      return HttpResponse.json({ clientSecret: 'pi_plain_secret_x' });
    }),
    http.post(apiUrl('coaching/holds'), async ({ request }) => {
      const body = (await request.json()) as { start: string; timeZone?: string };
      asked.push(body);
      return hold(body);
    }),
  );
  return { asked, plainPayments };
}

const heldAnswer = (start: string, lifetimeMs: number, secret = 'pi_hold_secret_y') =>
  HttpResponse.json(
    {
      holdId: 'hold-1',
      start,
      end: new Date(new Date(start).getTime() + 45 * 60_000).toISOString(),
      expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
      clientSecret: secret,
    },
    { status: 201 },
  );

/** The secret of the card form shown last (each payment gets its own <Elements>). */
const lastSecret = () => (fake.stripe.elements as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[0]?.clientSecret;

async function inAthens() {
  renderWithProviders(<CoachingCheckoutPage />, { path: '/coaching-checkout' });
  fireEvent.change(await screen.findByLabelText('Time zone'), { target: { value: 'Europe/Athens' } });
  return screen.findByLabelText(/^Open times on Tuesday, July 7/);
}

beforeEach(() => {
  fake = createFakeStripe();
  vi.mocked(loadStripe).mockResolvedValue(fake.stripe);
});

describe('/coaching-checkout: a picked time is held while the member pays (issue 48 §3)', () => {
  it('when a member in Athens picks 20:00, then the page holds it in their zone, pays with the hold’s payment and counts down without reading out every second', async () => {
    const { asked, plainPayments } = serve((body) => heldAnswer(body.start, 30 * 60_000));
    const tuesday = await inAthens();
    // Before picking: SPEC's payment without a time is ready.
    await waitFor(() => expect(lastSecret()).toBe('pi_plain_secret_x'));
    fireEvent.click(within(tuesday).getByRole('button', { name: /^20:00/ }));

    await waitFor(() => expect(lastSecret()).toBe('pi_hold_secret_y'));
    expect(asked).toEqual([{ start: '2026-07-07T17:00:00.000Z', timeZone: 'Europe/Athens' }]);
    expect(plainPayments).toHaveLength(1);
    const held = screen.getByRole('group', { name: 'Your held time' });
    expect(held).toHaveTextContent('20:00 on Tuesday, July 7 is yours while you pay below.');
    const timer = within(held).getByRole('timer');
    expect(timer).toHaveTextContent(/^Held for you until \d\d:\d\d — (30:00|29:5\d) left$/);
    // The countdown is no live region; the status says the hold once, without the seconds.
    expect(timer).toHaveAttribute('aria-live', 'off');
    expect(held.closest('[aria-live="polite"], [aria-live="assertive"], [role="alert"]')).toBeNull();
    expect(screen.getByTestId('live-region')).toHaveTextContent(
      /^20:00 on Tuesday, July 7 is held for you until \d\d:\d\d\.$/,
    );
    expect(within(tuesday).getByRole('button', { name: /^20:00/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('when the time was just taken (409 SLOT_TAKEN), then the page says so and offers the next free times, and one of them is held', async () => {
    const { asked } = serve((body) =>
      body.start === slots[0]!.start
        ? HttpResponse.json(
            { message: 'This time was just taken. Pick another one.', code: 'SLOT_TAKEN', next: [slots[2]] },
            { status: 409 },
          )
        : heldAnswer(body.start, 30 * 60_000, 'pi_next_secret_z'),
    );
    const tuesday = await inAthens();
    fireEvent.click(within(tuesday).getByRole('button', { name: /^20:00/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('20:00 on Tuesday, July 7 was just taken by someone else. The next free times:');
    fireEvent.click(within(alert).getByRole('button', { name: '22:00 on Tuesday, July 7' }));
    await waitFor(() => expect(lastSecret()).toBe('pi_next_secret_z'));
    expect(asked.map((a) => a.start)).toEqual([slots[0]!.start, slots[2]!.start]);
    expect(screen.getByRole('group', { name: 'Your held time' })).toHaveTextContent('22:00 on Tuesday, July 7');
  });

  it('when the hold runs out on the page, then the form is the payment without a time again and the member is told to pick again', async () => {
    serve((body) => heldAnswer(body.start, 1_500));
    const tuesday = await inAthens();
    fireEvent.click(within(tuesday).getByRole('button', { name: /^21:00/ }));
    await waitFor(() => expect(lastSecret()).toBe('pi_hold_secret_y'));
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Your hold on 21:00 on Tuesday, July 7 ended. Pick a time again, or pay without picking.',
    );
    expect(screen.queryByRole('group', { name: 'Your held time' })).toBeNull();
    await waitFor(() => expect(lastSecret()).toBe('pi_plain_secret_x'));
    expect(
      within(await screen.findByLabelText(/^Open times on Tuesday, July 7/)).getByRole('button', { name: /^21:00/ }),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  it('when the member pays for the held time, then no other time can be picked while the payment is on its way, and the hold’s payment is confirmed', async () => {
    const { asked } = serve((body) => heldAnswer(body.start, 30 * 60_000));
    let finish: (result: { error?: { type: string; message: string } }) => void = () => undefined;
    fake.confirmPayment.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const tuesday = await inAthens();
    fireEvent.click(within(tuesday).getByRole('button', { name: /^20:00/ }));
    await waitFor(() => expect(lastSecret()).toBe('pi_hold_secret_y'));
    const pay = await screen.findByRole('button', { name: /^Pay/ });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    await screen.findByRole('button', { name: 'Processing...' });
    const other = within(tuesday).getByRole('button', { name: /^21:00/ });
    expect(other).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(other);
    expect(asked).toHaveLength(1);
    expect(lastSecret()).toBe('pi_hold_secret_y');
    expect(fake.confirmPayment).toHaveBeenCalledTimes(1);
    // The card was refused: the form is back, and another time can be picked again.
    finish({ error: { type: 'card_error', message: 'Your card was declined.' } });
    await waitFor(() => expect(other).not.toHaveAttribute('aria-disabled'));
  });
});
