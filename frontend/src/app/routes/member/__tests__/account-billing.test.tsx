import type { BillingBooking, BillingInvoice, Subscription, User } from '@fm/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { NEW_BOOKING_POLL_MS } from '@/features/billing/components/coaching-bookings';
import { portalNavigation } from '@/features/billing/lib/use-manage-billing';
import { freeUser, premiumUser } from '@/testing/data';
import { answerGate, apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

const active: Subscription = {
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-03-05T12:00:00.000Z',
  plan: 'monthly',
};
const pastDue: Subscription = { ...active, status: 'past_due' };
const none: Subscription = { status: 'none', cancelAtPeriodEnd: false, currentPeriodEnd: null, plan: null };

function invoice(overrides: Partial<BillingInvoice> = {}): BillingInvoice {
  return {
    id: 'in_1',
    number: 'FM-0002',
    status: 'paid',
    amountDueCents: 1999,
    amountPaidCents: 1999,
    currency: 'usd',
    created: '2026-02-05T12:00:00.000Z',
    periodStart: '2026-02-05T12:00:00.000Z',
    periodEnd: '2026-03-05T12:00:00.000Z',
    hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/test_FM0002',
    invoicePdfUrl: 'https://pay.stripe.com/invoice/acct_1/test_FM0002/pdf',
    ...overrides,
  };
}

function booking(overrides: Partial<BillingBooking> = {}): BillingBooking {
  return {
    id: 'cb_1',
    status: 'paid',
    amountCents: 10000,
    currency: 'usd',
    createdAt: '2026-02-10T12:00:00.000Z',
    scheduledAt: null,
    ...overrides,
  };
}

/** The member and their billing as the API answers them; each answer can be changed mid-test. */
function serve(
  user: User,
  billing: {
    subscription?: Subscription;
    invoices?: () => Response | Promise<Response>;
    bookings?: () => Response | Promise<Response>;
  } = {},
) {
  const calls = { portal: 0, bookings: 0 };
  server.use(
    http.get(apiUrl('auth/user'), () => HttpResponse.json(user)),
    http.get(apiUrl('billing/subscription'), () =>
      HttpResponse.json(billing.subscription ?? (user.membershipLevel === 'premium' ? active : none)),
    ),
    http.get(apiUrl('billing/invoices'), () => (billing.invoices ? billing.invoices() : HttpResponse.json([]))),
    http.get(apiUrl('billing/bookings'), () => {
      calls.bookings += 1;
      return billing.bookings ? billing.bookings() : HttpResponse.json([]);
    }),
    http.post(apiUrl('billing/portal'), () => {
      calls.portal += 1;
      return HttpResponse.json({ url: 'https://billing.stripe.com/p/session/test_123' });
    }),
  );
  return calls;
}

const section = (name: string) => screen.findByRole('region', { name });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/member/account: past-due banner', () => {
  it('when the subscription is past due, then the banner says the payment failed, the member stays Premium, and "Update card" opens the portal our server creates on click', async () => {
    const assign = vi.spyOn(portalNavigation, 'assign').mockImplementation(() => {});
    const calls = serve(premiumUser(), { subscription: pastDue });
    const { user } = renderApp('/member/account');
    await waitForAppReady();

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Your last payment failed — update your card');
    expect(screen.getByLabelText('Membership: Premium')).toBeInTheDocument();
    expect(calls.portal).toBe(0);

    await user.click(within(banner).getByRole('button', { name: 'Update card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_123'));
    expect(calls.portal).toBe(1);
  });

  it('when the portal cannot be opened, then the member is told why', async () => {
    serve(premiumUser(), { subscription: pastDue });
    server.use(
      http.post(apiUrl('billing/portal'), () =>
        HttpResponse.json({ message: 'Payments are briefly unavailable.', code: 'UNAVAILABLE' }, { status: 503 }),
      ),
    );
    const { user } = renderApp('/member/account');
    await waitForAppReady();
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Update card' }));
    expect(await screen.findByText('Payments are briefly unavailable.')).toBeInTheDocument();
  });

  it('when the subscription is active, then there is no banner', async () => {
    serve(premiumUser(), { subscription: active });
    renderApp('/member/account');
    await waitForAppReady();
    expect(await screen.findByText('Renews on March 5, 2026 at $19.99/month.')).toBeInTheDocument();
    expect(screen.queryByText('Your last payment failed — update your card')).not.toBeInTheDocument();
  });
});

