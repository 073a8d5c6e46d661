import type { AdminBillingInvoice, AdminBillingMember } from '@fm/contracts';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { formatDateTime } from '@/features/admin/format';
import { freeUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { buildAdminMember, serveAdmin } from '@/testing/mocks/admin-handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';

const admin = () => freeUser({ role: 'admin', email: 'founder@example.com' });

const invoice = (o: Partial<AdminBillingInvoice> = {}): AdminBillingInvoice => ({
  id: 'in_2',
  number: 'FM-0002',
  created: '2026-02-05T12:00:00.000Z',
  amountPaidCents: 1999,
  amountRefundedCents: 0,
  currency: 'usd',
  status: 'paid',
  ...o,
});

/** Billing's admin routes for member m1 over one in-memory view; every POST is logged with its body. */
function serveBilling(init: Partial<AdminBillingMember> = {}) {
  const state = {
    billing: {
      subscription: {
        id: 'sub_1',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: '2026-03-05T12:00:00.000Z',
      },
      invoices: [
        invoice(),
        invoice({ id: 'in_1', number: 'FM-0001', amountRefundedCents: 500, status: 'partially_refunded' }),
      ],
      guarantee: { eligible: false, deadline: '2026-02-04T12:00:00.000Z', reason: 'window-ended' },
      guaranteeUse: null,
      ...init,
    } as AdminBillingMember,
    posts: [] as { path: string; body: unknown }[],
    failNext: null as { status: number; message: string } | null,
    loadFails: false,
  };
  const base = 'admin/billing/members/m1';
  const post = (path: string, answer: (body: Record<string, unknown>) => Response) =>
    http.post(apiUrl(`${base}/${path}`), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.posts.push({ path, body });
      if (state.failNext) {
        const { status, message } = state.failNext;
        state.failNext = null;
        return HttpResponse.json({ message, code: 'CONFLICT' }, { status });
      }
      return answer(body);
    });
  server.use(
    http.get(apiUrl(base), () =>
      state.loadFails
        ? HttpResponse.json({ message: 'Payments are briefly unavailable.', code: 'UNAVAILABLE' }, { status: 503 })
        : HttpResponse.json(state.billing),
    ),
    post('refunds', (body) => {
      const target = state.billing.invoices.find((i) => i.id === body.invoiceId)!;
      const amount = (body.amountCents as number | undefined) ?? target.amountPaidCents - target.amountRefundedCents;
      target.amountRefundedCents += amount;
      target.status = target.amountRefundedCents >= target.amountPaidCents ? 'refunded' : 'partially_refunded';
      return HttpResponse.json(
        { refundId: 're_1', invoiceId: target.id, amountCents: amount, full: body.amountCents === undefined },
        { status: 201 },
      );
    }),
    post('subscription/cancel', () => {
      state.billing.subscription = { ...state.billing.subscription!, status: 'canceled' };
      return HttpResponse.json(state.billing.subscription);
    }),
    post('subscription/comp', (body) => {
      const end =
        new Date(state.billing.subscription!.currentPeriodEnd!).getTime() + (body.days as number) * 86_400_000;
      state.billing.subscription = { ...state.billing.subscription!, currentPeriodEnd: new Date(end).toISOString() };
      return HttpResponse.json(state.billing.subscription);
    }),
  );
  return state;
}

async function openMember() {
  serveAdmin({ members: [buildAdminMember()] });
  const rendered = renderApp('/admin/members', { viewer: admin() });
  await waitForAppReady();
  await rendered.user.click(await screen.findByRole('button', { name: 'Details of ada@example.com' }));
  const view = await screen.findByRole('dialog', { name: 'Ada Lovelace (ada@example.com)' });
  const panel = within(view).getByRole('region', { name: 'Billing' });
  return { ...rendered, view, panel };
}

