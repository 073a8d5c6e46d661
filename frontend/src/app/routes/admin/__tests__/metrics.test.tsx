import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { freeUser } from '@/testing/data';
import { axeViolations } from '@/testing/axe';
import { blobText } from '@/testing/blob-text';
import { buildAdminMember, serveAdmin } from '@/testing/mocks/admin-handlers';
import { apiUrl } from '@/testing/mocks/handlers';
import {
  buildAdminMetrics,
  buildChurnRiskMember,
  buildCohorts,
  dailySeries,
  serveMetrics,
} from '@/testing/mocks/metrics-handlers';
import { server } from '@/testing/mocks/server';
import { FIRST_LOAD_TIMEOUT_MS, renderApp, screen, waitFor, waitForAppReady, within } from '@/testing/test-utils';
import { setViewportWidth } from '@/testing/viewport';

const admin = () => freeUser({ role: 'admin', email: 'founder@example.com' });

/** "+$1,130.00" / "-$20.00" → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

const section = async (name: string) => {
  const heading = await screen.findByRole('heading', { level: 2, name }, { timeout: FIRST_LOAD_TIMEOUT_MS });
  return heading.closest('section')!;
};

/** The table's rows below its header, each as its header cell's and its cells' text. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      ...within(row)
        .queryAllByRole('rowheader')
        .map((c) => c.textContent),
      ...within(row)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    ]);

/** A tile of the figures: its term, value and detail. */
const figureOf = (revenue: HTMLElement, term: string) =>
  within(revenue).getByText(term, { selector: 'dt' }).parentElement!;

async function openMetrics() {
  const view = renderApp('/admin/metrics', { viewer: admin() });
  await waitForAppReady();
  const revenue = await section('Revenue');
  return { ...view, revenue };
}

