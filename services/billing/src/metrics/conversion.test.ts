import { freeToPremium, isoWeekLabel, isoWeekStart, trialConversion, type SignUp } from './conversion';

const member = (memberId: string, signedUpAt: string, firstPaidInvoiceAt: string | null = null): SignUp => ({
  memberId,
  signedUpAt,
  firstPaidInvoiceAt,
});

describe('freeToPremium', () => {
  it('When a week has matured 90 days, then the shares paid within 7, 30 and 90 days of sign-up', () => {
    const weeks = freeToPremium(
      [
        member('a', '2025-01-06T10:00:00Z', '2025-01-10T09:00:00Z'), // 4 days
        member('b', '2025-01-08T08:00:00Z', '2025-01-25T08:00:00Z'), // 17 days
        member('c', '2025-01-12T23:00:00Z', '2025-03-20T12:00:00Z'), // Sunday; 66.5 days
        member('d', '2025-01-09T08:00:00Z'), // never paid
      ],
      '2025-04-15T00:00:00Z',
    );
    expect(weeks).toEqual([
      {
        week: '2025-W02',
        weekStart: '2025-01-06',
        signUps: 4,
        within7: { paid: 1, share: 0.25 },
        within30: { paid: 2, share: 0.5 },
        within90: { paid: 3, share: 0.75 },
      },
    ]);
  });

  it('When a window has not elapsed for the whole week, then it is null; exactly N days still counts', () => {
    const [week] = freeToPremium([member('e', '2025-03-31T10:00:00Z', '2025-04-07T10:00:00Z')], '2025-04-14T00:00:00Z');
    expect(week).toMatchObject({ week: '2025-W14', within7: { paid: 1, share: 1 }, within30: null, within90: null });
    // One millisecond earlier, the week's 7-day window is not complete.
    expect(freeToPremium([member('e', '2025-03-31T10:00:00Z')], '2025-04-13T23:59:59.999Z')[0]!.within7).toBeNull();
  });

  it('When sign-ups or payments come after asOf, then they are not counted yet', () => {
    const weeks = freeToPremium(
      [member('f', '2025-01-06T10:00:00Z', '2025-05-01T00:00:00Z'), member('g', '2025-04-20T00:00:00Z')],
      '2025-04-15T00:00:00Z',
    );
    expect(weeks).toHaveLength(1);
    expect(weeks[0]!.within90).toEqual({ paid: 0, share: 0 });
  });

  it('When weeks straddle a new year, then ISO weeks (Monday, UTC, Thursday decides the year) label them', () => {
    expect(isoWeekLabel(isoWeekStart(Date.parse('2025-01-01T12:00:00Z')))).toBe('2025-W01');
    expect(new Date(isoWeekStart(Date.parse('2025-01-01T12:00:00Z'))).toISOString()).toBe('2024-12-30T00:00:00.000Z');
    expect(isoWeekLabel(isoWeekStart(Date.parse('2021-01-03T23:59:59Z')))).toBe('2020-W53');
    expect(isoWeekLabel(isoWeekStart(Date.parse('2026-12-31T00:00:00Z')))).toBe('2026-W53');
  });
});

describe('trialConversion', () => {
  it('When trials ended in the period, then the share whose first invoice after the end was paid', () => {
    const trials = [
      { memberId: 'a', trialEndAt: '2025-03-01T00:00:00Z', firstInvoiceAfterEndPaid: true },
      { memberId: 'b', trialEndAt: '2025-03-15T00:00:00Z', firstInvoiceAfterEndPaid: false },
      { memberId: 'c', trialEndAt: '2025-03-31T23:59:59Z', firstInvoiceAfterEndPaid: true },
      { memberId: 'd', trialEndAt: '2025-02-28T23:59:59Z', firstInvoiceAfterEndPaid: true },
      { memberId: 'e', trialEndAt: '2025-04-01T00:00:00Z', firstInvoiceAfterEndPaid: false },
    ];
    expect(trialConversion(trials, { from: '2025-03-01', to: '2025-03-31' })).toEqual({
      ended: 3,
      converted: 2,
      rate: 2 / 3,
    });
    expect(trialConversion(trials, { from: '2025-05-01', to: '2025-05-31' })).toEqual({
      ended: 0,
      converted: 0,
      rate: null,
    });
  });
});
