/**
 * The cash day totals (billing_cash_days, cash-days.ts) against FerretDB: replayed charge and
 * refund deliveries leave them unchanged, and over a simulated history they give the same cash as
 * the raw payment records.
 */
import { insertUser, loggedInAdmin } from '@fm/shared/testing';
import request from 'supertest';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { uniqueId } from '../../test/stripe-events';
import { cashFigures, type Charge, type Refund } from '../metrics/cash';
import { cashFromDays } from '../metrics/cash-days';
import { billingModels } from './billing.models';
import { CashDays } from './cash-days';
import { mrrModels } from './mrr-ledger.models';

let billing: BillingTestService;
let admin: string;
const DAY = 86_400_000;

beforeAll(async () => {
  billing = await startBillingService();
  admin = (await loggedInAdmin(billing.deps)).cookie;
});
afterAll(() => billing.close());

const cashDays = () =>
  new CashDays({
    models: billingModels(billing.deps.mongo),
    mrr: mrrModels(billing.deps.mongo),
    redis: billing.deps.redis,
    redisPrefix: billing.deps.config.REDIS_PREFIX,
  });
const days = () => mrrModels(billing.deps.mongo).CashDay.find({}).sort({ _id: 1 }).lean();
const cashOf = async (from: string, to: string) => {
  const res = await request(billing.app.callback())
    .get(`/api/admin/metrics?from=${from}&to=${to}`)
    .set('Cookie', admin);
  expect(res.status).toBe(200);
  return res.body.cash;
};

