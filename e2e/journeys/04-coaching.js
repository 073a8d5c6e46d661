'use strict';
// Journey 4: a member books a coaching session. /coaching → /coaching-checkout (card form =
// Stripe.js stand-in) → /member/account?coaching=success → "Coaching Session Booked!", the
// address resets; the test delivers the signed payment_intent.succeeded webhook (metadata
// kind=coaching, userId) and the founder's mail (and the member's confirmation) arrive.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check, expectCount, expectPath, expectToast, expectVisible } = require('../lib/expect');
const { currentUser, newMember, signUp } = require('../lib/app');
const { fillCard, paymentSetup } = require('../lib/checkout');
const { waitForMail } = require('../lib/smtp-sink');
const { coachingPaymentSucceeded, deliverWebhook } = require('../lib/stripe-webhooks');

test(
  '4. Coaching: /coaching → /coaching-checkout → coaching=success toast; signed webhook → mail to the founder',
  { timeout: config.journeyTimeout },
  journey('coaching', async ({ page, step }) => {
    const member = newMember('coaching');
    /** @type {{ clientSecret: string }} */
    let setup = { clientSecret: '' };

    await step('a fresh member opens /coaching: $100 per 45 minutes, six inclusions, Book Your Session', async () => {
      await signUp(page, member);
      await expectPath(page, '/member/account');
      await page.getByRole('main').getByRole('link', { name: 'Learn about coaching' }).click();
      await expectPath(page, '/coaching');
      const offer = page.getByRole('region', { name: 'Private coaching session' });
      await expectVisible(offer.getByText('$100', { exact: true }), 'the $100 price');
      await expectVisible(offer.getByText('per 45 minutes'), 'per 45 minutes');
      await expectCount(offer.getByRole('listitem'), 6, 'inclusion');
    });

    await step('/coaching-checkout sets up the payment and shows the card form', async () => {
      const created = paymentSetup(page, '/api/create-coaching-payment');
      await page.getByRole('link', { name: 'Book Your Session' }).click();
      await expectPath(page, '/coaching-checkout');
      await expectVisible(page.getByRole('heading', { name: 'Book Your Coaching Session', level: 1 }));
      setup = await created;
      check(
        /_secret_/.test(setup.clientSecret),
        `create-coaching-payment gave a client secret, got ${JSON.stringify(setup)}`,
      );
      await expectVisible(
        page.getByRole('region', { name: 'Order summary' }).getByText('$100'),
        'the price in the order summary',
      );
    });

    await step('pay: back on /member/account, "Coaching Session Booked!", the address resets', async () => {
      await fillCard(page, 'visa');
      const returned = page.waitForURL(/\/member\/account\?coaching=success/, { waitUntil: 'commit', timeout: 20_000 });
      await page.getByRole('button', { name: 'Pay $100' }).click();
      await returned;
      await expectToast(
        page,
        'Coaching Session Booked!',
        "Your payment was successful. You'll receive an email shortly to schedule your 45-minute session.",
      );
      await expectPath(page, '/member/account');
      check(new URL(page.url()).search === '', `the address is reset to /member/account, got ${page.url()}`);
    });

    await step('the signed payment_intent.succeeded webhook brings the founder a mail', async () => {
      const user = await currentUser(page);
      // stripe-mock answers every PaymentIntent with the same fixture client_secret, so the id
      // behind it repeats across runs; each real payment has its own id, and so does this one.
      const paymentIntentId = `pi_e2e${RUN_ID}coaching`;
      await deliverWebhook(coachingPaymentSucceeded({ paymentIntentId, userId: user.id, email: member.email }));
      const mail = await waitForMail({
        to: config.founderEmail,
        what: `about the coaching session of ${member.email}`,
        match: (m) => m.text.includes(member.email) && /coaching/i.test(m.subject),
      });
      check(mail.text.includes(paymentIntentId), 'the founder mail names the payment');
    });

    await step("the member's confirmation mail arrives too", async () => {
      await waitForMail({
        to: member.email,
        what: 'confirming the coaching session',
        match: (m) => /coaching/i.test(m.subject),
      });
    });
  }),
);
