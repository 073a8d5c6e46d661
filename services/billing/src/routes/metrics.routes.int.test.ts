/**
 * GET /api/admin/metrics (issue 46): the founder's numbers from the ledger that real signed
 * webhook deliveries wrote, and billing's payment records; admins only; a bad period is a 400.
 */
import { adminMetricsSchema, MAX_METRICS_DAYS } from '@fm/contracts';
import { insertUser, loggedInAdmin, loggedInMember } from '@fm/shared/testing';
import request from 'supertest';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { uniqueId, type SubscriptionEventOptions } from '../../test/stripe-events';
import { billingModels } from '../domain/billing.models';
import { mrrModels } from '../domain/mrr-ledger.models';

let billing: BillingTestService;
let admin: string;
const at = (day: string) => Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000);

/**
 * Four members join on 2025-01-10 (A $20, B $30, C $10, D $15 a month); B cancels on 03-15; in
 * August A goes to $25 (08-05), C pauses (08-10), D cancels at the period end (08-20). A's first
 * two invoices are paid on 01-10 and 08-05.
 */
beforeAll(async () => {
  billing = await startBillingService();
  admin = (await loggedInAdmin(billing.deps)).cookie;
  const deliver = async (event: Parameters<BillingTestService['deliver']>[0]) =>
    expect((await billing.deliver(event)).status).toBe(200);
  const join = async (unitAmount: number) => {
    const user = await insertUser(billing.deps);
    const base = { subscriptionId: uniqueId('sub'), customerId: uniqueId('cus'), userId: user.id, unitAmount };
    const event = (
      type: Parameters<typeof billing.events.subscriptionEvent>[0],
      day: string,
      more: Partial<SubscriptionEventOptions> = {},
    ) => billing.events.subscriptionEvent(type, { status: 'active', ...base, created: at(day), ...more });
    await deliver(event('customer.subscription.created', '2025-01-10'));
    return { ...base, event };
  };
  const a = await join(2000);
  const b = await join(3000);
  const c = await join(1000);
  const d = await join(1500);
  await deliver(b.event('customer.subscription.deleted', '2025-03-15', { status: 'canceled' }));
  await deliver(a.event('customer.subscription.updated', '2025-08-05', { unitAmount: 2500 }));
  await deliver(c.event('customer.subscription.updated', '2025-08-10', { pauseCollection: { behavior: 'void' } }));
  await deliver(d.event('customer.subscription.updated', '2025-08-20', { cancelAtPeriodEnd: true }));
  for (const [day, amountPaid] of [
    ['2025-01-10', 2000],
    ['2025-08-05', 2500],
  ] as const) {
    await deliver(billing.events.invoicePaid({ ...a, amountPaid, created: at(day) }));
  }
  // A coaching session paid in August and one refunded then (coaching is kept apart from Premium).
  const { CoachingBooking } = billingModels(billing.deps.mongo);
  for (const [status, refundedAt] of [
    ['paid', null],
    ['refunded', new Date('2025-08-21T09:00:00Z')],
  ] as const) {
    await CoachingBooking.create({
      _id: uniqueId('cb'),
      paymentIntentId: uniqueId('pi'),
      userId: a.userId,
      status,
      amountCents: 10_000,
      currency: 'usd',
      paidAt: new Date('2025-08-12T10:00:00Z'),
      refundedAt,
    });
  }
});
afterAll(() => billing.close());

const metrics = (query: string, cookie = admin) =>
  request(billing.app.callback()).get(`/api/admin/metrics${query}`).set('Cookie', cookie);

