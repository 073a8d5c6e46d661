/**
 * Billing's hard paths end to end: Stripe event → billing (this process) → notifications →
 * contact's real mail worker (`services/contact/dist/server.js`) → an SMTP sink started here.
 */
import { startSmtpSink, type SmtpSink } from '@fm/smtp-sink';
import {
  insertUser,
  serviceProcess,
  type ServiceProcess,
  sessionCookieFor,
  TEST_SITE_ORIGIN,
} from '@fm/shared/testing';
import type { QueueEvents } from 'bullmq';
import request from 'supertest';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { uniqueId } from '../../test/stripe-events';
import { billingModels } from '../domain/billing.models';

jest.setTimeout(60_000);

const founder = 'founder@fairwaymind.test';
const siteOrigin = 'https://fairwaymind.test';

let billing: BillingTestService;
let sink: SmtpSink;
let contact: ServiceProcess;
let notificationEvents: QueueEvents;

beforeAll(async () => {
  billing = await startBillingService();
  notificationEvents = await billing.queueEvents('notifications');
  sink = await startSmtpSink();
  contact = await serviceProcess('contact', billing.deps.env, {
    SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
    FOUNDER_EMAIL: founder,
    SITE_ORIGIN: siteOrigin,
  });
  await contact.start();
}, 180_000);

afterAll(async () => {
  await contact?.stop();
  await sink?.close();
  await billing?.close();
});

const models = () => billingModels(billing.deps.mongo);
const deliver = (event: Parameters<BillingTestService['deliver']>[0]) => billing.deliver(event);

/** Every notification job billing queued for `match` is finished: the sink then holds their mails. */
async function mailsSent(match: (data: Record<string, unknown>) => boolean): Promise<void> {
  const jobs = await billing.jobs('notifications', match);
  expect(jobs.length).toBeGreaterThan(0);
  for (const job of jobs) await job.waitUntilFinished(notificationEvents, 20_000);
}

/** A member who paid for coaching through the route and Stripe's payment_intent.succeeded. */
async function paidCoaching(names: { firstName?: string; lastName?: string }) {
  const user = await insertUser(billing.deps, names);
  const started = await request(billing.app.callback())
    .post('/api/create-coaching-payment')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('Cookie', await sessionCookieFor(billing.deps, user.id));
  expect(started.status).toBe(200);
  const booking = (await models().CoachingBooking.findOne({ userId: user.id }).lean())!;
  const paid = billing.events.paymentIntentSucceeded({
    userId: user.id,
    kind: 'coaching',
    paymentIntentId: booking.paymentIntentId,
  });
  expect((await deliver(paid)).status).toBe(200);
  await mailsSent((data) => data.paymentIntentId === booking.paymentIntentId);
  return { user, booking };
}

