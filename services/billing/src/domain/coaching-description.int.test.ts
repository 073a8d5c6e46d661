import { loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import request from 'supertest';
import type Stripe from 'stripe';
import { startBillingService, type BillingTestService } from '../../test/billing-service';
import { createStripeClient } from '../stripe/stripe-client';

/** The session's length is one setting: the coaching payment Stripe shows the member names it too. */
let billing: BillingTestService;
beforeAll(async () => {
  billing = await startBillingService({ COACHING_SESSION_MINUTES: '60' });
});
afterAll(() => billing.close());

it('when COACHING_SESSION_MINUTES is 60, then the coaching PaymentIntent is described as a 60-minute session', async () => {
  const stripe = createStripeClient(billing.deps.config);
  const created: Stripe.PaymentIntentCreateParams[] = [];
  const create = stripe.paymentIntents.create.bind(stripe.paymentIntents);
  stripe.paymentIntents.create = ((params: Stripe.PaymentIntentCreateParams, options?: Stripe.RequestOptions) => {
    created.push(params);
    return create(params, options);
  }) as typeof stripe.paymentIntents.create;
  const app = await billing.compose({ stripe });
  const { cookie } = await loggedInMember(billing.deps);

  const res = await request(app.callback())
    .post('/api/create-coaching-payment')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('Cookie', cookie);

  expect(res.status).toBe(200);
  expect(created).toHaveLength(1);
  expect(created[0]?.description).toBe('Fairway Mind one-on-one coaching session (60 minutes)');
});
