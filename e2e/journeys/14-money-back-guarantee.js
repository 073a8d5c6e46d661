'use strict';
// Journey 14: the 30-day money-back guarantee, self-serve (issue 28). A fresh member pays for
// Premium at /checkout (Stripe.js stand-in, then the signed webhooks Stripe would send: the
// subscription active, its first invoice paid); on day 1 the account page offers "Request a
// refund (30-day guarantee)" with 30 days left; one dialog, the refund; the confirmation
// names the amount, the membership shows Free (the server says so too), the button is gone,
// and both mails arrive at the sink: the member's and the founder's; the founder's console
// shows the invoice refunded.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config } = require('../lib/config');
const { grantAdmin } = require('../lib/a11y');
const { check, expectHidden, expectPath, expectVisible } = require('../lib/expect');
const { currentUser, newMember, signUp } = require('../lib/app');
const { fillCard, paymentSetup } = require('../lib/checkout');
const { stripeCustomerIdOf } = require('../lib/members-db');
const { waitForMail } = require('../lib/smtp-sink');
const { deliverWebhook, firstInvoicePaid, subscriptionActivated } = require('../lib/stripe-webhooks');

const REFUND_BUTTON = 'Request a refund (30-day guarantee)';

test(
  '14. Money-back guarantee: pay for Premium, ask for the refund on day 1, Free again, the member and the founder mailed',
  { timeout: config.journeyTimeout },
  journey('guarantee', async ({ page, step, newMemberContext }) => {
    const member = newMember('guarantee');
    const main = page.getByRole('main');

    await step('a fresh member pays for Premium (stand-in card form, then the webhooks Stripe sends)', async () => {
      await signUp(page, member);
      await expectPath(page, '/member/account');
      const created = paymentSetup(page, '/api/create-subscription');
      await main.getByRole('link', { name: 'Upgrade to Premium' }).click();
      await expectPath(page, '/checkout');
      const setup = await created;
      await fillCard(page, 'visa');
      const returned = page.waitForURL(/\/member\/account\?payment=success/, { waitUntil: 'commit', timeout: 20_000 });
      await page.getByRole('button', { name: 'Subscribe - $19.99/month' }).click();
      await returned;
      const user = await currentUser(page);
      const customerId = await stripeCustomerIdOf(user.id);
      const subscriptionId = /** @type {string} */ (setup.subscriptionId);
      await deliverWebhook(subscriptionActivated({ subscriptionId, customerId, userId: user.id }));
      await deliverWebhook(
        await firstInvoicePaid({ subscriptionId, customerId, userId: user.id, email: member.email }),
      );
      await expectVisible(main.getByLabel('Membership: Premium'), 'the Premium badge');
    });

    const guarantee = main.getByRole('region', { name: '30-day money-back guarantee' });

    await step(
      'day 1: the account page offers the refund with 30 days left; the dialog says what happens',
      async () => {
        // The page asked before the invoice.paid webhook was handled (its 200 came after the record).
        await page.reload();
        await expectVisible(guarantee.getByRole('button', { name: REFUND_BUTTON }), 'the refund button');
        await expectVisible(guarantee.getByText(/You have 30 days left/), 'the 30 days left');
        await guarantee.getByRole('button', { name: REFUND_BUTTON }).click();
        const dialog = page.getByRole('dialog', { name: 'Refund your Premium membership?' });
        await expectVisible(dialog.getByText('The full amount of your first payment goes back to your card.'));
        await expectVisible(dialog.getByText('Your Premium membership ends now.'));
        await expectVisible(dialog.getByText('Your subscription is cancelled: you will not be charged again.'));
      },
    );

    await step('the refund: the confirmation with the amount, Free on the page and on the server', async () => {
      const answered = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/billing/guarantee/refund' && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Refund and end Premium' }).click();
      const res = await answered;
      check(res.status() === 202, `POST /api/billing/guarantee/refund answered ${res.status()}: ${await res.text()}`);
      await expectVisible(guarantee.getByText('Refund on its way'), 'the confirmation');
      await expectVisible(guarantee.getByText(/\$19\.99 is on its way back to/), 'the amount refunded');
      await expectVisible(main.getByLabel('Membership: Free'), 'the Free badge', 6_000);
      check((await currentUser(page)).membershipLevel === 'free', 'the server says free');
      await expectHidden(guarantee.getByRole('button', { name: REFUND_BUTTON }), 'the refund button');
      await expectVisible(main.getByRole('link', { name: 'Upgrade to Premium' }), 'the upgrade offer again');
    });

    await step('the member and the founder are mailed', async () => {
      const refunded = (/** @type {import('../lib/smtp-sink').SinkMessage} */ m) => /refund/i.test(m.subject);
      await waitForMail({ to: member.email, match: refunded, what: 'about the refund' });
      await waitForMail({
        to: config.founderEmail,
        match: (m) => refunded(m) && `${m.subject}\n${m.text}`.includes(member.email),
        what: `about ${member.email}'s refund`,
      });
    });

    await step(
      "the founder's console shows it: the invoice refunded, the subscription canceled, the guarantee used",
      async () => {
        const founder = newMember('guarantee-founder');
        const desk = await newMemberContext();
        await signUp(desk, founder);
        await grantAdmin(founder.email);
        await desk.goto('/admin/members');
        await desk.getByLabel('Search members').fill(member.email);
        await desk.getByRole('button', { name: `Details of ${member.email}` }).click();
        const billing = desk.getByRole('dialog').getByRole('region', { name: 'Billing' });
        const invoice = billing.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1);
        await expectVisible(invoice.getByRole('cell', { name: 'Refunded', exact: true }), 'the invoice refunded');
        await expectVisible(invoice.getByRole('cell', { name: '$19.99' }).nth(1), 'the amount refunded');
        await expectVisible(billing.getByText('canceled', { exact: true }), 'the subscription canceled');
        await expectVisible(billing.getByText('Closed: already used.'), 'the guarantee used');
      },
    );
  }),
);
