import { adminBillingMemberSchema, adminBillingSubscriptionSchema, adminRefundSchema } from '@fm/contracts';
import { AuditLog } from '@fm/shared/http';
import { loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import type Koa from 'koa';
import request from 'supertest';
import type Stripe from 'stripe';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { stripeForTests, uniqueId } from '../../test/stripe-events';
import { billingModels } from '../domain/billing.models';

let billing: BillingTestService;
let admin: string;
beforeAll(async () => {
  billing = await startBillingService();
  admin = (await loggedInAdmin(billing.deps)).cookie;
});
afterAll(() => billing.close());

const DAY = 24 * 3600 * 1000;
const models = () => billingModels(billing.deps.mongo);
const base = (memberId: string) => `/api/admin/billing/members/${memberId}`;
const get = (path: string, cookie = admin, app: Koa = billing.app) =>
  request(app.callback()).get(path).set('Cookie', cookie);
const post = (path: string, body: object, cookie = admin, app: Koa = billing.app) =>
  request(app.callback()).post(path).set('Cookie', cookie).set('Origin', TEST_SITE_ORIGIN).send(body);
const auditOf = async (memberId: string) =>
  (await new AuditLog(billing.deps.mongo).list({ page: 1, pageSize: 10 }, { targetId: memberId })).items;
const membershipJobs = (userId: string) => billing.jobs('membership', (data) => data.userId === userId);
const mailJobs = (userId: string) => billing.jobs('notifications', (data) => data.userId === userId);

/** A Premium member who paid one invoice `paidDaysAgo` days ago, as billing's records hold it after the webhook. */
async function premiumMember(paidDaysAgo = 2) {
  const { user } = await loggedInMember(billing.deps, { membershipLevel: 'premium' });
  const customerId = uniqueId('cus');
  const subscriptionId = uniqueId('sub');
  const invoiceId = uniqueId('in');
  const paidAt = new Date(Date.now() - paidDaysAgo * DAY);
  await models().BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
  await models().BillingSubscription.create({
    _id: subscriptionId,
    userId: user.id,
    customerId,
    status: 'active',
    lastEventAt: Math.floor(paidAt.getTime() / 1000),
    lastStatusRank: 1,
  });
  await models().SubscriptionPayment.create({
    _id: invoiceId,
    subscriptionId,
    userId: user.id,
    amountPaidCents: 1999,
    currency: 'usd',
    billingReason: 'subscription_create',
    paidAt,
    eventId: uniqueId('evt'),
    number: 'FM-0001',
  });
  return { user, customerId, subscriptionId, invoiceId, paidAt };
}

/**
 * stripe-mock with what it cannot keep: which invoice a PaymentIntent paid (its invoice-payments
 * list answers a fixture invoice for everyone); refunds and cancellations are counted.
 */
function stripeDouble(invoiceOf: Map<string, string>) {
  const stripe = stripeForTests();
  const calls = { refunds: [] as Array<{ amount?: number; key?: string }>, cancels: [] as string[] };
  stripe.invoicePayments.list = (async (params: Stripe.InvoicePaymentListParams) => {
    const invoice = invoiceOf.get(params.payment?.payment_intent ?? '');
    return { object: 'list', data: invoice ? [{ invoice }] : [], has_more: false, url: '/v1/invoice_payments' };
  }) as unknown as typeof stripe.invoicePayments.list;
  // Stripe copies the customer's e-mail and name onto each invoice (stripe-mock's fixture has none).
  const retrieve = stripe.invoices.retrieve.bind(stripe.invoices);
  stripe.invoices.retrieve = (async (id: string, params?: Stripe.InvoiceRetrieveParams) => ({
    ...(await retrieve(id, params)),
    id,
    customer_email: 'golfer@example.com',
    customer_name: 'Grace Hopper',
  })) as unknown as typeof stripe.invoices.retrieve;
  const create = stripe.refunds.create.bind(stripe.refunds);
  stripe.refunds.create = ((params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions) => {
    calls.refunds.push({
      ...(params.amount ? { amount: params.amount } : {}),
      ...(options?.idempotencyKey ? { key: options.idempotencyKey } : {}),
    });
    return create(params, options);
  }) as typeof stripe.refunds.create;
  const cancel = stripe.subscriptions.cancel.bind(stripe.subscriptions);
  stripe.subscriptions.cancel = ((id: string, params?: object, options?: Stripe.RequestOptions) => {
    calls.cancels.push(id);
    return cancel(id, params, options);
  }) as typeof stripe.subscriptions.cancel;
  return { stripe, calls };
}

describe('the founder console: a member’s billing', () => {
  it('when a visitor or a member who is not an admin asks, then 401 and 403', async () => {
    const { user } = await premiumMember();
    expect((await request(billing.app.callback()).get(base(user.id))).status).toBe(401);
    const member = await loggedInMember(billing.deps);
    expect((await get(base(user.id), member.cookie)).status).toBe(403);
    expect((await post(`${base(user.id)}/subscription/cancel`, { reason: 'x' }, member.cookie)).status).toBe(403);
  });

  it('when the founder opens a Premium member, then the subscription, the invoices and the guarantee, in the contract', async () => {
    const { user, subscriptionId, invoiceId, paidAt } = await premiumMember(2);
    const res = await get(base(user.id));
    expect(res.status).toBe(200);
    expect(adminBillingMemberSchema.parse(res.body)).toEqual({
      subscription: {
        id: subscriptionId,
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
        plan: 'monthly',
      },
      invoices: [
        {
          id: invoiceId,
          number: 'FM-0001',
          created: paidAt.toISOString(),
          amountPaidCents: 1999,
          amountRefundedCents: 0,
          currency: 'usd',
          status: 'paid',
        },
      ],
      guarantee: { eligible: true, deadline: new Date(paidAt.getTime() + 30 * DAY).toISOString() },
      guaranteeUse: null,
    });
    const nobody = await get(base('0123456789abcdef01234567'));
    expect(nobody.body).toEqual({
      subscription: null,
      invoices: [],
      guarantee: { eligible: false, deadline: null, reason: 'not-premium' },
      guaranteeUse: null,
    });
  });

  it('when the founder refunds part of an invoice, then 201 not full, recorded on the invoice, Premium kept, audited; the rest then ends Premium once', async () => {
    const { stripe, calls } = stripeDouble(new Map());
    const app = await billing.compose({ producers: billing.producers, stripe });
    const { user, subscriptionId, invoiceId } = await premiumMember();

    const part = await post(
      `${base(user.id)}/refunds`,
      { invoiceId, amountCents: 500, reason: 'late lesson' },
      admin,
      app,
    );
    expect(part.status).toBe(201);
    expect(adminRefundSchema.parse(part.body)).toMatchObject({ invoiceId, amountCents: 500, full: false });
    expect(await membershipJobs(user.id)).toEqual([]);
    expect((await get(base(user.id))).body.invoices[0]).toMatchObject({
      amountRefundedCents: 500,
      status: 'partially_refunded',
    });

    const rest = await post(`${base(user.id)}/refunds`, { invoiceId, reason: 'asked for all of it' }, admin, app);
    expect(rest).toMatchObject({ status: 201, body: { invoiceId, amountCents: 1499, full: true } });
    expect(calls.refunds.map((r) => r.amount)).toEqual([500, 1499]);
    expect(calls.cancels).toEqual([subscriptionId]);
    expect((await membershipJobs(user.id)).map((job) => job.name)).toEqual(['membership-downgraded']);
    expect((await mailJobs(user.id)).map((job) => [job.name, job.data.source, job.data.memberEmail])).toEqual([
      ['premium-refunded-mail', 'refund', 'golfer@example.com'],
    ]);
    const view = (await get(base(user.id))).body;
    expect(view.subscription).toMatchObject({ status: 'canceled' });
    expect(view.invoices[0]).toMatchObject({ amountRefundedCents: 1999, status: 'refunded' });
    expect((await auditOf(user.id)).map((entry) => entry.action)).toEqual(['billing.refund', 'billing.refund']);

    const more = await post(`${base(user.id)}/refunds`, { invoiceId, reason: 'again' }, admin, app);
    expect(more).toMatchObject({ status: 409, body: { message: 'This invoice is already refunded in full.' } });
  });

  it('when the refund asks too much, names an invoice of another member, or has no reason, then a clear 4xx and nothing refunded', async () => {
    const { stripe, calls } = stripeDouble(new Map());
    const app = await billing.compose({ producers: billing.producers, stripe });
    const { user, invoiceId } = await premiumMember();
    const other = await premiumMember();
    const tooMuch = await post(`${base(user.id)}/refunds`, { invoiceId, amountCents: 5000, reason: 'x' }, admin, app);
    expect(tooMuch).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(tooMuch.body.message).toMatch(/more than what is left to refund on this invoice \(1999\)/);
    const notTheirs = await post(`${base(other.user.id)}/refunds`, { invoiceId, reason: 'x' }, admin, app);
    expect(notTheirs.status).toBe(404);
    const noReason = await post(`${base(user.id)}/refunds`, { invoiceId }, admin, app);
    expect(noReason).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(JSON.stringify(noReason.body)).toMatch(/Reason is required/);
    const badAmount = await post(`${base(user.id)}/refunds`, { invoiceId, amountCents: 1.5, reason: 'x' }, admin, app);
    expect(badAmount.status).toBe(400);
    expect(calls.refunds).toEqual([]);
  });

  it('when the founder cancels a subscription, then cancelled at once at Stripe, the member downgraded, audited; a second time 404', async () => {
    const { stripe, calls } = stripeDouble(new Map());
    const app = await billing.compose({ producers: billing.producers, stripe });
    const { user, subscriptionId } = await premiumMember();
    const res = await post(`${base(user.id)}/subscription/cancel`, { reason: 'chargeback threat' }, admin, app);
    expect(res.status).toBe(200);
    expect(adminBillingSubscriptionSchema.parse(res.body)).toMatchObject({ id: subscriptionId, status: 'canceled' });
    expect(calls.cancels).toEqual([subscriptionId]);
    expect((await membershipJobs(user.id)).map((job) => [job.name, job.data.reason])).toEqual([
      ['membership-downgraded', 'cancelled by the founder'],
    ]);
    expect((await auditOf(user.id))[0]).toMatchObject({
      action: 'billing.cancel',
      summary: expect.stringMatching(/chargeback threat/),
    });
    expect((await post(`${base(user.id)}/subscription/cancel`, { reason: 'again' }, admin, app)).status).toBe(404);
  });

  it('when the founder comps a member for 14 days, then the subscription’s trial ends in 14 days at Stripe, audited; days out of 1–365 → 400', async () => {
    const stripe = stripeForTests();
    const updates: Array<{ id: string; trialEnd: unknown }> = [];
    const update = stripe.subscriptions.update.bind(stripe.subscriptions);
    stripe.subscriptions.update = ((
      id: string,
      params: Stripe.SubscriptionUpdateParams,
      options?: Stripe.RequestOptions,
    ) => {
      updates.push({ id, trialEnd: params.trial_end });
      return update(id, params, options);
    }) as typeof stripe.subscriptions.update;
    const app = await billing.compose({ producers: billing.producers, stripe });
    const { user, subscriptionId } = await premiumMember();
    const before = Math.floor(Date.now() / 1000);
    const res = await post(`${base(user.id)}/subscription/comp`, { reason: 'podcast guest', days: 14 }, admin, app);
    expect(res.status).toBe(200);
    expect(adminBillingSubscriptionSchema.parse(res.body)).toMatchObject({ id: subscriptionId });
    expect(updates).toHaveLength(1);
    expect(updates[0]!.id).toBe(subscriptionId);
    expect(Number(updates[0]!.trialEnd) - before).toBeGreaterThanOrEqual(14 * 24 * 3600);
    expect(Number(updates[0]!.trialEnd) - before).toBeLessThanOrEqual(14 * 24 * 3600 + 60);
    expect((await auditOf(user.id))[0]).toMatchObject({
      action: 'billing.comp',
      summary: expect.stringMatching(/14 day/),
    });
    for (const days of [0, 366, 'ten']) {
      const bad = await post(`${base(user.id)}/subscription/comp`, { reason: 'x', days }, admin, app);
      expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    }
  });
});

describe('refunds of Premium payments made elsewhere (webhook)', () => {
  it('when Stripe reports a partial refund of a Premium invoice, then it is recorded on the invoice and nothing else changes', async () => {
    const { user, customerId, invoiceId } = await premiumMember();
    const paymentIntentId = uniqueId('pi');
    const { stripe } = stripeDouble(new Map([[paymentIntentId, invoiceId]]));
    const app = await billing.compose({ producers: billing.producers, stripe });
    const event = billing.events.chargeRefunded({ paymentIntentId, amount: 1999, amountRefunded: 700, customerId });
    expect((await billing.deliver(event, {}, app)).status).toBe(200);
    expect(await billing.inboxEntry(event.id)).toMatchObject({ outcome: 'no-effect' });
    expect(await models().SubscriptionPayment.findById(invoiceId).lean()).toMatchObject({ amountRefundedCents: 700 });
    expect(await membershipJobs(user.id)).toEqual([]);
    expect(await mailJobs(user.id)).toEqual([]);
  });

  it('when a Premium invoice is refunded in full in Stripe’s dashboard (charge.refunded, then refund.updated), then Premium ends once: cancelled, downgraded, one mail', async () => {
    const { user, customerId, subscriptionId, invoiceId } = await premiumMember();
    const paymentIntentId = uniqueId('pi');
    const { stripe, calls } = stripeDouble(new Map([[paymentIntentId, invoiceId]]));
    const app = await billing.compose({ producers: billing.producers, stripe });
    const refunded = billing.events.chargeRefunded({ paymentIntentId, amount: 1999, amountRefunded: 1999, customerId });
    expect((await billing.deliver(refunded, {}, app)).status).toBe(200);
    const updated = billing.events.refundUpdated({ paymentIntentId, amount: 1999, status: 'succeeded' });
    expect((await billing.deliver(updated, {}, app)).status).toBe(200);
    expect(calls.cancels).toEqual([subscriptionId]);
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({ status: 'canceled' });
    expect((await membershipJobs(user.id)).map((job) => job.name)).toEqual(['membership-downgraded']);
    expect((await mailJobs(user.id)).map((job) => [job.name, job.data.source, job.data.memberEmail])).toEqual([
      ['premium-refunded-mail', 'refund', 'golfer@example.com'],
    ]);
  });

  it('when a dispute of a Premium payment is lost, then Premium ends; a dispute won changes nothing', async () => {
    const { user, invoiceId, subscriptionId } = await premiumMember();
    const paymentIntentId = uniqueId('pi');
    const { stripe } = stripeDouble(new Map([[paymentIntentId, invoiceId]]));
    const app = await billing.compose({ producers: billing.producers, stripe });
    const dispute = (status: string) => {
      const created = billing.events.disputeCreated({ paymentIntentId });
      const object = { ...(created.data.object as object), status };
      return { ...created, id: uniqueId('evt'), type: 'charge.dispute.closed', data: { object } } as Stripe.Event;
    };
    expect((await billing.deliver(dispute('won'), {}, app)).status).toBe(200);
    expect(await membershipJobs(user.id)).toEqual([]);
    expect((await billing.deliver(dispute('lost'), {}, app)).status).toBe(200);
    expect(await models().BillingSubscription.findById(subscriptionId).lean()).toMatchObject({ status: 'canceled' });
    expect((await membershipJobs(user.id)).map((job) => [job.name, job.data.reason])).toEqual([
      ['membership-downgraded', 'dispute lost'],
    ]);
  });
});
