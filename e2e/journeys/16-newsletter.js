'use strict';
// Journey 16: the monthly newsletter (issue 29 §1). A member ticks "Send me the monthly
// newsletter" at sign-up and verifies the address; the founder writes a newsletter in the console,
// previews it (the HTML part in a sandboxed frame, the text part), sends a test to the founder
// address, then sends it to every subscriber (confirmed). The member receives exactly one mail,
// with List-Unsubscribe (https and mailto) and List-Unsubscribe-Post (RFC 8058); its footer link,
// opened in another browser without logging in, changes nothing until "Unsubscribe" is clicked
// (issue 43 §4: mail scanners follow links), then unsubscribes (and only from the newsletter).

const { setTimeout: sleep } = require('node:timers/promises');
const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check, eventually, expectPath, expectToast, expectVisible } = require('../lib/expect');
const { currentUser, fillSignup, newMember, signUp } = require('../lib/app');
const { grantAdmin } = require('../lib/a11y');
const { listMessages, waitForMail } = require('../lib/smtp-sink');

/** The first link in a caught mail's text part whose path is `path`. @param {{ text: string }} mail @param {string} path */
function linkIn(mail, path) {
  const match = new RegExp(`https?://[^\\s<>()"]+${path.replace(/[/?]/g, '\\$&')}\\?token=[^\\s<>()"]+`).exec(
    mail.text,
  );
  if (!match) throw new Error(`no ${path} link in the mail text:\n${mail.text}`);
  return new URL(match[0]);
}

