import { decide } from './guarantee-rules';

const DAY = 24 * 3600 * 1000;
const now = new Date('2026-03-01T12:00:00.000Z');
const premium = { membershipLevel: 'premium' as const };
const paid = (daysAgo: number, refundedCents = 0) => ({
  paidAt: new Date(now.getTime() - daysAgo * DAY),
  amountPaidCents: 1999,
  amountRefundedCents: refundedCents,
});
const deadline = (daysAgo: number) => new Date(now.getTime() + (30 - daysAgo) * DAY).toISOString();

describe('decide (the guarantee)', () => {
  it('when the first payment is inside 30 days and nothing else is known, then eligible until 30 days after it', () => {
    expect(decide(premium, null, paid(2), now)).toEqual({ eligible: true, deadline: deadline(2) });
  });

  it('when the member used it, or was refused for a use on another account, then already-used (even once Free); a use cut short stays eligible', () => {
    for (const state of ['done', 'refused'] as const) {
      expect(decide({ membershipLevel: 'free' }, { state }, paid(2), now)).toMatchObject({ reason: 'already-used' });
    }
    expect(decide(premium, { state: 'requested' }, paid(2), now)).toMatchObject({ eligible: true });
  });

  it('when the same person used it on another account, then already-used, but a Free member or one without a payment hears that first', () => {
    expect(decide(premium, null, paid(2), now, true)).toEqual({
      eligible: false,
      deadline: deadline(2),
      reason: 'already-used',
    });
    expect(decide({ membershipLevel: 'free' }, null, paid(2), now, true)).toMatchObject({ reason: 'not-premium' });
    expect(decide(premium, null, undefined, now, true)).toMatchObject({ reason: 'no-payment' });
  });

  it('when the first payment is refunded in full, then already-refunded (before the window); in part, still eligible', () => {
    expect(decide(premium, null, paid(2, 1999), now)).toMatchObject({ eligible: false, reason: 'already-refunded' });
    expect(decide(premium, null, paid(40, 1999), now)).toMatchObject({ reason: 'already-refunded' });
    expect(decide(premium, null, paid(2, 500), now)).toMatchObject({ eligible: true });
  });

  it('when the first payment is older than 30 days, then window-ended', () => {
    expect(decide(premium, null, paid(31), now)).toEqual({
      eligible: false,
      deadline: deadline(31),
      reason: 'window-ended',
    });
  });
});
