/**
 * The founder's cohorts and churn risk (GET /api/admin/metrics/cohorts, /churn-risk): a worked
 * example of members signing up in known weeks (auth's built server answers the sign-ups and
 * names), paying on known days (billing's records), practising known minutes (practice's built
 * server answers from its minutes records) and valued by billing's MRR ledger.
 */
import { adminChurnRiskSchema, adminMetricsCohortsSchema } from '@fm/contracts';
import { closeBackground } from '@fm/shared/service';
import {
  createTestDeps,
  insertUser,
  loggedInAdmin,
  loggedInMember,
  serviceProcess,
  type ServiceProcess,
  type TestDeps,
  type TestUser,
} from '@fm/shared/testing';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type BillingConfig } from '../config';
import { billingModels } from '../domain/billing.models';
import { assertStripeMockUp, billingEnv } from '../../test/stripe-events';

/** Billing's clock: Wednesday of ISO week 2026-W13 (Monday 03-23). */
const NOW = '2026-03-25T12:00:00.000Z';

let deps: TestDeps<BillingConfig>;
let auth: ServiceProcess;
let practice: ServiceProcess;
let service: Awaited<ReturnType<typeof compose>>;
let server: ReturnType<Awaited<ReturnType<typeof compose>>['app']['callback']>;
let adminCookie: string;
let memberCookie: string;
const m: Record<string, TestUser> = {};

const signUp = (name: string, at: string, names: Partial<TestUser> = {}) =>
  insertUser(deps, { createdAt: new Date(at), ...names }).then((user) => (m[name] = user));

/** A Premium (or other) subscription record, renewing on `renewal`. */
async function subscription(member: string, status: string, renewal: string) {
  await billingModels(deps.mongo).BillingSubscription.create({
    _id: `sub_${member}`,
    userId: m[member]!.id,
    customerId: `cus_${member}`,
    status,
    currentPeriodEnd: new Date(`${renewal}T08:00:00Z`),
  });
}

/** A paid Premium invoice. */
async function paid(member: string, at: string, cents = 1999) {
  await billingModels(deps.mongo).SubscriptionPayment.create({
    _id: `in_${member}_${at}`,
    subscriptionId: `sub_${member}`,
    userId: m[member]!.id,
    amountPaidCents: cents,
    currency: 'usd',
    billingReason: 'subscription_create',
    paidAt: new Date(at),
    eventId: `evt_${member}_${at}`,
  });
}

/** The MRR ledger values the member's subscription (a Stripe event of it). */
async function valued(member: string, cents: number, status = 'active') {
  const sub = {
    id: `sub_${member}`,
    status,
    cancel_at_period_end: false,
    items: {
      data: [
        {
          price: { currency: 'usd', unit_amount: cents, recurring: { interval: 'month', interval_count: 1 } },
          quantity: 1,
        },
      ],
    },
  };
  const at = new Date('2026-03-01T00:00:00Z');
  await service.mrr.observe(
    { memberId: m[member]!.id, sub, stamp: Date.parse(NOW), at, source: `evt_v_${member}` },
    deps.logger,
  );
}

/** Credited practice as practice's flush stores it: one minutes record per item and day. */
async function practised(member: string, day: string, minutes: number) {
  await deps.mongo.collection('practice_minutes').insertOne({
    _id: `${m[member]!.id}:content:item-1:${day}` as never,
    userId: m[member]!.id,
    itemKind: 'content',
    itemId: 'item-1',
    day,
    seconds: minutes * 60,
    at: new Date(`${day}T10:00:00Z`),
  });
}