test(
  '16. Newsletter: a verified member opts in at sign-up; the founder writes, previews, tests and sends; the member gets one mail with List-Unsubscribe; its link unsubscribes without a login',
  { timeout: config.journeyTimeout },
  journey('newsletter', async ({ page, step, newMemberContext }) => {
    const founder = newMember('newsletter-founder');
    const reader = newMember('newsletter-reader');
    const readerPage = await newMemberContext();
    const subject = `Fairway notes ${RUN_ID}`;
    const body = `## Breathe on the tee\n\nThree slow breaths before every drive (${RUN_ID}).`;

    await step('a member ticks "Send me the monthly newsletter" at sign-up and verifies the address', async () => {
      await readerPage.goto('/signup');
      await fillSignup(readerPage, reader, reader.password);
      const box = readerPage.getByRole('checkbox', { name: 'Send me the monthly newsletter' });
      check(!(await box.isChecked()), 'the newsletter box starts unticked');
      await box.check();
      await readerPage.getByRole('button', { name: 'Create Account' }).click();
      await expectPath(readerPage, /^\/member\//);
      const mail = await waitForMail({
        to: reader.email,
        what: `with subject "Verify your ${config.productName} email address"`,
        match: (m) => m.subject === `Verify your ${config.productName} email address`,
      });
      const verify = linkIn(mail, '/verify-email');
      await readerPage.goto(`${verify.pathname}${verify.search}`);
      await expectVisible(readerPage.getByText('Your email is verified'), 'the address verified');
      const me = await currentUser(readerPage);
      check(me.newsletter === true && me.emailVerified === true, `opted in and verified (${JSON.stringify(me)})`);
      await readerPage.goto('/member/account');
      const toggle = readerPage
        .getByRole('region', { name: 'Newsletter' })
        .getByRole('switch', { name: 'Send me the monthly newsletter' });
      check(await toggle.isChecked(), 'the account page shows the newsletter switch on');
    });

    await step('the founder writes a draft in the console and previews it (HTML and text parts)', async () => {
      await signUp(page, founder);
      await grantAdmin(founder.email);
      await page.goto('/admin/newsletters');
      await page.getByRole('link', { name: 'New newsletter' }).click();
      await expectPath(page, '/admin/newsletters/new');
      await page.getByLabel(/^Subject/).fill(subject);
      await page.getByLabel(/^Body \(Markdown\)/).fill(body);
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expectToast(page, 'Draft saved');
      await expectPath(page, /^\/admin\/newsletters\/(?!new)[^/]+$/);
      await page.getByRole('button', { name: 'Preview' }).click();
      const frame = page.frameLocator('iframe[title="Newsletter preview: HTML part"]');
      await expectVisible(frame.getByRole('heading', { name: 'Breathe on the tee' }), 'the Markdown heading, as HTML');
      await expectVisible(
        frame.getByText(`Three slow breaths before every drive (${RUN_ID}).`),
        'the body in the HTML',
      );
      const text = (await page.getByLabel('Newsletter preview: text part').textContent()) ?? '';
      check(text.includes(`Three slow breaths before every drive (${RUN_ID}).`), `the text part has the body: ${text}`);
      check(
        (await page.locator('iframe[title="Newsletter preview: HTML part"]').getAttribute('sandbox')) === '',
        'the preview frame is sandboxed (no scripts, no same origin)',
      );
    });

    await step('"Send test to me" mails the founder address once', async () => {
      await page.getByRole('button', { name: 'Send test to me' }).click();
      await expectToast(page, 'Test sent');
      await waitForMail({
        to: config.founderEmail,
        what: `the test of "${subject}"`,
        match: (m) => m.subject.includes(subject),
      });
      check(
        (await listMessages(reader.email)).every((m) => !m.subject.includes(subject)),
        'the test reached no subscriber',
      );
    });

    await step('"Send to N subscribers", confirmed, sends it; the newsletter turns read-only', async () => {
      const send = page.getByRole('button', { name: /^Send to \d+ subscribers?$/ });
      await expectVisible(send, 'the send button with the number of subscribers');
      await send.click();
      const dialog = page.getByRole('dialog', { name: /^Send to \d+ subscribers?\?$/ });
      await dialog.getByRole('button', { name: 'Send now' }).click();
      await expectToast(page, 'Sending started');
      await expectVisible(
        page.getByText(/^Sending: \d+ of \d+ sent so far\.$|^Sent .*A sent newsletter cannot be edited\.$/),
      );
      check((await page.getByRole('button', { name: /Save draft|Saved/ }).count()) === 0, 'no Save button once sent');
    });

    await step('the member receives exactly one newsletter mail, with List-Unsubscribe and One-Click', async () => {
      const mail = await waitForMail({
        to: reader.email,
        what: `with subject "${subject}"`,
        match: (m) => m.subject.includes(subject),
        timeoutMs: 90_000,
      });
      const listUnsubscribe = mail.headers['list-unsubscribe'] ?? '';
      check(/<https?:\/\/[^>]+>/.test(listUnsubscribe), `List-Unsubscribe has a web link (${listUnsubscribe})`);
      check(/<mailto:[^>]+>/.test(listUnsubscribe), `List-Unsubscribe has a mailto (${listUnsubscribe})`);
      check(
        mail.headers['list-unsubscribe-post'] === 'List-Unsubscribe=One-Click',
        `List-Unsubscribe-Post (${mail.headers['list-unsubscribe-post']})`,
      );
      check(mail.html.includes(`Three slow breaths before every drive (${RUN_ID}).`), 'the HTML part has the body');
      // A late duplicate would come within the worker's retry window: wait a little, count again.
      await sleep(3000);
      const copies = (await listMessages(reader.email)).filter((m) => m.subject.includes(subject));
      check(copies.length === 1, `exactly one newsletter mail (got ${copies.length})`);

      const link = linkIn(mail, '/newsletter/unsubscribe');
      check(link.origin === new URL(config.baseUrl).origin, `the footer link points at the site (${link.origin})`);
      const visitor = await newMemberContext();
      await visitor.goto(`${link.pathname}${link.search}`);
      await expectVisible(visitor.getByText('Unsubscribe from the monthly newsletter?'), 'the page asks first');
      check((await currentUser(readerPage)).newsletter === true, 'opening the link unsubscribed no one');
      await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
      await expectVisible(
        visitor.getByText('You are unsubscribed from the monthly newsletter'),
        'the unsubscribe page, without a login',
      );
      await expectVisible(visitor.getByRole('button', { name: 'Resubscribe' }), 'the page offers to undo it');
      await eventually(
        async () => (await currentUser(readerPage)).newsletter === false,
        'the member no longer gets the newsletter',
      );
      const me = await currentUser(readerPage);
      check(me.emailVerified === true && me.membershipLevel === 'free', 'nothing else of the account changed');
    });
  }),
);