const rowsOf = (panel: HTMLElement) =>
  within(within(panel).getByRole('table', { name: 'Invoices' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    );

describe('Founder Console: a member’s billing', () => {
  it('when the admin opens a member, then the subscription, the guarantee and the invoices with what was refunded', async () => {
    serveBilling();
    const { panel } = await openMember();
    // The plan's price from the site config's prices, not a fixed text.
    expect(await within(panel).findByText(/^Renews .* at \$19\.99\/month \(monthly plan\)\.$/)).toBeInTheDocument();
    expect(panel).toHaveTextContent('active');
    expect(panel).toHaveTextContent(/Guarantee\s*Closed: the 30 days ended/);
    expect(rowsOf(panel).map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['FM-0002', '$19.99', '—', 'Paid'],
      ['FM-0001', '$19.99', '$5.00', 'Partly refunded'],
    ]);
  });

  it('when the guarantee was used on an earlier, deleted account of the same person, then the panel says which, when and what they share; the invoice can still be refunded', async () => {
    serveBilling({
      invoices: [invoice()],
      guarantee: { eligible: false, deadline: '2026-03-07T12:00:00.000Z', reason: 'already-used' },
      guaranteeUse: {
        memberId: 'm0',
        accountDeleted: true,
        requestedAt: '2026-01-10T12:00:00.000Z',
        completedAt: '2026-01-10T12:00:05.000Z',
        matchedBy: ['address', 'card'],
      },
    });
    const { panel } = await openMember();
    expect(
      await within(panel).findByText(
        `Closed: used ${formatDateTime('2026-01-10T12:00:05.000Z')} on another account of the same person (m0, deleted; same email address and card). You can still refund an invoice by hand.`,
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Refund invoice FM-0002' })).toBeEnabled();
  });

  it('when the admin refunds part of an invoice, then a reason is required, the POST carries the amount in cents and the table shows it refunded', async () => {
    const state = serveBilling();
    const { user, panel } = await openMember();
    await user.click(await within(panel).findByRole('button', { name: 'Refund invoice FM-0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund invoice FM-0002?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Partial' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('At most $19.99.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /Amount/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '5.50');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Give a reason (it goes into the audit log).')).toBeInTheDocument();
    expect(state.posts).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Bug');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Refund invoice FM-0002?' })).not.toBeInTheDocument(),
    );
    expect(state.posts).toEqual([{ path: 'refunds', body: { invoiceId: 'in_2', amountCents: 550, reason: 'Bug' } }]);
    await waitFor(() => expect(rowsOf(panel)[0]!.slice(3)).toEqual(['$5.50', 'Partly refunded']));
  });

  it('when the admin refunds an invoice in full, then the POST has no amount, and an invoice refunded in full cannot be refunded again', async () => {
    const state = serveBilling({ invoices: [invoice()] });
    const { user, panel } = await openMember();
    await user.click(await within(panel).findByRole('button', { name: 'Refund invoice FM-0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund invoice FM-0002?' });
    expect(within(dialog).getByRole('radio', { name: 'Full: $19.99' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'By mail');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(state.posts).toHaveLength(1));
    expect(state.posts[0]).toEqual({ path: 'refunds', body: { invoiceId: 'in_2', reason: 'By mail' } });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Refund invoice FM-0002' })).toBeDisabled());
  });

  it('when the server refuses a cancellation (409), then its message shows in the dialog, which stays open; a second try cancels', async () => {
    const state = serveBilling();
    state.failNext = { status: 409, message: 'The subscription has already ended.' };
    const { user, panel } = await openMember();
    await user.click(await within(panel).findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Phone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The subscription has already ended.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel the subscription?' })).not.toBeInTheDocument(),
    );
    expect(state.posts.map((p) => p.body)).toEqual([{ reason: 'Phone' }, { reason: 'Phone' }]);
    expect(await within(panel).findByText('Status canceled.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Comp days' })).toBeInTheDocument();
  });

  it('when the admin comps a subscription, then the days must be 1 to 365 and the POST carries them with the reason', async () => {
    const state = serveBilling();
    const { user, panel } = await openMember();
    await user.click(await within(panel).findByRole('button', { name: 'Comp days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comp the subscription?' });
    const days = within(dialog).getByRole('spinbutton', { name: /Days/ });
    await user.clear(days);
    await user.type(days, '400');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Injury');
    await user.click(within(dialog).getByRole('button', { name: 'Comp' }));
    expect(within(dialog).getByText('Whole days from 1 to 365.')).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(dialog).getByRole('button', { name: 'Comp' }));
    await waitFor(() => expect(state.posts).toHaveLength(1));
    expect(state.posts[0]).toEqual({ path: 'subscription/comp', body: { reason: 'Injury', days: 14 } });
  });

  it('when billing cannot be loaded, then the panel says so and "Try again" loads it', async () => {
    const state = serveBilling();
    state.loadFails = true;
    const { user, panel } = await openMember();
    expect(await within(panel).findByText('Payments are briefly unavailable.')).toBeInTheDocument();
    state.loadFails = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('table', { name: 'Invoices' })).toBeInTheDocument();
  });
});
