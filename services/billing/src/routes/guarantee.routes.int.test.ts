import { adminBillingMemberSchema, guaranteeRefundSchema, guaranteeSchema, membershipEventStamp } from '@fm/contracts';
import { memberSnapshots, USERS_COLLECTION } from '@fm/shared/auth';
import { personAddressKey } from '@fm/shared/mail';
import { eventually, loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import type Koa from 'koa';
import request from 'supertest';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { uniqueId } from '../../test/stripe-events';
import { stripeWithCharges } from '../../test/stripe-with-charges';
import { billingModels } from '../domain/billing.models';
import { USED_BY_SAME_PERSON_MESSAGE } from '../domain/guarantee.service';
import { createStripeClient } from '../stripe/stripe-client';

let billing: BillingTestService;
beforeAll(async () => {
  billing = await startBillingService();
});
afterAll(() => billing.close());

const DAY = 24 * 3600 * 1000;
const models = () => billingModels(billing.deps.mongo);
const get = (path: string, cookie?: string, app: Koa = billing.app) => {
  const req = request(app.callback()).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};
const refund = (cookie?: string, app: Koa = billing.app) => {
  const req = request(app.callback()).post('/api/billing/guarantee/refund').set('Origin', TEST_SITE_ORIGIN);
  return cookie ? req.set('Cookie', cookie) : req;
};

/**
 * A member (Premium unless said) whose first Premium payment was `paidDaysAgo` days ago (none when
 * null), with billing's records of it as the webhook leaves them: customer, active subscription
 * (stamped with the payment), the paid invoice.
 */
async function payingMember(paidDaysAgo: number | null, level: 'premium' | 'free' = 'premium') {
  const { user, cookie } = await loggedInMember(billing.deps, { membershipLevel: level });
  const customerId = uniqueId('cus');
  const subscriptionId = uniqueId('sub');
  const invoiceId = uniqueId('in');
  const paidAt = new Date(Date.now() - (paidDaysAgo ?? 0) * DAY);
  await models().BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
  await models().BillingSubscription.create({
    _id: subscriptionId,
    userId: user.id,
    customerId,
    status: 'active',
    lastEventAt: Math.floor(paidAt.getTime() / 1000),
    lastStatusRank: 1,
  });
  if (paidDaysAgo !== null) {
    await models().SubscriptionPayment.create({
      _id: invoiceId,
      subscriptionId,
      userId: user.id,
      amountPaidCents: 1999,
      currency: 'usd',
      billingReason: 'subscription_create',
      paidAt,
      eventId: uniqueId('evt'),
    });
  }
  return { user, cookie, customerId, subscriptionId, invoiceId, paidAt };
}

const jobsOf = (userId: string) => ({
  membership: () => billing.jobs('membership', (data) => data.userId === userId),
  mails: () => billing.jobs('notifications', (data) => data.userId === userId),
});

describe('GET /api/billing/guarantee', () => {
  it('when a visitor asks, then 401', async () => {
    expect((await get('/api/billing/guarantee')).status).toBe(401);
  });

  it('when a Premium member paid first yesterday, then eligible until 30 days after that payment', async () => {
    const { cookie, paidAt } = await payingMember(1);
    const res = await get('/api/billing/guarantee', cookie);
    expect(res.status).toBe(200);
    expect(guaranteeSchema.parse(res.body)).toEqual({
      eligible: true,
      deadline: new Date(paidAt.getTime() + 30 * DAY).toISOString(),
    });
  });

  it('when the first payment is 31 days old, a member is Free or never paid, then not eligible and why', async () => {
    const late = await payingMember(31);
    expect((await get('/api/billing/guarantee', late.cookie)).body).toEqual({
      eligible: false,
      deadline: new Date(late.paidAt.getTime() + 30 * DAY).toISOString(),
      reason: 'window-ended',
    });
    const free = await payingMember(null, 'free');
    expect((await get('/api/billing/guarantee', free.cookie)).body).toEqual({
      eligible: false,
      deadline: null,
      reason: 'not-premium',
    });
    const unpaid = await payingMember(null);
    expect((await get('/api/billing/guarantee', unpaid.cookie)).body).toEqual({
      eligible: false,
      deadline: null,
      reason: 'no-payment',
    });
  });
});

describe('POST /api/billing/guarantee/refund', () => {
  it('when an eligible member asks, then 202 with the amount and card; one refund with an idempotency key, the subscription cancelled, one downgrade newer than the upgrade, one mail job; then already used', async () => {
    const { stripe, calls } = stripeWithCharges();
    const app = await billing.compose({ producers: billing.producers, stripe });
    const { user, cookie, subscriptionId, invoiceId, paidAt } = await payingMember(1);

    const res = await refund(cookie, app);
    expect(res.status).toBe(202);
    expect(guaranteeRefundSchema.parse(res.body)).toEqual({ amountCents: 1999, currency: 'usd', cardLast4: '4242' });
    expect(calls).toEqual({ refunds: [`fm-guarantee-refund-${user.id}`], cancels: [subscriptionId] });

    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({ status: 'canceled' });
    expect(await models().SubscriptionPayment.findById(invoiceId).lean()).toMatchObject({ amountRefundedCents: 1999 });
    const [downgrade, ...more] = await jobsOf(user.id).membership();
    expect(more).toEqual([]);
    expect(downgrade).toMatchObject({
      name: 'membership-downgraded',
      data: { stripeSubscriptionId: subscriptionId, stamp: { rank: 4 } },
    });
    expect(membershipEventStamp(downgrade!.data).getTime()).toBeGreaterThan(paidAt.getTime() + 1);
    const mails = await jobsOf(user.id).mails();
    expect(mails.map((job) => [job.name, job.data.source, job.data.amountRefundedCents, job.data.cardLast4])).toEqual([
      ['premium-refunded-mail', 'guarantee', 1999, '4242'],
    ]);

    expect((await get('/api/billing/guarantee', cookie)).body).toMatchObject({
      eligible: false,
      reason: 'already-used',
    });
    const again = await refund(cookie, app);
    expect(again).toMatchObject({ status: 409, body: { code: 'ALREADY_USED', reason: 'already-used' } });
    expect(calls.refunds).toHaveLength(1);
  });

  it('when a member asks three times at once, then one 202 and two 409 ALREADY_USED: one refund, one cancellation', async () => {
    const { stripe, calls } = stripeWithCharges();
    const app = await billing.compose({ producers: billing.producers, stripe });
    const { user, cookie } = await payingMember(2);
    const answers = await Promise.all([refund(cookie, app), refund(cookie, app), refund(cookie, app)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'ALREADY_USED')).toBe(true);
    expect(calls.refunds).toHaveLength(1);
    expect(calls.cancels).toHaveLength(1);
    expect(await jobsOf(user.id).membership()).toHaveLength(1);
  });

  it('when the member is not eligible, then 409 with the reason as the code and nothing at Stripe', async () => {
    const { stripe, calls } = stripeWithCharges();
    const app = await billing.compose({ producers: billing.producers, stripe });
    const { cookie } = await payingMember(31);
    expect(await refund(cookie, app)).toMatchObject({
      status: 409,
      body: { code: 'WINDOW_ENDED', reason: 'window-ended', message: expect.stringMatching(/30-day/) },
    });
    const free = await payingMember(null, 'free');
    expect(await refund(free.cookie, app)).toMatchObject({ status: 409, body: { code: 'NOT_PREMIUM' } });
    expect(calls).toEqual({ refunds: [], cancels: [] });
  });

  it('when Stripe cannot be reached, then 503 with Retry-After and nothing told; the next request completes it once', async () => {
    const offline = await billing.compose({
      producers: billing.producers,
      stripe: createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: 'http://127.0.0.1:1' }),
    });
    const { user, cookie, subscriptionId } = await payingMember(3);
    const down = await refund(cookie, offline);
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(await jobsOf(user.id).membership()).toEqual([]);
    expect(await jobsOf(user.id).mails()).toEqual([]);
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({ status: 'active' });
    expect((await get('/api/billing/guarantee', cookie)).body).toMatchObject({ eligible: true });

    const { stripe, calls } = stripeWithCharges();
    const app = await billing.compose({ producers: billing.producers, stripe });
    expect((await refund(cookie, app)).status).toBe(202);
    expect(calls.refunds).toEqual([`fm-guarantee-refund-${user.id}`]);
    expect(await jobsOf(user.id).membership()).toHaveLength(1);
    expect(await jobsOf(user.id).mails()).toHaveLength(1);
  });
});