describe('GET /api/admin/metrics', () => {
  it('when the founder asks for August 2025, then MRR, its movements, churn, ARPA, LTV, cash and the daily series follow from the deliveries', async () => {
    const res = await metrics('?from=2025-08-01&to=2025-08-31');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = adminMetricsSchema.parse(res.body);
    expect(body).toMatchObject({
      currency: 'usd',
      mrrCents: 4000,
      arrCents: 48_000,
      payingMembers: 2,
      scheduledChurnCents: 1500,
      movements: {
        newCents: 0,
        expansionCents: 500,
        reactivationCents: 0,
        contractionCents: 0,
        churnCents: 0,
        pausedCents: 1000,
        resumedCents: 0,
      },
      customerChurnRate: 0,
      mrrChurn: { gross: 0 },
      arpaCents: 2000,
      // One churn of four paying in March; none in the other five months before August.
      ltvCents: 48_000,
      cash: { chargesCents: 2500, refundsCents: 0, coachingCents: 10_000 },
    });
    expect(body.mrrChurn.net).toBeCloseTo(-500 / 4500, 10);
    expect(body.series).toHaveLength(31);
    expect(body.series.slice(3, 5)).toEqual([
      { date: '2025-08-04', mrrCents: 4500 },
      { date: '2025-08-05', mrrCents: 5000 },
    ]);
    expect(body.series.at(-1)).toEqual({ date: '2025-08-31', mrrCents: 4000 });
  });

  it('when the founder asks for the first quarter, then the joins are new and the cancellation churn', async () => {
    const res = await metrics('?from=2025-01-01&to=2025-03-31&currency=USD');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      currency: 'usd',
      mrrCents: 4500,
      payingMembers: 3,
      movements: { newCents: 7500, churnCents: 3000 },
      // Joined and left inside the period: in neither count; no one paid at its start.
      customerChurnRate: null,
      mrrChurn: { gross: null, net: null },
      cash: { chargesCents: 2000, refundsCents: 0, coachingCents: 0 },
    });
  });

  it('when a refund of a Premium payment is recorded today, then it is in the cash of a period holding today', async () => {
    const { SubscriptionPayment } = billingModels(billing.deps.mongo);
    const august = await SubscriptionPayment.findOne({ amountPaidCents: 2500 }).lean();
    await SubscriptionPayment.updateOne({ _id: august!._id }, { $max: { amountRefundedCents: 2500 } });
    const today = new Date().toISOString().slice(0, 10);
    const res = await metrics(`?from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.body.cash).toEqual({ chargesCents: 0, refundsCents: 2500, coachingCents: 0 });
    // A refund moves no MRR.
    expect(res.body.mrrCents).toBe(4000);
  });

  it('when another currency is asked for, then its figures, all zero here', async () => {
    const res = await metrics('?from=2025-08-01&to=2025-08-03&currency=eur');
    expect(res.status).toBe(200);
    expect(adminMetricsSchema.parse(res.body)).toEqual({
      currency: 'eur',
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
      series: [
        { date: '2025-08-01', mrrCents: 0 },
        { date: '2025-08-02', mrrCents: 0 },
        { date: '2025-08-03', mrrCents: 0 },
      ],
    });
  });

  it('when a visitor asks, then 401; when a member who is not an admin asks, then 403', async () => {
    const visitor = await request(billing.app.callback()).get('/api/admin/metrics?from=2025-08-01&to=2025-08-31');
    expect(visitor.status).toBe(401);
    const { cookie } = await loggedInMember(billing.deps, { membershipLevel: 'premium' });
    const member = await metrics('?from=2025-08-01&to=2025-08-31', cookie);
    expect(member).toMatchObject({ status: 403, body: { code: 'ADMIN_REQUIRED' } });
  });

  it.each([
    ['', 'from is required: one day, YYYY-MM-DD'],
    ['?from=2025-08-01', 'to is required: one day, YYYY-MM-DD'],
    ['?from=2025-8-1&to=2025-08-31', 'from must be a day written YYYY-MM-DD'],
    ['?from=2025-02-30&to=2025-03-31', 'from is not a calendar day'],
    ['?from=2025-08-31&to=2025-08-01', 'to must not be before from'],
    ['?from=2022-01-01&to=2025-01-01', `The period is at most ${MAX_METRICS_DAYS} days (three years)`],
    ['?from=2025-08-01&to=2025-08-31&currency=dollars', 'currency must be a three-letter code, e.g. usd'],
    ['?from=2025-08-01&from=2025-08-02&to=2025-08-31', 'from must be given once: one day, YYYY-MM-DD'],
    ['?from=2025-08-01&to=2025-08-31&page=2', 'Unknown query parameter: page'],
  ])('when the query is "%s", then 400 saying "%s"', async (query, message) => {
    const res = await metrics(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('when the period is exactly three years, then it is answered', async () => {
    const res = await metrics('?from=2023-01-01&to=2025-12-31');
    expect(res.status).toBe(200);
    expect(res.body.series).toHaveLength(MAX_METRICS_DAYS);
    expect(await mrrModels(billing.deps.mongo).MrrDelta.countDocuments()).toBe(7);
  });
});

describe('a ledger written before the day totals', () => {
  it('when a member of it has their next step, then their rows are added to their days once, as if written now', async () => {
    const { MrrDay, MrrMember } = mrrModels(billing.deps.mongo);
    const user = await insertUser(billing.deps);
    const base = { subscriptionId: uniqueId('sub'), customerId: uniqueId('cus'), userId: user.id, unitAmount: 1200 };
    const event = (
      type: Parameters<typeof billing.events.subscriptionEvent>[0],
      day: string,
      more: Partial<SubscriptionEventOptions> = {},
    ) => billing.events.subscriptionEvent(type, { status: 'active', ...base, created: at(day), ...more });
    const pause = { pauseCollection: { behavior: 'void' as const } };
    for (const e of [
      event('customer.subscription.created', '2024-02-05'),
      event('customer.subscription.updated', '2024-03-10', pause),
      event('customer.subscription.updated', '2024-03-20'),
      event('customer.subscription.deleted', '2024-04-02', { status: 'canceled' }),
    ]) {
      expect((await billing.deliver(e)).status).toBe(200);
    }
    const days = { currency: 'usd', day: { $gte: '2024-02-01', $lt: '2024-05-01' } };
    const written = await MrrDay.find(days, { _id: 0 }).sort({ day: 1 }).lean();
    expect(written.map((d) => d.day)).toEqual(['2024-02-05', '2024-03-10', '2024-03-20', '2024-04-02']);
    expect(written.at(-1)!.churns).toEqual([
      { since: '2024-02-05', gaps: [{ pause: '2024-03-10', resume: '2024-03-20' }] },
    ]);

    // As before the day totals: no days, no spells on the member.
    await MrrDay.deleteMany(days);
    await MrrMember.updateOne({ _id: user.id }, { $unset: { spells: 1, scheduledChurnCurrency: 1 } });
    const later = event('customer.subscription.updated', '2024-05-10', { status: 'canceled' });
    expect((await billing.deliver(later)).status).toBe(200);
    expect(await MrrDay.find(days, { _id: 0 }).sort({ day: 1 }).lean()).toEqual(written);
    // Again: nothing added twice.
    await MrrMember.updateOne({ _id: user.id }, { $unset: { spells: 1 } });
    expect(
      (await billing.deliver(event('customer.subscription.updated', '2024-05-11', { status: 'canceled' }))).status,
    ).toBe(200);
    expect(await MrrDay.find(days, { _id: 0 }).sort({ day: 1 }).lean()).toEqual(written);
  });
});