describe('invoice.payment_failed', () => {
  it('when a renewal fails (delivered three times) and then fails again, then the member gets one mail per attempt with the amount, the retry date and our account link', async () => {
    const user = await insertUser(billing.deps);
    const customerId = uniqueId('cus');
    const subscriptionId = uniqueId('sub');
    const nextAttempt = Date.UTC(2030, 5, 14, 12) / 1000;
    const first = billing.events.invoicePaymentFailed({
      subscriptionId,
      customerId,
      email: user.email,
      userId: user.id,
      attemptCount: 1,
      nextAttempt,
    });
    for (let i = 0; i < 3; i++) expect((await deliver(first)).status).toBe(200);
    await mailsSent((data) => data.eventId === first.id);

    const mail = await sink.waitFor((m) => m.to.includes(user.email), 10_000);
    expect(mail.subject).toBe('Your Fairway Mind payment failed');
    expect(mail.text).toContain('$19.99');
    expect(mail.text).toContain('June 14, 2030');
    expect(mail.text).toContain(`${siteOrigin}/member/account`);
    expect(`${mail.text}${mail.html}`).not.toMatch(/billing\.stripe\.com|stripe\.com\/p\//);

    const second = billing.events.invoicePaymentFailed({
      subscriptionId,
      customerId,
      email: user.email,
      userId: user.id,
      attemptCount: 2,
      nextAttempt: null,
    });
    expect((await deliver(second)).status).toBe(200);
    expect((await deliver(first)).status).toBe(200);
    await mailsSent((data) => data.eventId === second.id);
    const mails = sink.messages().filter((m) => m.to.includes(user.email));
    expect(mails.map((m) => m.subject)).toEqual([
      'Your Fairway Mind payment failed',
      'Your Fairway Mind payment failed',
    ]);
    expect(mails[1]!.text).toContain('No further attempt is scheduled');
    // The membership is not touched by a failed payment (past_due keeps Premium).
    expect(await billing.jobs('membership', (data) => data.userId === user.id)).toHaveLength(0);
  });
});

describe('coaching refunds', () => {
  it('when a coaching payment is refunded (charge.refunded and refund.updated, each twice), then the booking is refunded and the member and the founder get one mail each', async () => {
    const { user, booking } = await paidCoaching({ firstName: 'Ada', lastName: 'Birdie' });
    const refunded = billing.events.chargeRefunded({ paymentIntentId: booking.paymentIntentId });
    const refundUpdated = billing.events.refundUpdated({ paymentIntentId: booking.paymentIntentId });
    for (const event of [refunded, refundUpdated, refunded, refundUpdated]) {
      expect((await deliver(event)).status).toBe(200);
    }
    expect(await models().CoachingBooking.findById(booking._id).lean()).toMatchObject({ status: 'refunded' });
    await mailsSent((data) => data.bookingId === booking._id && 'amountRefundedCents' in data);

    const memberMails = sink.messages().filter((m) => m.subject === 'Your coaching payment was refunded');
    expect(memberMails.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    expect(memberMails.find((m) => m.to.includes(user.email))!.text).toContain('$100.00');
    const founderMails = sink.messages().filter((m) => m.subject === 'Coaching refund: Ada Birdie');
    expect(founderMails).toHaveLength(1);
    expect(founderMails[0]!.to).toContain(founder);
  });

  it('when a coaching payment is refunded in part, then the booking stays paid and nobody is mailed', async () => {
    const { booking } = await paidCoaching({ firstName: 'Partial' });
    const partial = billing.events.chargeRefunded({ paymentIntentId: booking.paymentIntentId, amountRefunded: 2500 });
    expect((await deliver(partial)).status).toBe(200);
    expect(await models().CoachingBooking.findById(booking._id).lean()).toMatchObject({ status: 'paid' });
    expect(
      await billing.jobs('notifications', (data) => data.bookingId === booking._id && 'amountRefundedCents' in data),
    ).toHaveLength(0);
  });

  it('when a charge that is not a coaching payment is refunded (a subscription invoice), then nothing happens', async () => {
    const event = billing.events.chargeRefunded({ paymentIntentId: uniqueId('pi'), amount: 1999 });
    expect((await deliver(event)).status).toBe(200);
    expect(await billing.inboxEntry(event.id)).toMatchObject({ outcome: 'ignored' });
    expect(await billing.jobs('notifications', (data) => data.eventId === event.id)).toHaveLength(0);
  });
});

describe('disputes', () => {
  it('when a dispute opens on a coaching payment (delivered twice), then the founder gets one alert naming the member with the amount', async () => {
    const { booking } = await paidCoaching({ firstName: 'Grace', lastName: 'Eagle' });
    const dispute = billing.events.disputeCreated({ paymentIntentId: booking.paymentIntentId, amount: 10000 });
    expect((await deliver(dispute)).status).toBe(200);
    expect((await deliver(dispute)).status).toBe(200);
    await mailsSent((data) => data.eventId === dispute.id);
    const alerts = sink.messages().filter((m) => m.subject === 'Payment dispute opened: Grace Eagle');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to).toContain(founder);
    expect(alerts[0]!.text).toContain('$100.00');
  });

  it("when a dispute opens on a charge of a member's Stripe customer, then the alert is tied to that member", async () => {
    const user = await insertUser(billing.deps);
    const customerId = uniqueId('cus');
    await models().BillingCustomer.create({ _id: user.id, stripeCustomerId: customerId });
    const dispute = billing.events.disputeCreated({ customerId, amount: 1999 });
    expect((await deliver(dispute)).status).toBe(200);
    await mailsSent((data) => data.eventId === dispute.id);
    const [job] = await billing.jobs('notifications', (data) => data.eventId === dispute.id);
    expect(job!.data).toMatchObject({ userId: user.id, bookingId: null, amountCents: 1999 });
    const alert = await sink.waitFor((m) => m.text.includes(String(job!.data.disputeId)), 10_000);
    expect(alert.subject).toMatch(/^Payment dispute opened: /);
    expect(alert.text).toContain('$19.99');
    expect(alert.text).toContain(user.id);
  });
});
