/**
 * The metrics answer's time (issue 46's goal: p50 ≤ 100 ms for a 12-month range), run by
 * infra/bench/metrics.js through Jest (the service's TypeScript as its tests run it, on an isolated
 * database that is dropped afterwards). METRICS_BENCH_MEMBERS members (default 1,000) are seeded
 * through the MRR ledger's own path (MrrLedger.observe: valued, kept in Stripe's order, the
 * member's step, the rows, the day totals), each joining on a day of the last 400, some raising
 * their price, pausing or leaving; one Premium payment each (then the cash day totals' backfill,
 * CashDays' first sync, in the seeding time). Then METRICS_BENCH_REQUESTS (20)
 * GET /api/admin/metrics for the last 12 months, one after another; the figures are written to
 * METRICS_BENCH_OUT (JSON).
 */
import { writeFileSync } from 'node:fs';
import { loggedInAdmin } from '@fm/shared/testing';
import request from 'supertest';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { billingModels } from '../../src/domain/billing.models';
import { CashDays } from '../../src/domain/cash-days';
import { mrrModels } from '../../src/domain/mrr-ledger.models';

const MEMBERS = Number(process.env.METRICS_BENCH_MEMBERS ?? 1000);
const REQUESTS = Number(process.env.METRICS_BENCH_REQUESTS ?? 20);
const PARALLEL = Number(process.env.METRICS_BENCH_PARALLEL ?? 8);
const DAY = 86_400_000;

