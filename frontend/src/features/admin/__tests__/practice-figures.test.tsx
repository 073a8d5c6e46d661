import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { freeUser } from '@/testing/data';
import { buildAdminMember, serveAdmin } from '@/testing/mocks/admin-handlers';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { FIRST_LOAD_TIMEOUT_MS, renderApp, screen, waitForAppReady, within } from '@/testing/test-utils';

const admin = () => freeUser({ role: 'admin', email: 'founder@example.com' });

const practiceCard = async () => {
  const heading = await screen.findByRole(
    'heading',
    { level: 2, name: 'Practice' },
    { timeout: FIRST_LOAD_TIMEOUT_MS },
  );
  return heading.closest('section')!;
};

async function openMember(view: ReturnType<typeof renderApp>) {
  await view.user.click(await screen.findByRole('button', { name: 'Details of ada@example.com' }));
  const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace (ada@example.com)' });
  return within(dialog).getByRole('region', { name: 'Practice' });
}

describe('Founder Console: practice', () => {
  // The member view's billing: a member who never paid.
  beforeEach(() => {
    server.use(
      http.get(apiUrl('admin/billing/members/:id'), () =>
        HttpResponse.json({
          subscription: null,
          invoices: [],
          guarantee: { eligible: false, deadline: null, reason: 'no-payment' },
          guaranteeUse: null,
        }),
      ),
    );
  });

  it('when the admin opens the console, then its front page shows active members and this week’s minutes', async () => {
    serveAdmin({
      members: [buildAdminMember()],
      practice: {
        summary: { activeMembers: 7, minutesThisWeek: 1234, readMinutesThisWeek: 134, weekStart: '2026-02-09' },
        members: {},
        down: false,
      },
    });
    renderApp('/admin', { viewer: admin() });
    await waitForAppReady();
    const card = await practiceCard();
    expect(await within(card).findByText(/^7 \(practised on at least 3 of the last 7 days\)/)).toBeInTheDocument();
    expect(
      within(card).getByText('1,234 minutes (1,100 listened or watched, 134 read) since Monday 9 February'),
    ).toBeInTheDocument();
  });

  it('when the practice service is down, then the front page says so plainly and the members still show', async () => {
    serveAdmin({
      members: [buildAdminMember()],
      practice: {
        summary: { activeMembers: 7, minutesThisWeek: 1, readMinutesThisWeek: 0, weekStart: '2026-02-09' },
        members: {},
        down: true,
      },
    });
    const view = renderApp('/admin/members', { viewer: admin() });
    await waitForAppReady();
    const card = await practiceCard();
    expect(await within(card).findByText(/Practice figures could not be loaded right now/)).toBeInTheDocument();
    expect(within(card).queryByText(/practised on at least 3/)).not.toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'ada@example.com' })).toBeInTheDocument();

    // The member view too: its practice says so, its billing still loads.
    const practice = await openMember(view);
    expect(await within(practice).findByText(/Practice figures could not be loaded right now/)).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Billing' })).findByText('Closed: no Premium payment.'),
    ).toBeInTheDocument();
  });

  it('when the practice service comes back, then "Try again" shows the figures', async () => {
    const state = serveAdmin({
      members: [buildAdminMember()],
      practice: {
        summary: { activeMembers: 2, minutesThisWeek: 45, readMinutesThisWeek: 0, weekStart: '2026-02-09' },
        members: {},
        down: true,
      },
    });
    const view = renderApp('/admin/members', { viewer: admin() });
    await waitForAppReady();
    const card = await practiceCard();
    await within(card).findByText(/Practice figures could not be loaded right now/);
    state.practice.down = false;
    await view.user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(
      await within(card).findByText('45 minutes (45 listened or watched, 0 read) since Monday 9 February'),
    ).toBeInTheDocument();
  });

  it('when the admin opens a member, then their practice totals show in the member view', async () => {
    serveAdmin({
      members: [buildAdminMember(), buildAdminMember({ id: 'm2', email: 'ben@example.com', firstName: 'Ben' })],
      practice: {
        summary: { activeMembers: 1, minutesThisWeek: 80, readMinutesThisWeek: 0, weekStart: '2026-02-09' },
        members: {
          m1: {
            memberId: 'm1',
            totalMinutes: 312,
            readMinutes: 12,
            minutesLast7Days: 64,
            daysPractisedLast7: 5,
            streak: 12,
            completedItems: 9,
            lastPractisedAt: '2026-02-10T08:00:00.000Z',
          },
        },
        down: false,
      },
    });
    const view = renderApp('/admin/members', { viewer: admin() });
    await waitForAppReady();
    const practice = await openMember(view);
    expect(await within(practice).findByText('312 minutes (300 listened or watched, 12 read)')).toBeInTheDocument();
    expect(practice).toHaveTextContent(/Last 7 days\s*64 minutes on 5 days/);
    expect(practice).toHaveTextContent(/Streak\s*12 days/);
    expect(practice).toHaveTextContent(/Items completed\s*9/);
  });

  it('when the member never practised, then the member view says so', async () => {
    serveAdmin({ members: [buildAdminMember()] });
    const view = renderApp('/admin/members', { viewer: admin() });
    await waitForAppReady();
    const practice = await openMember(view);
    expect(await within(practice).findByText('Has not practised yet.')).toBeInTheDocument();
  });
});