beforeAll(async () => {
  await assertStripeMockUp();
  deps = await createTestDeps(configSchema, billingEnv());
  auth = await serviceProcess('auth', deps.env, { BCRYPT_ROUNDS: '4' });
  practice = await serviceProcess('practice', deps.env);
  await Promise.all([auth.start(), practice.start()]);
  deps.config.AUTH_INTERNAL_URL = auth.url;
  deps.config.PRACTICE_INTERNAL_URL = practice.url;
  service = await compose(deps, { now: () => new Date(NOW) });
  server = service.app.callback();
  const long = { createdAt: new Date('2025-01-01T00:00:00Z') };
  adminCookie = (await loggedInAdmin(deps, long)).cookie;
  memberCookie = (await loggedInMember(deps, { ...long, membershipLevel: 'premium' })).cookie;

  // Before the weeks asked for: o1 practises (not at risk), o2 last practised 14 days ago (at risk).
  await signUp('o1', '2026-02-20T10:00:00Z');
  await signUp('o2', '2026-02-10T10:00:00Z', { firstName: 'Tom', lastName: 'Kim' });
  await subscription('o1', 'active', '2026-04-02');
  await subscription('o2', 'active', '2026-03-28');
  await valued('o1', 1999);
  await valued('o2', 2499);
  await practised('o1', '2026-03-20', 15);
  await practised('o2', '2026-03-11', 30);
  // W10 (03-02 … 03-08): p1 pays after 3 days, p2 after 16, f1 never.
  await signUp('p1', '2026-03-02T10:00:00Z');
  await signUp('p2', '2026-03-04T08:00:00Z', { firstName: 'Grace', lastName: 'Park' });
  await signUp('f1', '2026-03-06T18:00:00Z');
  await paid('p1', '2026-03-05T10:00:00Z');
  await paid('p1', '2026-04-05T10:00:00Z'); // a renewal (after now): not the first payment
  await paid('p2', '2026-03-20T08:00:00Z');
  await subscription('p1', 'active', '2026-04-05');
  await subscription('p2', 'active', '2026-04-20');
  await valued('p1', 1999);
  await valued('p2', 1999);
  await practised('p1', '2026-03-04', 12); // k 0
  await practised('p1', '2026-03-09', 6); // k 1: 6 min, not enough
  await practised('p1', '2026-03-17', 4); // k 2: 4 + 6 = 10 min over two days
  await practised('p1', '2026-03-21', 6);
  await practised('p2', '2026-03-05', 9); // k 0: 9 min, not enough; then nothing
  await practised('f1', '2026-03-10', 30); // Free: in no Premium share
  // W12 (03-16 … 03-22): p3 pays within the hour, never practises, card failing.
  await signUp('p3', '2026-03-16T09:00:00Z');
  await paid('p3', '2026-03-16T09:30:00Z');
  await subscription('p3', 'past_due', '2026-04-16');
  await valued('p3', 1999, 'past_due');
  // A member who left: not Premium, so not at risk.
  await signUp('c1', '2026-01-10T10:00:00Z');
  await subscription('c1', 'canceled', '2026-03-10');
}, 180_000);

afterAll(async () => {
  if (service) await closeBackground(service.background);
  await auth?.stop();
  await practice?.stop();
  await deps?.close();
});