describe('once per person, not per account (issue 43)', () => {
  /** Billing as composed with stripe-mock that keeps charges apart, its account-events consumer running. */
  async function service() {
    const double = stripeWithCharges();
    const composed = await billing.composeService({ producers: billing.producers, stripe: double.stripe });
    await composed.background.accountEvents.start();
    return { ...double, app: composed.app };
  }
  type Service = Awaited<ReturnType<typeof service>>;

  /**
   * A member who pays for Premium as the routes see it: their billing customer (what the checkout
   * leaves), Stripe's webhooks (the subscription active, the first invoice paid with `card`), then
   * auth's part (Premium, and the address verified unless said) on users and the member's snapshot.
   */
  async function pays(svc: Service, email: string, card: string, verified = true) {
    const { user, cookie } = await loggedInMember(billing.deps, { email });
    const customerId = uniqueId('cus');
    const subscriptionId = uniqueId('sub');
    const invoiceId = uniqueId('in');
    await models().BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
    svc.charges.set(invoiceId, { fingerprint: card });
    const activated = billing.events.subscriptionEvent('customer.subscription.updated', {
      subscriptionId,
      customerId,
      status: 'active',
      userId: user.id,
    });
    expect((await billing.deliver(activated, {}, svc.app)).status).toBe(200);
    const paid = billing.events.invoicePaid({ subscriptionId, customerId, userId: user.id, invoiceId });
    expect((await billing.deliver(paid, {}, svc.app)).status).toBe(200);
    await billing.deps.mongo
      .collection(USERS_COLLECTION)
      .updateOne({ _id: user.id as never }, { $set: { membershipLevel: 'premium', emailVerified: verified } });
    await memberSnapshots(billing.deps.redis, billing.deps.config.REDIS_PREFIX, billing.deps.mongo).refresh(user.id);
    return { user, cookie, invoiceId, subscriptionId };
  }

  /** auth's account-deleted for the member, as auth publishes it; resolves once billing handled it. */
  async function deleteAccount(userId: string) {
    const eventId = uniqueId('acct');
    await billing.accountDeleted(userId, eventId);
    await eventually(async () => (await billing.inboxEntry(eventId))?.state === 'done', 15_000);
  }

  const consoleView = async (memberId: string, app: Koa) => {
    const admin = await loggedInAdmin(billing.deps);
    const res = await request(app.callback()).get(`/api/admin/billing/members/${memberId}`).set('Cookie', admin.cookie);
    expect(res.status).toBe(200);
    return adminBillingMemberSchema.parse(res.body);
  };

  it('when a member uses it, deletes the account and comes back with name+1@ of the address, or with the same card, then each new account gets 409 ALREADY_USED with a plain message and no refund; the console shows the earlier use', async () => {
    const svc = await service();
    const name = uniqueId('golfer').toLowerCase();
    const card = uniqueId('fp');
    const first = await pays(svc, `${name}@example.com`, card);
    expect(await refund(first.cookie, svc.app)).toMatchObject({ status: 202, body: { amountCents: 1999 } });

    await deleteAccount(first.user.id);
    // Kept with the account's deletion: the use, with the keys of the person and not their address.
    const kept = await models().GuaranteeUse.findById(first.user.id).lean();
    expect(kept).toMatchObject({
      state: 'done',
      addressKey: personAddressKey(`${name}@example.com`),
      cardKey: card,
    });
    expect(JSON.stringify(kept)).not.toContain(name);
    expect(await models().BillingCustomer.findById(first.user.id).lean()).toMatchObject({
      deletedAt: expect.any(Date),
    });
    const stripeCallsBefore = { ...svc.calls };

    // The same address with a +tag, another card: known before asking.
    const tagged = await pays(svc, `${name}+1@example.com`, uniqueId('fp'));
    expect((await get('/api/billing/guarantee', tagged.cookie, svc.app)).body).toMatchObject({
      eligible: false,
      reason: 'already-used',
    });
    expect(await refund(tagged.cookie, svc.app)).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_USED', reason: 'already-used', message: USED_BY_SAME_PERSON_MESSAGE },
    });

    // Another address, the same card: known once Stripe's charge is read.
    const sameCard = await pays(svc, `${uniqueId('other').toLowerCase()}@example.com`, card);
    expect(await refund(sameCard.cookie, svc.app)).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_USED', message: USED_BY_SAME_PERSON_MESSAGE },
    });
    expect((await get('/api/billing/guarantee', sameCard.cookie, svc.app)).body).toMatchObject({
      eligible: false,
      reason: 'already-used',
    });
    expect(await refund(sameCard.cookie, svc.app)).toMatchObject({ status: 409, body: { code: 'ALREADY_USED' } });

    expect(svc.calls).toEqual(stripeCallsBefore);
    for (const member of [tagged, sameCard]) {
      expect(await jobsOf(member.user.id).mails()).toEqual([]);
      expect(await models().SubscriptionPayment.findById(member.invoiceId).lean()).toMatchObject({
        amountRefundedCents: 0,
      });
    }

    // The founder sees why, and can still refund by hand (the invoices are there to refund).
    const earlier = {
      memberId: first.user.id,
      accountDeleted: true,
      requestedAt: kept!.createdAt.toISOString(),
      completedAt: kept!.completedAt!.toISOString(),
    };
    const ofTagged = await consoleView(tagged.user.id, svc.app);
    expect(ofTagged.guarantee).toMatchObject({ eligible: false, reason: 'already-used' });
    expect(ofTagged.guaranteeUse).toEqual({ ...earlier, matchedBy: ['address'] });
    expect(ofTagged.invoices).toMatchObject([{ id: tagged.invoiceId, status: 'paid' }]);
    expect((await consoleView(sameCard.user.id, svc.app)).guaranteeUse).toEqual({ ...earlier, matchedBy: ['card'] });
    expect((await consoleView(first.user.id, svc.app)).guaranteeUse).toEqual({ ...earlier, matchedBy: [] });
  });

  it('when the address was never verified, then only the card is kept: another account of that address is not refused for it', async () => {
    const svc = await service();
    const email = `${uniqueId('unproved').toLowerCase()}@example.com`;
    const unproved = await pays(svc, email, uniqueId('fp'), false);
    expect((await refund(unproved.cookie, svc.app)).status).toBe(202);
    expect(await models().GuaranteeUse.findById(unproved.user.id).lean()).toMatchObject({ addressKey: null });

    const owner = await pays(svc, email, uniqueId('fp'));
    expect((await refund(owner.cookie, svc.app)).status).toBe(202);
  });

  it('when two accounts of one person (one card) ask at once, then one 202 and one 409 ALREADY_USED: one refund', async () => {
    const svc = await service();
    const card = uniqueId('fp');
    const a = await pays(svc, `${uniqueId('twin').toLowerCase()}@example.com`, card);
    const b = await pays(svc, `${uniqueId('twin').toLowerCase()}@example.com`, card);
    const answers = await Promise.all([refund(a.cookie, svc.app), refund(b.cookie, svc.app)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ code: 'ALREADY_USED' });
    expect(svc.calls.refunds).toHaveLength(1);
  });

  it('when the first payment was refunded in full at Stripe first (the dashboard), then 409 ALREADY_REFUNDED, no refund, no use left, and nothing eligible', async () => {
    const svc = await service();
    const member = await pays(svc, `${uniqueId('dash').toLowerCase()}@example.com`, uniqueId('fp'));
    svc.charges.get(member.invoiceId)!.amountRefunded = 1999;
    svc.charges.get(member.invoiceId)!.refunded = true;

    expect(await refund(member.cookie, svc.app)).toMatchObject({
      status: 409,
      body: {
        code: 'ALREADY_REFUNDED',
        reason: 'already-refunded',
        message: expect.stringMatching(/already been refunded/),
      },
    });
    expect(svc.calls).toEqual({ refunds: [], cancels: [] });
    expect(await models().GuaranteeUse.findById(member.user.id).lean()).toBeNull();
    expect(await models().SubscriptionPayment.findById(member.invoiceId).lean()).toMatchObject({
      amountRefundedCents: 1999,
    });
    expect((await get('/api/billing/guarantee', member.cookie, svc.app)).body).toMatchObject({
      eligible: false,
      reason: 'already-refunded',
    });
  });

  it('when part of the first payment was refunded at Stripe, then the guarantee refunds the rest', async () => {
    const svc = await service();
    const member = await pays(svc, `${uniqueId('part').toLowerCase()}@example.com`, uniqueId('fp'));
    svc.charges.get(member.invoiceId)!.amountRefunded = 500;
    expect(await refund(member.cookie, svc.app)).toMatchObject({ status: 202, body: { amountCents: 1499 } });
    expect(svc.charges.get(member.invoiceId)!.refunds).toMatchObject([{ amount: 1499 }]);
    expect(await models().SubscriptionPayment.findById(member.invoiceId).lean()).toMatchObject({
      amountRefundedCents: 1999,
    });
  });

  it('when a use cut short by an outage meets a refund made at Stripe meanwhile, then by someone else: the intent is dropped (409 ALREADY_REFUNDED); its own: it completes without a second refund', async () => {
    const offline = await billing.compose({
      producers: billing.producers,
      stripe: createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: 'http://127.0.0.1:1' }),
    });
    const svc = await service();
    const [dashboard, lost] = [
      await pays(svc, `${uniqueId('cut').toLowerCase()}@example.com`, uniqueId('fp')),
      await pays(svc, `${uniqueId('cut').toLowerCase()}@example.com`, uniqueId('fp')),
    ];
    // Cut short before the refund: the intent is recorded, nothing done at Stripe.
    for (const member of [dashboard, lost]) {
      await models().GuaranteeUse.create({
        _id: member.user.id,
        invoiceId: member.invoiceId,
        subscriptionId: member.subscriptionId,
        amountCents: 1999,
        currency: 'usd',
        state: 'requested',
        refundId: null,
        cardLast4: null,
        completedAt: null,
      });
      expect((await refund(member.cookie, offline)).status).toBe(503);
    }
    Object.assign(svc.charges.get(dashboard.invoiceId)!, {
      amountRefunded: 1999,
      refunded: true,
      refunds: [{ id: 're_dashboard', amount: 1999, metadata: {} }],
    });
    Object.assign(svc.charges.get(lost.invoiceId)!, {
      amountRefunded: 1999,
      refunded: true,
      refunds: [{ id: 're_lost_answer', amount: 1999, metadata: { kind: 'guarantee', userId: lost.user.id } }],
    });

    expect(await refund(dashboard.cookie, svc.app)).toMatchObject({ status: 409, body: { code: 'ALREADY_REFUNDED' } });
    expect(await models().GuaranteeUse.findById(dashboard.user.id).lean()).toBeNull();
    expect((await get('/api/billing/guarantee', dashboard.cookie, svc.app)).body).toMatchObject({
      eligible: false,
      reason: 'already-refunded',
    });

    expect((await refund(lost.cookie, svc.app)).status).toBe(202);
    expect(await models().GuaranteeUse.findById(lost.user.id).lean()).toMatchObject({
      state: 'done',
      refundId: 're_lost_answer',
    });
    expect(svc.calls.refunds).toEqual([]);
  });
});
