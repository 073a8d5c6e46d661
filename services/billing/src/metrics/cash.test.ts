import { cashFigures, type Charge, type Refund } from './cash';

const charge = (
  id: string,
  at: string,
  amountCents: number,
  kind: Charge['kind'] = 'premium',
  currency = 'usd',
): Charge => ({
  id,
  at,
  amountCents,
  kind,
  currency,
});
const refund = (id: string, at: string, amountCents: number, extra: Partial<Refund> = {}): Refund => ({
  id,
  at,
  amountCents,
  kind: 'premium',
  currency: 'usd',
  guarantee: false,
  ...extra,
});

describe('cashFigures', () => {
  it('When Premium, a gift, coaching and refunds are paid, then charges − refunds, coaching apart, guarantee counted', () => {
    const charges = [
      charge('ch_1', '2025-03-01T00:00:00Z', 1999),
      charge('ch_2', '2025-03-10T00:00:00Z', 1999),
      charge('ch_3', '2025-03-31T23:59:59Z', 1999),
      charge('ch_4', '2025-03-12T00:00:00Z', 2500, 'gift'),
      charge('ch_5', '2025-03-05T00:00:00Z', 10_000, 'coaching'),
      charge('ch_6', '2025-03-05T00:00:00Z', 1799, 'premium', 'EUR'),
      charge('ch_7', '2025-02-28T23:59:59Z', 1999), // before the period
    ];
    const refunds = [
      refund('re_1', '2025-03-20T00:00:00Z', 1999, { guarantee: true }), // of ch_7: counted on its own day
      refund('re_2', '2025-03-21T00:00:00Z', 500),
      refund('re_3', '2025-03-22T00:00:00Z', 2500, { kind: 'coaching' }),
      refund('re_4', '2025-04-01T00:00:00Z', 10_000, { kind: 'coaching' }), // after the period
    ];
    expect(cashFigures(charges, refunds, { from: '2025-03-01', to: '2025-03-31' })).toEqual({
      usd: {
        currency: 'usd',
        chargesCents: 8497,
        refundsCents: 2499,
        guaranteeRefundsCents: 1999,
        coachingCents: 7500,
        netCents: 5998,
      },
      eur: {
        currency: 'eur',
        chargesCents: 1799,
        refundsCents: 0,
        guaranteeRefundsCents: 0,
        coachingCents: 0,
        netCents: 1799,
      },
    });
  });

  it('When an amount is not whole cents, then it is refused', () => {
    expect(() =>
      cashFigures([charge('ch_1', '2025-03-01T00:00:00Z', 19.99)], [], { from: '2025-03-01', to: '2025-03-31' }),
    ).toThrow(RangeError);
  });
});