describe('Founder Console: metrics', () => {
  beforeEach(() => {
    // Today is Sunday 29 November 2026 (UTC); the clock still moves for everything else.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T12:00:00Z'), shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('when the founder opens Metrics, then the tiles show the period’s figures and the waterfall walks from start to end', async () => {
    const state = serveMetrics({ metrics: buildAdminMetrics({ ltvCents: null }) });
    const { revenue } = await openMetrics();
    expect(screen.getByRole('tab', { name: 'Metrics' })).toHaveAttribute('aria-current', 'page');

    const figure = (term: string) => figureOf(revenue, term);
    await within(revenue).findByRole('table', { name: 'MRR movements' });
    expect(figure('MRR')).toHaveTextContent('$1,130.00+$130.00 (+13.0%) since Oct 31, 2026');
    expect(figure('ARR')).toHaveTextContent('$13,560.00+$1,560.00 (+13.0%) since Oct 31, 2026');
    expect(figure('Paying members')).toHaveTextContent('57');
    expect(figure('Customer churn')).toHaveTextContent('10.0%');
    expect(figure('Gross MRR churn')).toHaveTextContent('12.0%');
    expect(figure('Net MRR churn')).toHaveTextContent('4.0%');
    expect(figure('ARPA')).toHaveTextContent('$19.82');
    expect(figure('LTV').querySelector('dd')).toHaveTextContent(/^—$/);
    expect(figure('Scheduled churn')).toHaveTextContent('$39.98');
    expect(figure('Cash')).toHaveTextContent('$1,450.00$1,500.00 charged, $50.00 refunded; coaching $200.00 apart');

    const rows = bodyRows(within(revenue).getByRole('table', { name: 'MRR movements' }));
    expect(rows.map((r) => r[0])).toEqual([
      'MRR at start',
      'New',
      'Expansion',
      'Reactivation',
      'Contraction',
      'Churn',
      'Paused',
      'Resumed',
      'MRR at end',
    ]);
    expect(rows.slice(1, -1).map((r) => r[1])).toEqual([
      '+$200.00',
      '+$50.00',
      '+$30.00',
      '-$20.00',
      '-$100.00',
      '-$40.00',
      '+$10.00',
    ]);
    // Each step's MRR is the one before plus its change; start and end are the response's.
    const start = cents(rows[0]![2]!);
    expect(start).toBe(100_000);
    let level = start;
    for (const row of rows.slice(1, -1)) {
      level += cents(row[1]!);
      expect(cents(row[2]!)).toBe(level);
    }
    expect(cents(rows.at(-1)![2]!)).toBe(level);
    expect(level).toBe(113_000);

    // The 12-month line: its own request, described in words.
    expect(state.queries.metrics).toContainEqual({ from: '2025-11-30', to: '2026-11-29' });
    const line = await section('MRR over 12 months');
    expect(await within(line).findByRole('img', { name: 'MRR over the last 12 months' })).toBeInTheDocument();
    expect(within(line).getByRole('table', { name: "MRR at each month's end" })).toBeInTheDocument();
  });

  it('when the 12 months grew, then the line’s summary and month-end table say from what to what', async () => {
    const series = dailySeries('2025-11-30', '2026-11-29', (i) => 50_000 + i * 100);
    serveMetrics({ metrics: buildAdminMetrics({ series }) });
    await openMetrics();
    const line = await section('MRR over 12 months');
    expect(
      await within(line).findByText(
        'MRR from $500.00 on Nov 30, 2025 to $864.00 on Nov 29, 2026; lowest $500.00, highest $864.00.',
      ),
    ).toBeInTheDocument();
    const months = bodyRows(within(line).getByRole('table', { name: "MRR at each month's end" }));
    expect(months).toHaveLength(13);
    expect(months[0]).toEqual(['Nov 30, 2025', '$500.00']);
    expect(months[1]).toEqual(['Dec 31, 2025', '$531.00']);
    expect(months.at(-1)).toEqual(['Nov 29, 2026', '$864.00']);
  });

  it('when a cohort’s window has not ended, then it shows "—", and practice per week k is in its own table', async () => {
    serveMetrics({
      cohorts: buildCohorts({
        freeToPremium: [
          {
            week: '2026-W35',
            weekStart: '2026-08-24',
            signUps: 40,
            within7: { paid: 2, share: 0.05 },
            within30: { paid: 5, share: 0.125 },
            within90: null,
          },
          {
            week: '2026-W47',
            weekStart: '2026-11-16',
            signUps: 8,
            within7: { paid: 1, share: 0.125 },
            within30: null,
            within90: null,
          },
        ],
        trialConversion: { ended: 10, converted: 3, rate: 0.3 },
        engagement: [
          {
            week: '2026-W35',
            weekStart: '2026-08-24',
            premiumMembers: 5,
            practised: [
              { k: 0, share: 0.8 },
              { k: 1, share: 0.6 },
            ],
          },
          {
            week: '2026-W47',
            weekStart: '2026-11-16',
            premiumMembers: 1,
            practised: [
              { k: 0, share: 1 },
              { k: 1, share: null },
            ],
          },
        ],
      }),
    });
    await openMetrics();
    const conversion = await section('Free to Premium');
    const table = await within(conversion).findByRole('table', { name: 'Free to Premium by sign-up week' });
    expect(bodyRows(table)).toEqual([
      ['2026-W35 (Aug 24, 2026)', '40', '5.0% (2)', '12.5% (5)', '—'],
      ['2026-W47 (Nov 16, 2026)', '8', '12.5% (1)', '—', '—'],
    ]);
    expect(conversion).toHaveTextContent(
      'Trial conversion: 3 of 10 trials that ended paid their first invoice (30.0%).',
    );

    const practice = within(await section('Practice by cohort')).getByRole('table', {
      name: 'Practice by sign-up week',
    });
    expect(
      within(practice)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Sign-up week', 'Premium members', 'Week 0', 'Week 1']);
    expect(bodyRows(practice)).toEqual([
      ['2026-W35 (Aug 24, 2026)', '5', '80.0%', '60.0%'],
      ['2026-W47 (Nov 16, 2026)', '1', '100.0%', '—'],
    ]);
  });

  it('when the founder exports the churn-risk list, then the CSV has the header and exactly the rows shown, quoted', async () => {
    const saved: { href: string; download: string }[] = [];
    // jsdom has no object URLs and does not download: record what the link would save.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    serveMetrics({
      churnRisk: {
        asOf: '2026-11-29',
        members: [
          buildChurnRiskMember({ memberId: 'm2', name: 'Hogan, "Ben"', email: 'ben@example.com' }),
          buildChurnRiskMember({
            memberId: 'm3',
            name: '=1+2',
            email: 'eve@example.com',
            lastPracticeDay: null,
            renewalDate: null,
            mrrCents: 166_583,
            currency: 'eur',
          }),
        ],
      },
    });
    const { user } = await openMetrics();
    const risk = await section('Churn risk');
    await within(risk).findByRole('table', { name: 'Churn risk' });
    await user.click(within(risk).getByRole('button', { name: 'Export CSV of Churn risk' }));

    expect(saved).toEqual([{ href: 'blob:csv', download: 'churn-risk-2026-11-29.csv' }]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // (FileReader drops the byte-order mark the file starts with.)
    expect(await blobText(blob)).toBe(
      'Member,Email,Last practised,Renews,MRR\r\n' +
        '"Hogan, ""Ben""",ben@example.com,"Nov 2, 2026","Dec 10, 2026",$19.99\r\n' +
        '\'=1+2,eve@example.com,Never,—,"€1,665.83"\r\n',
    );
  });

  it('when the founder picks a period, then the figures are asked for with its from and to', async () => {
    const state = serveMetrics();
    const { user, revenue } = await openMetrics();
    await within(revenue).findByRole('table', { name: 'MRR movements' });
    expect(state.queries.metrics).toContainEqual({ from: '2026-10-31', to: '2026-11-29' });

    const pick = async (option: string) => {
      await user.click(within(revenue).getByRole('combobox', { name: 'Period' }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick('This month');
    await waitFor(() => expect(state.queries.metrics.at(-1)).toEqual({ from: '2026-11-01', to: '2026-11-29' }));
    await waitFor(() => expect(figureOf(revenue, 'MRR')).toHaveTextContent(/since Nov 1, 2026$/));
    await pick('Last 3 months');
    await waitFor(() => expect(state.queries.metrics.at(-1)).toEqual({ from: '2026-08-30', to: '2026-11-29' }));
    // The last 12 months are the line's request already: shown from it, not asked again.
    const asked = state.queries.metrics.length;
    await pick('Last 12 months');
    await waitFor(() => expect(figureOf(revenue, 'MRR')).toHaveTextContent(/since Nov 30, 2025$/));
    expect(state.queries.metrics).toHaveLength(asked);

    await pick('Custom');
    fireEvent.change(within(revenue).getByLabelText('From'), { target: { value: '2026-06-01' } });
    fireEvent.change(within(revenue).getByLabelText('To'), { target: { value: '2026-06-30' } });
    await user.click(within(revenue).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(state.queries.metrics.at(-1)).toEqual({ from: '2026-06-01', to: '2026-06-30' }));
    await waitFor(() => expect(figureOf(revenue, 'MRR')).toHaveTextContent(/since Jun 1, 2026$/));
  });

  it('when a custom range is refused, then the message shows and the dates stay as typed', async () => {
    const state = serveMetrics();
    const { user, revenue } = await openMetrics();
    await within(revenue).findByRole('table', { name: 'MRR movements' });
    await user.click(within(revenue).getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Custom' }));
    const from = within(revenue).getByLabelText('From');
    const to = within(revenue).getByLabelText('To');

    // Backwards: refused here, never asked for.
    const asked = state.queries.metrics.length;
    fireEvent.change(from, { target: { value: '2026-11-20' } });
    fireEvent.change(to, { target: { value: '2026-11-10' } });
    await user.click(within(revenue).getByRole('button', { name: 'Show' }));
    expect(await within(revenue).findByText('The period must start on or before the day it ends.')).toBeInTheDocument();
    expect(state.queries.metrics).toHaveLength(asked);

    // Too long: the server's 400 and its message.
    state.failNext = { status: 400, message: 'A period is at most 5 years long.' };
    fireEvent.change(from, { target: { value: '2019-01-01' } });
    fireEvent.change(to, { target: { value: '2026-11-29' } });
    await user.click(within(revenue).getByRole('button', { name: 'Show' }));
    expect(await within(revenue).findByText('A period is at most 5 years long.')).toBeInTheDocument();
    expect(state.queries.metrics.at(-1)).toEqual({ from: '2019-01-01', to: '2026-11-29' });
    expect(from).toHaveValue('2019-01-01');
    expect(to).toHaveValue('2026-11-29');
    expect(within(revenue).queryByRole('table', { name: 'MRR movements' })).not.toBeInTheDocument();
  });

  it('when no one has paid yet, then the figures say so instead of zeros', async () => {
    serveMetrics({
      metrics: buildAdminMetrics({
        mrrCents: 0,
        arrCents: 0,
        payingMembers: 0,
        scheduledChurnCents: 0,
        movements: {
          newCents: 0,
          expansionCents: 0,
          reactivationCents: 0,
          contractionCents: 0,
          churnCents: 0,
          pausedCents: 0,
          resumedCents: 0,
        },
        customerChurnRate: null,
        mrrChurn: { gross: null, net: null },
        arpaCents: null,
        ltvCents: null,
        cash: { chargesCents: 0, refundsCents: 0, coachingCents: 0 },
      }),
    });
    const { revenue } = await openMetrics();
    expect(await within(revenue).findByText('No paying members and no payments in this period.')).toBeInTheDocument();
    expect(within(revenue).queryByRole('table', { name: 'MRR movements' })).not.toBeInTheDocument();
  });

  it('when the founder follows a churn-risk member, then the members list opens on their view', async () => {
    serveAdmin({
      members: [
        buildAdminMember(),
        buildAdminMember({ id: 'm2', email: 'ben@example.com', firstName: 'Ben', lastName: 'Hogan' }),
      ],
    });
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
    serveMetrics({
      churnRisk: {
        asOf: '2026-11-29',
        members: [buildChurnRiskMember({ memberId: 'm2', name: 'Ben Hogan', email: 'ben@example.com' })],
      },
    });
    const { user, location } = await openMetrics();
    const risk = await section('Churn risk');
    await user.click(await within(risk).findByRole('link', { name: 'Ben Hogan' }));

    expect(await screen.findByRole('dialog', { name: 'Ben Hogan (ben@example.com)' })).toBeInTheDocument();
    expect(location().pathname).toBe('/admin/members');
    expect(screen.getByRole('searchbox', { name: 'Search members', hidden: true })).toHaveValue('ben@example.com');
  });

  it('when the page is read on a 360 px phone, then axe finds no violations and each table scrolls in its own region', async () => {
    setViewportWidth(360);
    serveMetrics({
      cohorts: buildCohorts({
        freeToPremium: [
          {
            week: '2026-W47',
            weekStart: '2026-11-16',
            signUps: 8,
            within7: { paid: 1, share: 0.125 },
            within30: null,
            within90: null,
          },
        ],
        engagement: [{ week: '2026-W47', weekStart: '2026-11-16', premiumMembers: 1, practised: [{ k: 0, share: 1 }] }],
      }),
      churnRisk: { asOf: '2026-11-29', members: [buildChurnRiskMember()] },
    });
    const { revenue } = await openMetrics();
    await within(revenue).findByRole('table', { name: 'MRR movements' });
    await within(await section('MRR over 12 months')).findByRole('img');
    await within(await section('Practice by cohort')).findByRole('table');
    await within(await section('Churn risk')).findByRole('table');

    for (const name of ['MRR movements', 'Free to Premium by sign-up week', 'Practice by sign-up week', 'Churn risk']) {
      const region = screen.getByRole('region', { name: `${name} table` });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(within(region).getByRole('table', { name })).toBeInTheDocument();
    }
    expect(await axeViolations()).toBe('');
  });
});