describe('/member/account: billing history', () => {
  it("lists the member's invoices, newest first as served, with the number, date, amount, status and links to the invoice and its PDF", async () => {
    serve(premiumUser(), {
      invoices: () =>
        HttpResponse.json([
          invoice(),
          invoice({
            id: 'in_0',
            number: 'FM-0001',
            status: 'open',
            amountPaidCents: 0,
            created: '2026-01-05T12:00:00.000Z',
            invoicePdfUrl: null,
            hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/test_FM0001',
          }),
        ]),
    });
    renderApp('/member/account');
    await waitForAppReady();
    const history = await section('Billing history');
    const table = await within(history).findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['FM-0002', 'February 5, 2026', '$19.99', 'Paid'],
      ['FM-0001', 'January 5, 2026', '$19.99', 'Due'],
    ]);
    const view = within(rows[0]!).getByRole('link', { name: 'View invoice FM-0002' });
    expect(view).toHaveAttribute('href', 'https://invoice.stripe.com/i/acct_1/test_FM0002');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(rows[0]!).getByRole('link', { name: 'PDF of invoice FM-0002' })).toHaveAttribute(
      'href',
      'https://pay.stripe.com/invoice/acct_1/test_FM0002/pdf',
    );
    // No PDF link where Stripe gives none.
    expect(
      within(rows[1]!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['View']);
  });

  it('when the member has no invoices, then it says so', async () => {
    serve(freeUser());
    renderApp('/member/account');
    await waitForAppReady();
    const history = await section('Billing history');
    expect(
      await within(history).findByText('No invoices yet. Your Premium invoices will appear here.'),
    ).toBeInTheDocument();
    expect(within(history).queryByRole('table')).not.toBeInTheDocument();
  });

  it('while the invoices load, then it says it is loading; when they fail, then an error with "Try again" that loads them', async () => {
    let fail = true;
    const gate = answerGate();
    serve(premiumUser(), {
      invoices: async () => {
        await gate.opened;
        return fail
          ? HttpResponse.json({ message: 'Payments are briefly unavailable.', code: 'UNAVAILABLE' }, { status: 503 })
          : HttpResponse.json([invoice()]);
      },
    });
    const { user } = renderApp('/member/account');
    await waitForAppReady();
    const history = await section('Billing history');
    expect(within(history).getByLabelText('Loading invoices')).toBeInTheDocument();
    gate.open();
    expect(await within(history).findByText('Your invoices could not be loaded right now.')).toBeInTheDocument();

    fail = false;
    await user.click(within(history).getByRole('button', { name: 'Try again' }));
    expect(await within(history).findByRole('table', { name: 'Invoices' })).toBeInTheDocument();
    expect(within(history).queryByText('Your invoices could not be loaded right now.')).not.toBeInTheDocument();
  });
});

describe('/member/account: coaching sessions', () => {
  it('lists each booking with its status, amount and, once scheduled, the session time', async () => {
    serve(premiumUser(), {
      bookings: () =>
        HttpResponse.json([
          booking({ id: 'cb_4', status: 'scheduled', scheduledAt: '2026-03-05T12:00:00.000Z' }),
          booking({ id: 'cb_3', status: 'paid' }),
          booking({ id: 'cb_2', status: 'completed', scheduledAt: '2026-01-20T12:00:00.000Z' }),
          booking({ id: 'cb_1', status: 'refunded' }),
        ]),
    });
    renderApp('/member/account');
    await waitForAppReady();
    const sessions = await section('Coaching sessions');
    const list = await within(sessions).findByRole('list', { name: 'Coaching sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(
      Array(4).fill('45-minute coaching session'),
    );
    expect(items.map((item) => item.querySelector('.MuiChip-label')?.textContent)).toEqual([
      'Scheduled',
      'Paid',
      'Completed',
      'Refunded',
    ]);
    expect(items[0]).toHaveTextContent('Booked February 10, 2026 · $100');
    expect(items[0]).toHaveTextContent(/Scheduled for Thursday, March 5, 2026 at \d{1,2}:\d{2}/);
    expect(items[1]).toHaveTextContent("We'll email you to schedule your session.");
    expect(items[2]).toHaveTextContent(/Held on Tuesday, January 20, 2026/);
    expect(items[3]).toHaveTextContent('Your payment was refunded.');
  });

  it('when the member has booked none, then it says so', async () => {
    serve(freeUser());
    renderApp('/member/account');
    await waitForAppReady();
    const sessions = await section('Coaching sessions');
    expect(await within(sessions).findByText('You have not booked a coaching session yet.')).toBeInTheDocument();
    expect(within(sessions).queryByRole('list')).not.toBeInTheDocument();
  });

  it('when the bookings fail to load, then an error with "Try again"', async () => {
    serve(premiumUser(), {
      bookings: () => HttpResponse.json({ message: 'Internal error', code: 'INTERNAL' }, { status: 500 }),
    });
    renderApp('/member/account');
    await waitForAppReady();
    const sessions = await section('Coaching sessions');
    expect(
      await within(sessions).findByText('Your coaching sessions could not be loaded right now.'),
    ).toBeInTheDocument();
    expect(within(sessions).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('after a coaching payment: the toast, then the new booking shows as Paid once Stripe confirmed it (the list is asked again meanwhile)', async () => {
    let confirmed = false;
    const calls = serve(premiumUser(), {
      bookings: () =>
        HttpResponse.json(confirmed ? [booking({ id: 'cb_new', createdAt: new Date().toISOString() })] : []),
    });
    renderApp('/member/account?coaching=success');
    await waitForAppReady();
    expect(await screen.findByText('Coaching Session Booked!')).toBeInTheDocument();
    const sessions = await section('Coaching sessions');
    expect(await within(sessions).findByRole('status')).toHaveTextContent('Confirming your new booking…');

    // The webhook lands: the next poll finds the booking, and the polling stops.
    confirmed = true;
    expect(within(sessions).queryByText('You have not booked a coaching session yet.')).not.toBeInTheDocument();
    const item = await within(sessions).findByRole('listitem');
    expect(item).toHaveTextContent('Paid');
    expect(within(sessions).queryByRole('status')).not.toBeInTheDocument();
    const polls = calls.bookings;
    await new Promise((resolve) => setTimeout(resolve, NEW_BOOKING_POLL_MS + 500));
    expect(calls.bookings).toBe(polls);
  });
});
