'use strict';
// Journey 9: billing's hard paths (issue 13). A Premium member's renewal fails: the member gets
// "Your Fairway Mind payment failed" (amount, a link to our account page, never a Stripe URL) and,
// once Stripe moves the subscription to past_due, the account page shows the banner with its
// Update card action while the member stays Premium; the billing history lists the invoices
// stripe-mock holds. A coaching payment shows as Paid, then, refunded from Stripe's dashboard, as
// Refunded, with a mail to the member and one to the founder.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check, expectVisible } = require('../lib/expect');
const { currentUser, newMember, signUp } = require('../lib/app');
const { stripeCustomerIdOf } = require('../lib/members-db');
const { waitForMail } = require('../lib/smtp-sink');
const {
  coachingPaymentSucceeded,
  coachingRefunded,
  deliverWebhook,
  renewalPaymentFailed,
  subscriptionActivated,
} = require('../lib/stripe-webhooks');

test(
  '9. Billing hard paths: a failed renewal (mail, past-due banner, still Premium), billing history, a coaching payment refunded (Refunded, two mails)',
  { timeout: config.journeyTimeout },
  journey('billing-hard-paths', async ({ page, step }) => {
    const member = newMember('renewal');
    const origin = new URL(config.baseUrl).origin;
    const post = (path) =>
      page.request.post(`${config.baseUrl}${path}`, {
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        data: '{}',
      });
    /** @type {{ id: string }} */
    let user = { id: '' };
    let subscriptionId = '';
    let customerId = '';

    await step('a member subscribes (signed webhook: active) and is Premium', async () => {
      await signUp(page, member);
      user = await currentUser(page);
      const res = await post('/api/create-subscription');
      check(res.status() === 200, `create-subscription answered ${res.status()}`);
      subscriptionId = (await res.json()).subscriptionId;
      customerId = await stripeCustomerIdOf(user.id);
      await deliverWebhook(subscriptionActivated({ subscriptionId, customerId, userId: user.id }));
      await page.goto('/member/account');
      await expectVisible(page.getByLabel('Membership: Premium'), 'the Premium badge');
    });

    await step(
      'the renewal fails: the member gets the mail with the amount and a link to our account page',
      async () => {
        await deliverWebhook(
          await renewalPaymentFailed({ subscriptionId, customerId, email: member.email, userId: user.id }),
        );
        const mail = await waitForMail({
          to: member.email,
          what: `with subject "Your ${config.productName} payment failed"`,
          match: (m) => m.subject === `Your ${config.productName} payment failed`,
          timeoutMs: 10_000,
        });
        check(mail.text.includes('$19.99'), 'the mail names the amount, $19.99');
        check(mail.text.includes(`${origin}/member/account`), 'the mail links to the account page');
        check(!/stripe\.com/.test(mail.text + mail.html), 'the mail carries no Stripe-hosted URL');
      },
    );

    await step('Stripe moves the subscription to past_due: the banner shows, the member is still Premium', async () => {
      await deliverWebhook(subscriptionActivated({ subscriptionId, customerId, userId: user.id, status: 'past_due' }));
      await page.reload();
      const banner = page.getByRole('alert').filter({ hasText: 'Your last payment failed — update your card' });
      await expectVisible(banner, 'the past-due banner');
      await expectVisible(banner.getByRole('button', { name: 'Update card' }), 'its Update card action');
      await expectVisible(page.getByLabel('Membership: Premium'), 'the Premium badge, still');
      check((await currentUser(page)).membershipLevel === 'premium', 'the API says Premium too');
    });

    await step('the billing history lists the invoices Stripe holds, with their amounts', async () => {
      const invoices = page.getByRole('table', { name: 'Invoices' });
      await expectVisible(invoices, 'the invoices table');
      await expectVisible(invoices.getByRole('row').nth(1), 'at least one invoice row');
      check(/\$\d/.test(await invoices.innerText()), 'the invoices show their amounts');
    });

    await step(
      'a coaching payment shows as Paid; refunded from the dashboard, as Refunded, with two mails',
      async () => {
        const res = await post('/api/create-coaching-payment');
        check(res.status() === 200, `create-coaching-payment answered ${res.status()}`);
        // stripe-mock gives every PaymentIntent the same id; the webhook's payment has its own.
        const paymentIntentId = `pi_e2e${RUN_ID}refund`;
        await deliverWebhook(coachingPaymentSucceeded({ paymentIntentId, userId: user.id, email: member.email }));
        const sessions = page.getByRole('list', { name: 'Coaching sessions' });
        await page.reload();
        await expectVisible(sessions.getByText('Paid', { exact: true }).first(), 'the booking, Paid');

        await deliverWebhook(coachingRefunded({ paymentIntentId }));
        await page.reload();
        await expectVisible(sessions.getByText('Refunded', { exact: true }).first(), 'the booking, Refunded');
        await waitForMail({
          to: member.email,
          what: 'with subject "Your coaching payment was refunded"',
          match: (m) => m.subject === 'Your coaching payment was refunded' && m.text.includes('$100.00'),
          timeoutMs: 10_000,
        });
        await waitForMail({
          to: config.founderEmail,
          what: `with subject "Coaching refund: …" naming ${member.email}`,
          match: (m) =>
            m.subject.startsWith('Coaching refund: ') && m.text.includes('$100.00') && m.text.includes(member.email),
          timeoutMs: 10_000,
        });
      },
    );
  }),
);