const get = (path: string, cookie: string | null = adminCookie) => {
  const req = request(server).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

describe('GET /api/admin/metrics/cohorts', () => {
  it('when the founder asks for 4 weeks, then each sign-up week’s conversion and its Premium members’ practice by week', async () => {
    const res = await get('/api/admin/metrics/cohorts?weeks=4');
    expect(res.status).toBe(200);
    const body = adminMetricsCohortsSchema.parse(res.body);
    const none = (from: number) => Array.from({ length: 12 - from }, (_, i) => ({ k: from + i, share: null }));
    expect(body).toEqual({
      asOf: '2026-03-25',
      freeToPremium: [
        // Within 7 days is complete (03-02 + 14 days ≤ now); 30 and 90 are not yet.
        {
          week: '2026-W10',
          weekStart: '2026-03-02',
          signUps: 3,
          within7: { paid: 1, share: 1 / 3 },
          within30: null,
          within90: null,
        },
        { week: '2026-W12', weekStart: '2026-03-16', signUps: 1, within7: null, within30: null, within90: null },
      ],
      trialConversion: null,
      engagement: [
        {
          week: '2026-W10',
          weekStart: '2026-03-02',
          premiumMembers: 2,
          // k 0: p1 (12 min), k 1: none, k 2: p1 (10 min), k 3 not ended (03-30).
          practised: [{ k: 0, share: 0.5 }, { k: 1, share: 0 }, { k: 2, share: 0.5 }, ...none(3)],
        },
        { week: '2026-W12', weekStart: '2026-03-16', premiumMembers: 1, practised: [{ k: 0, share: 0 }, ...none(1)] },
      ],
    });
  });

  it('when weeks is left out, then 12; when it is not 1 to 52, then 400 naming it', async () => {
    const twelve = await get('/api/admin/metrics/cohorts');
    expect(twelve.status).toBe(200);
    // 12 weeks from 2026-01-05: o2's week (W07) and o1's (W08) come in, c1's (W02) too.
    expect(twelve.body.freeToPremium.map((w: { week: string }) => w.week)).toEqual([
      '2026-W02',
      '2026-W07',
      '2026-W08',
      '2026-W10',
      '2026-W12',
    ]);
    for (const weeks of ['0', '53', 'two', '1.5']) {
      const res = await get(`/api/admin/metrics/cohorts?weeks=${weeks}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ weeks: 'weeks must be a whole number from 1 to 52' });
    }
    expect((await get('/api/admin/metrics/cohorts?weeks=4&from=2026-01-01')).status).toBe(400);
  });
});

describe('GET /api/admin/metrics/churn-risk', () => {
  it('when Premium members have not practised for 14 days, then they are listed, soonest renewal first', async () => {
    const res = await get('/api/admin/metrics/churn-risk');
    expect(res.status).toBe(200);
    expect(adminChurnRiskSchema.parse(res.body)).toEqual({
      asOf: '2026-03-25',
      members: [
        {
          memberId: m.o2!.id,
          email: m.o2!.email,
          name: 'Tom Kim',
          lastPracticeDay: '2026-03-11',
          renewalDate: '2026-03-28',
          mrrCents: 2499,
          currency: 'usd',
        },
        {
          memberId: m.p3!.id,
          email: m.p3!.email,
          name: 'Test Golfer',
          lastPracticeDay: null,
          renewalDate: '2026-04-16',
          mrrCents: 1999,
          currency: 'usd',
        },
        {
          memberId: m.p2!.id,
          email: m.p2!.email,
          name: 'Grace Park',
          lastPracticeDay: '2026-03-05',
          renewalDate: '2026-04-20',
          mrrCents: 1999,
          currency: 'usd',
        },
      ],
    });
  });
});

describe('who may ask, and when practice is down', () => {
  it('when a member asks, then 403; when nobody is logged in, then 401', async () => {
    for (const path of ['/api/admin/metrics/cohorts', '/api/admin/metrics/churn-risk']) {
      const member = await get(path, memberCookie);
      expect(member.status).toBe(403);
      expect(member.body.code).toBe('ADMIN_REQUIRED');
      expect((await get(path, null)).status).toBe(401);
    }
  });

  it('when practice cannot be reached, then 503 with a JSON error naming it, and the figures again once it is back', async () => {
    await practice.stop();
    try {
      for (const path of ['/api/admin/metrics/cohorts?weeks=4', '/api/admin/metrics/churn-risk']) {
        const res = await get(path);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: 'The practice service cannot be reached right now.', code: 'UNAVAILABLE' });
      }
    } finally {
      await practice.start();
    }
    expect((await get('/api/admin/metrics/churn-risk')).body.members).toHaveLength(3);
  });
});

describe('trial conversion', () => {
  it('when trials ended in the weeks shown, then the share whose first invoice after the end was paid', async () => {
    const trial = async (member: string, endsAt: string, payment: number | null) => {
      await signUp(member, '2026-03-03T10:00:00Z');
      const end = Math.floor(Date.parse(endsAt) / 1000);
      const sub = {
        id: `sub_${member}`,
        status: payment === null ? 'canceled' : 'active',
        cancel_at_period_end: false,
        trial_start: end - 7 * 86_400,
        trial_end: end,
        items: {
          data: [
            {
              price: { currency: 'usd', unit_amount: 1999, recurring: { interval: 'month', interval_count: 1 } },
              quantity: 1,
            },
          ],
        },
      };
      await service.mrr.observe(
        { memberId: m[member]!.id, sub, stamp: end * 1000, at: new Date(end * 1000), source: `evt_t_${member}` },
        deps.logger,
      );
      await paid(member, new Date((end - 7 * 86_400) * 1000).toISOString(), 0); // the trial's own invoice
      if (payment !== null) await paid(member, new Date(end * 1000 + 60_000).toISOString(), payment);
    };
    await trial('t1', '2026-03-10T10:00:00Z', 1999); // converted
    await trial('t2', '2026-03-12T10:00:00Z', null); // cancelled at the end: no paid invoice
    await trial('t3', '2026-03-24T10:00:00Z', 1999); // converted
    await trial('t4', '2026-02-01T10:00:00Z', 1999); // ended before the 4 weeks shown
    await trial('t5', '2026-03-27T10:00:00Z', null); // not ended yet (now is 03-25)
    const res = await get('/api/admin/metrics/cohorts?weeks=4');
    expect(res.status).toBe(200);
    expect(res.body.trialConversion).toEqual({ ended: 3, converted: 2, rate: 2 / 3 });
  });
});