/** A deterministic pseudo-random sequence (the same history each run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const sub = (id: string, status: string, cents: number, paused = false) => ({
  id,
  status,
  cancel_at_period_end: false,
  pause_collection: paused ? { behavior: 'void' } : null,
  items: {
    data: [
      {
        price: { currency: 'usd', unit_amount: cents, recurring: { interval: 'month', interval_count: 1 } },
        quantity: 1,
      },
    ],
  },
});

async function seed(billing: BillingTestService): Promise<number> {
  const rnd = random(46);
  const today = Math.floor(Date.now() / DAY) * DAY;
  const { SubscriptionPayment } = billingModels(billing.deps.mongo);
  const log = billing.deps.logger;
  let next = 0;
  const payments: unknown[] = [];
  const worker = async () => {
    while (next < MEMBERS) {
      const i = next++;
      const memberId = `bench-${String(i).padStart(6, '0')}`;
      const id = `sub_bench_${i}`;
      const joined = today - Math.floor(rnd() * 400) * DAY + 3_600_000;
      let at = joined;
      let stamp = 1;
      const observe = (s: ReturnType<typeof sub>) =>
        billing.mrr.observe(
          { memberId, sub: s as never, stamp: stamp++, at: new Date(at), source: `evt_b_${i}_${stamp}` },
          log,
        );
      const cents = 1999;
      await observe(sub(id, 'active', cents));
      payments.push({
        _id: `in_bench_${i}`,
        subscriptionId: id,
        userId: memberId,
        amountPaidCents: cents,
        currency: 'usd',
        billingReason: 'subscription_create',
        paidAt: new Date(joined),
        eventId: `evt_pay_${i}`,
      });
      const r = rnd();
      at = Math.min(at + Math.floor(rnd() * 120 + 1) * DAY, today + 3_600_000);
      if (r < 0.25) await observe(sub(id, 'canceled', cents));
      else if (r < 0.35) await observe(sub(id, 'active', 2999));
      else if (r < 0.4) await observe(sub(id, 'active', cents, true));
      else if (r < 0.45) await observe({ ...sub(id, 'active', cents), cancel_at_period_end: true });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  for (let i = 0; i < payments.length; i += 500) await SubscriptionPayment.insertMany(payments.slice(i, i + 500));
  // The cash day totals' backfill (the first sync reads every payment), as a deployment's first answer would.
  await new CashDays({
    models: billingModels(billing.deps.mongo),
    mrr: mrrModels(billing.deps.mongo),
    redis: billing.deps.redis,
    redisPrefix: billing.deps.config.REDIS_PREFIX,
  }).sync();
  return mrrModels(billing.deps.mongo).MrrDelta.countDocuments();
}

/** Each store query of the answer alone (ms, one run each): where the time goes. */
async function timeParts(billing: BillingTestService, from: string, to: string): Promise<Record<string, number>> {
  const { MrrDay, MrrMember, MrrDelta, CashDay } = mrrModels(billing.deps.mongo);
  const { SubscriptionPayment, CoachingBooking } = billingModels(billing.deps.mongo);
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY);
  const inPeriod = { $gte: start, $lt: end };
  const queries: Record<string, () => Promise<unknown>> = {};
  // (A ledger without day totals, before they were built, has no MrrDay.)
  if (MrrDay) {
    queries.days = () => MrrDay.find({ currency: 'usd', day: { $gte: from, $lte: to } }, { _id: 0, rows: 0 }).lean();
    queries.daysBefore = () =>
      MrrDay.aggregate([
        { $match: { currency: 'usd', day: { $lt: from } } },
        { $group: { _id: '$currency', cents: { $sum: '$netCents' } } },
      ]);
  }
  // (Nor one without cash day totals.)
  if (CashDay) {
    queries.cashDays = () =>
      CashDay.find({ currency: 'usd', day: { $gte: from, $lte: to } }, { _id: 0, rows: 0 }).lean();
  }
  Object.assign(queries, {
    rows: () =>
      MrrDelta.find(
        { currency: 'usd', at: { $lt: end } },
        { _id: 0, memberId: 1, seq: 1, at: 1, bucket: 1, deltaCents: 1, mrrAfterCents: 1 },
      ).lean(),
    scheduledChurn: () =>
      MrrMember.find(
        MrrDay ? { scheduledChurnCurrency: 'usd' } : { 'state.scheduledChurn': true, 'state.currency': 'usd' },
        { state: 1 },
      ).lean(),
    premiumCharges: () =>
      SubscriptionPayment.aggregate([
        { $match: { paidAt: inPeriod } },
        { $group: { _id: '$currency', cents: { $sum: '$amountPaidCents' } } },
      ]),
    premiumRefunds: () =>
      SubscriptionPayment.aggregate([
        { $match: { updatedAt: inPeriod, amountRefundedCents: { $gt: 0 } } },
        { $group: { _id: '$currency', cents: { $sum: '$amountRefundedCents' } } },
      ]),
    coaching: () =>
      CoachingBooking.aggregate([
        { $match: { paidAt: inPeriod } },
        { $group: { _id: '$currency', cents: { $sum: '$amountCents' } } },
      ]),
  });
  const parts: Record<string, number> = {};
  for (const [name, query] of Object.entries(queries)) {
    const t = process.hrtime.bigint();
    await query();
    parts[name] = Math.round(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return parts;
}

test('the metrics answer for a 12-month range', async () => {
  const billing = await startBillingService();
  try {
    const started = Date.now();
    const rows = await seed(billing);
    const seedMs = Date.now() - started;
    const { cookie } = await loggedInAdmin(billing.deps);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * DAY).toISOString().slice(0, 10);
    const times: number[] = [];
    let body: unknown;
    for (let i = 0; i < REQUESTS; i++) {
      const t = process.hrtime.bigint();
      const res = await request(billing.app.callback())
        .get(`/api/admin/metrics?from=${from}&to=${to}`)
        .set('Cookie', cookie);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (res.status !== 200) throw new Error(`GET /api/admin/metrics answered ${res.status}: ${res.text}`);
      body = res.body;
    }
    const parts = await timeParts(billing, from, to);
    const sorted = [...times].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
    const result = {
      members: MEMBERS,
      rows,
      seedMs,
      requests: REQUESTS,
      p50: pct(50),
      p95: pct(95),
      from,
      to,
      body,
      parts,
    };
    if (process.env.METRICS_BENCH_OUT) writeFileSync(process.env.METRICS_BENCH_OUT, JSON.stringify(result));
  } finally {
    await billing.close();
  }
}, 3_600_000);
