import { signServiceToken, type ServiceName } from '@fm/shared/auth';
import { loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import request from 'supertest';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { billingModels } from '../domain/billing.models';
import { MEMBER_EXPORT_PATH } from './internal.routes';

let billing: BillingTestService;
beforeAll(async () => {
  billing = await startBillingService();
});
afterAll(() => billing.close());

const models = () => billingModels(billing.deps.mongo);

/** The token auth signs for its export call to billing. */
function tokenFor(userId: string, options: { secret?: string; audience?: ServiceName } = {}): string {
  return signServiceToken(options.secret ?? billing.deps.config.JWT_SECRET, {
    issuer: 'auth',
    audience: options.audience ?? 'billing',
    claims: { userId, email: 'member@example.com' },
  });
}

const exportOf = (authorization?: string) => {
  const req = request(billing.app.callback()).get(MEMBER_EXPORT_PATH);
  return authorization ? req.set('Authorization', authorization) : req;
};

/** A member who subscribed (active after the webhook) and started two coaching payments, one paid. */
async function payingMember() {
  const { user, cookie } = await loggedInMember(billing.deps);
  const post = (path: string) =>
    request(billing.app.callback()).post(path).set('Origin', TEST_SITE_ORIGIN).set('Cookie', cookie);
  const checkout = await post('/api/create-subscription');
  expect(checkout.status).toBe(200);
  expect((await post('/api/create-coaching-payment')).status).toBe(200);
  expect((await post('/api/create-coaching-payment')).status).toBe(200);
  const customerId = (await models().BillingCustomer.findById(user.id).lean())!.stripeCustomerId;
  const active = billing.events.subscriptionEvent('customer.subscription.updated', {
    subscriptionId: checkout.body.subscriptionId,
    customerId,
    status: 'active',
    userId: user.id,
    periodEnd: Math.floor(Date.UTC(2031, 0, 15) / 1000),
  });
  expect((await billing.deliver(active)).status).toBe(200);
  const [first] = await models().CoachingBooking.find({ userId: user.id }).sort({ createdAt: 1 }).lean();
  const paid = billing.events.paymentIntentSucceeded({
    userId: user.id,
    kind: 'coaching',
    paymentIntentId: first!.paymentIntentId,
  });
  expect((await billing.deliver(paid)).status).toBe(200);
  return { user, customerId, subscriptionId: checkout.body.subscriptionId as string };
}

describe('GET /internal/member-export', () => {
  it('when no token, a malformed one, one signed with another secret or one meant for another service comes, then 401 with the JSON envelope', async () => {
    const { user } = await loggedInMember(billing.deps);
    for (const authorization of [
      undefined,
      'Bearer not-a-token',
      `Basic ${Buffer.from('auth:secret').toString('base64')}`,
      `Bearer ${tokenFor(user.id, { secret: 'another-secret-0123456789abcdef' })}`,
      `Bearer ${tokenFor(user.id, { audience: 'courses' })}`,
    ]) {
      const res = await exportOf(authorization);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
  });

  it("when auth asks for a paying member, then 200 with their customer id, subscription and bookings, and nobody else's", async () => {
    const member = await payingMember();
    const other = await payingMember();

    const res = await exportOf(`Bearer ${tokenFor(member.user.id)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      stripeCustomerId: member.customerId,
      subscription: {
        id: member.subscriptionId,
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: '2031-01-15T00:00:00.000Z',
      },
      bookings: [
        { id: expect.any(String), status: 'paid', amountCents: 10000, currency: 'usd', createdAt: expect.any(String) },
        {
          id: expect.any(String),
          status: 'pending',
          amountCents: 10000,
          currency: 'usd',
          createdAt: expect.any(String),
        },
      ],
    });
    const own = await models().CoachingBooking.find({ userId: member.user.id }).lean();
    expect(res.body.bookings.map((b: { id: string }) => b.id).sort()).toEqual(own.map((b) => b._id).sort());
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(other.customerId);
    expect(text).not.toContain(other.subscriptionId);
    expect(text).not.toContain(other.user.email);
  });

  it('when the member never paid, then 200 with nothing: no customer, no subscription, no bookings', async () => {
    const { user } = await loggedInMember(billing.deps);
    const res = await exportOf(`Bearer ${tokenFor(user.id)}`);
    expect(res).toMatchObject({ status: 200, body: { stripeCustomerId: null, subscription: null, bookings: [] } });
  });
});