describe('cash day totals', () => {
  it('when a charge, a refund and a coaching refund are delivered again, then the day totals do not change', async () => {
    const { SubscriptionPayment, CoachingBooking } = billingModels(billing.deps.mongo);
    const user = await insertUser(billing.deps);
    const paid = billing.events.invoicePaid({
      subscriptionId: uniqueId('sub'),
      customerId: uniqueId('cus'),
      userId: user.id,
      amountPaid: 2500,
      invoiceId: uniqueId('in'),
      created: Math.floor(Date.parse('2025-08-05T12:00:00Z') / 1000),
    });
    expect((await billing.deliver(paid)).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const booking = uniqueId('cb');
    await CoachingBooking.create({
      _id: booking,
      paymentIntentId: uniqueId('pi'),
      userId: user.id,
      status: 'paid',
      amountCents: 10_000,
      currency: 'usd',
      paidAt: new Date('2025-08-12T10:00:00Z'),
    });
    expect(await cashOf('2025-08-01', '2025-08-31')).toEqual({
      chargesCents: 2500,
      refundsCents: 0,
      coachingCents: 10_000,
    });

    // The refunds as the webhooks record them (premium-refunds: $max of the amount; refund.handlers: once refunded).
    const refund = () => SubscriptionPayment.updateOne({ eventId: paid.id }, { $max: { amountRefundedCents: 1000 } });
    const refundCoaching = () =>
      CoachingBooking.updateOne(
        { _id: booking, status: { $ne: 'refunded' } },
        { $set: { status: 'refunded', refundedAt: new Date(`${today}T09:00:00Z`) } },
      );
    await refund();
    await refundCoaching();
    expect(await cashOf(today, today)).toEqual({ chargesCents: 0, refundsCents: 1000, coachingCents: -10_000 });
    const before = await days();

    // Replays: the same event again, the same refunds recorded again, then every record read again from scratch.
    expect((await billing.deliver(paid)).status).toBe(200);
    await refund();
    await refundCoaching();
    expect(await cashOf(today, today)).toEqual({ chargesCents: 0, refundsCents: 1000, coachingCents: -10_000 });
    await mrrModels(billing.deps.mongo).CashEntry.updateOne({ _id: '$sync' }, { $set: { syncedTo: null } });
    expect(await cashDays().sync()).toBe(0);
    // A sync that died after adding a change but before clearing it: the next one finishes it, once.
    const { CashEntry } = mrrModels(billing.deps.mongo);
    const entry = await CashEntry.findById(
      `premium:${(await SubscriptionPayment.findOne({ eventId: paid.id }))!._id}`,
    ).lean();
    const lastChange = entry!.parts.filter((part) => part.field === 'refundsCents'); // version 2: the refund
    expect(entry!.v).toBe(2);
    await CashEntry.updateOne({ _id: entry!._id }, { $set: { pending: lastChange } });
    await SubscriptionPayment.updateOne({ eventId: paid.id }, { $max: { amountRefundedCents: 1000 } });
    await cashDays().sync();
    expect(await days()).toEqual(before);
    expect(await cashOf('2025-08-01', '2025-08-31')).toEqual({
      chargesCents: 2500,
      refundsCents: 0,
      coachingCents: 10_000,
    });
  });

  it('when a simulated 90-day history of payments, refunds and coaching is synced day by day, then its cash equals the raw records’ cash', async () => {
    const { SubscriptionPayment, CoachingBooking } = billingModels(billing.deps.mongo);
    let s = 46;
    const rnd = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const start = Date.parse('2024-01-01T00:00:00Z');
    const payments: string[] = [];
    const bookings: string[] = [];
    const sync = cashDays();
    // The history's records are written with their own (past) times, without the first test's records (written now).
    await SubscriptionPayment.deleteMany({});
    await CoachingBooking.deleteMany({});
    const { CashEntry } = mrrModels(billing.deps.mongo);
    for (let d = 0; d < 90; d++) {
      const at = (h: number) => new Date(start + d * DAY + h * 3_600_000);
      for (let n = Math.floor(rnd() * 4); n > 0; n--) {
        const id = uniqueId('in_sim');
        payments.push(id);
        await SubscriptionPayment.collection.insertOne({
          _id: id as never,
          subscriptionId: 'sub_sim',
          userId: 'sim',
          amountPaidCents: rnd() < 0.8 ? 1999 : 19_990,
          currency: rnd() < 0.9 ? 'usd' : 'eur',
          billingReason: 'subscription_cycle',
          paidAt: at(rnd() * 23),
          eventId: uniqueId('evt'),
          amountRefundedCents: 0,
          createdAt: at(23),
          updatedAt: at(23),
        });
      }
      if (payments.length && rnd() < 0.3) {
        // A refund (partial or full, maybe a second one) of an earlier payment, recorded today.
        const id = payments[Math.floor(rnd() * payments.length)]!;
        const p = (await SubscriptionPayment.findById(id).lean())!;
        const more = Math.min(p.amountPaidCents, (p.amountRefundedCents ?? 0) + Math.ceil(rnd() * 1000));
        await SubscriptionPayment.collection.updateOne(
          { _id: id as never },
          { $max: { amountRefundedCents: more }, $set: { updatedAt: at(23.5) } },
        );
      }
      if (rnd() < 0.2) {
        const id = uniqueId('cb_sim');
        bookings.push(id);
        await CoachingBooking.collection.insertOne({
          _id: id as never,
          paymentIntentId: uniqueId('pi'),
          userId: 'sim',
          status: 'paid',
          amountCents: 10_000,
          currency: 'usd',
          paidAt: at(12),
          refundedAt: null,
          createdAt: at(23),
          updatedAt: at(23),
        });
      }
      if (bookings.length && rnd() < 0.1) {
        const id = bookings[Math.floor(rnd() * bookings.length)]!;
        await CoachingBooking.collection.updateOne(
          { _id: id as never, status: { $ne: 'refunded' } },
          { $set: { status: 'refunded', refundedAt: at(20), updatedAt: at(23.5) } },
        );
      }
      // The history's clock: the last sync started as this day began (it reads the day's records).
      await CashEntry.updateOne({ _id: '$sync' }, { $set: { syncedTo: new Date(start + d * DAY) } });
      await sync.sync();
      if (rnd() < 0.2) {
        // A replay: the whole day read again changes nothing.
        await CashEntry.updateOne({ _id: '$sync' }, { $set: { syncedTo: new Date(start + d * DAY) } });
        expect(await sync.sync()).toBe(0);
      }
    }

    const stored = await days();
    const charges: Charge[] = [];
    const refunds: Refund[] = [];
    for (const p of await SubscriptionPayment.find({ _id: { $in: payments } }).lean()) {
      charges.push({
        id: p._id,
        at: p.paidAt.toISOString(),
        currency: p.currency,
        amountCents: p.amountPaidCents,
        kind: 'premium',
      });
      if (p.amountRefundedCents) {
        refunds.push({
          id: p._id,
          at: p.updatedAt.toISOString(),
          currency: p.currency,
          amountCents: p.amountRefundedCents,
          kind: 'premium',
          guarantee: false,
        });
      }
    }
    for (const b of await CoachingBooking.find({ _id: { $in: bookings } }).lean()) {
      charges.push({
        id: b._id,
        at: b.paidAt!.toISOString(),
        currency: b.currency,
        amountCents: b.amountCents,
        kind: 'coaching',
      });
      if (b.status === 'refunded') {
        refunds.push({
          id: b._id,
          at: b.refundedAt!.toISOString(),
          currency: b.currency,
          amountCents: b.amountCents,
          kind: 'coaching',
          guarantee: true,
        });
      }
    }
    expect(refunds.length).toBeGreaterThan(5);
    for (const period of [
      { from: '2024-01-01', to: '2024-03-31' },
      { from: '2024-01-15', to: '2024-02-14' },
      { from: '2024-03-01', to: '2024-03-01' },
      { from: '2023-12-01', to: '2024-12-31' },
    ]) {
      for (const currency of ['usd', 'eur']) {
        const raw = cashFigures(charges, refunds, period)[currency];
        expect(cashFromDays(stored, currency, period)).toEqual({
          chargesCents: raw?.chargesCents ?? 0,
          refundsCents: raw?.refundsCents ?? 0,
          coachingCents: raw?.coachingCents ?? 0,
        });
      }
    }
  });
});
