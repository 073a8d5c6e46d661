'use strict';
// Journey 15: priority support (issue 28 §3). A Free member and a Premium member write in through
// /contact; the founder's console inbox opens on "open, most urgent first": the Premium message
// first, due within 24 h; the founder replies from the console, the member gets the reply by mail
// (threaded on the founder's notification) and reads it under "Your messages" on the account page.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check, expectCount, expectToast, expectVisible } = require('../lib/expect');
const { newMember, signUp } = require('../lib/app');
const { grantAdmin, makePremium } = require('../lib/a11y');
const { waitForMail } = require('../lib/smtp-sink');

/**
 * Sends the contact form as the member logged in on `page`.
 * @param {import('playwright-core').Page} page @param {{ name: string, email: string, message: string }} m
 */
async function writeIn(page, m) {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill(m.name);
  await form.getByLabel('Email').fill(m.email);
  await form.getByLabel('Message').fill(m.message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message sent!');
}

test(
  '15. Priority support: a Free and a Premium member write in, the console shows the Premium one first (24 h), the founder replies, the member reads the reply',
  { timeout: config.journeyTimeout },
  journey('priority-support', async ({ page, step, newMemberContext }) => {
    const founder = newMember('support-founder');
    const free = newMember('support-free');
    const premium = newMember('support-premium');
    const freePage = await newMemberContext();
    const premiumPage = await newMemberContext();
    // This journey's word in both messages: the founder searches the inbox for it.
    const word = `prio${RUN_ID}`;
    const freeMessage = { name: `Fran ${free.tag}`, email: free.email, message: `Free question ${word}` };
    const premiumMessage = {
      name: `Pat ${premium.tag}`,
      email: premium.email,
      message: `My hands shake on short putts ${word}`,
    };
    const reply = `Slow your breathing before each putt (${RUN_ID}).`;
    // The console names a member's message by the account's name, not the one typed in the form
    // (issue 43 §3): the typed one is shown marked.
    const accountName = (/** @type {{ firstName: string, lastName: string }} */ m) => `${m.firstName} ${m.lastName}`;

    await step('a Free member, then a Premium member write in through /contact', async () => {
      await signUp(freePage, free);
      await writeIn(freePage, freeMessage);
      await signUp(premiumPage, premium);
      await makePremium(premiumPage);
      await writeIn(premiumPage, premiumMessage);
    });

    await step(
      'the founder’s inbox opens on open messages, most urgent first: the Premium one, due in 24 h',
      async () => {
        await signUp(page, founder);
        await grantAdmin(founder.email);
        await page.goto('/admin/inbox');
        // The inbox holds other runs' open messages (the resilience suite's fuzz sends hundreds,
        // and earlier ones are due first): the founder searches for this journey's two.
        await page.getByRole('searchbox', { name: 'Search messages' }).fill(word);
        const body = page.getByRole('table', { name: 'Contact messages' }).locator('tbody').getByRole('row');
        await expectCount(body, 2, 'message rows once the search answers: only this journey’s two');
        const ours = body.filter({ hasText: word });
        const freeRow = ours.filter({ hasText: freeMessage.message });
        await expectVisible(freeRow, 'the Free message in the inbox');
        const first = ours.first();
        await expectVisible(
          first.filter({ hasText: premiumMessage.message }),
          'the Premium message before the Free one',
        );
        await expectVisible(first.getByText('Premium', { exact: true }), 'its level, Premium');
        await expectVisible(
          first.getByText(/^Signed in as .+@example\.com/),
          'who wrote: signed in as the Premium member’s account',
        );
        await expectVisible(
          first.getByText(`Typed name: ${premiumMessage.name} (typed, not the account's)`),
          'the name typed in the form, marked as not the account’s',
        );
        const left = (await first.getByText(/ h left$/).textContent()) ?? '';
        check(/^2[34] h left$/.test(left), `the Premium message is due within 24 h (shows "${left}")`);
        await expectVisible(freeRow.getByText('Free', { exact: true }), 'the Free message’s level, Free');
        await expectVisible(freeRow.getByText(/^7[12] h left$|^2 d 2[34] h left$/), 'the Free message due within 72 h');
      },
    );

    await step(
      'the founder replies from the console: the member gets the mail, threaded on the notification',
      async () => {
        await page.getByRole('button', { name: `Reply: message from ${accountName(premium)}` }).click();
        const dialog = page.getByRole('dialog', { name: `Reply to ${accountName(premium)}` });
        await dialog.getByLabel('Your reply').fill(reply);
        await dialog.getByRole('button', { name: 'Send reply' }).click();
        await expectToast(page, 'Reply sent');
        const notification = await waitForMail({
          to: config.founderEmail,
          what: 'with the Premium member’s message',
          match: (m) => m.text.includes(premiumMessage.message),
        });
        const mail = await waitForMail({
          to: premium.email,
          what: 'with the founder’s reply',
          match: (m) => m.text.includes(reply),
        });
        check(
          mail.subject === `Re: your message to ${config.productName}`,
          `the reply's subject (got "${mail.subject}")`,
        );
        const threadId = notification.headers['message-id'];
        check(
          Boolean(threadId) && mail.headers['in-reply-to'] === threadId && mail.headers['references'] === threadId,
          `the reply is threaded on the founder's notification ${threadId} (In-Reply-To ${mail.headers['in-reply-to']})`,
        );
      },
    );

    await step('the Premium member reads the reply under "Your messages" on the account page', async () => {
      await premiumPage.goto('/member/account');
      const section = premiumPage.getByRole('region', { name: 'Your messages' });
      await expectVisible(section.getByText(reply), 'the reply on the account page');
      await expectVisible(section.getByText('Answered', { exact: true }), 'the message marked Answered');
      // The Free message leaves the open list, so later runs' inboxes start clean.
      await page.getByRole('button', { name: `Mark handled: message from ${accountName(free)}` }).click();
      await expectToast(page, 'Marked handled');
    });
  }),
);
