'use strict';
// Journey 7: a member's own account, the way issue 12 describes it. Welcome mail on sign-up; the
// verification mail's link (issue 25) opened logged out, then the account page no longer asks; a
// forgotten password reset from the mail the SMTP sink caught (the link works once); a password
// change from the account page; sign out of all devices (a second browser loses its session
// too); the data export as a download; account deletion (the member's public course leaves the
// community list, the old password stops working, a goodbye mail arrives).

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config } = require('../lib/config');
const { check, eventually, expectPath, expectToast, expectVisible } = require('../lib/expect');
const { currentUser, logIn, newMember, signUp } = require('../lib/app');
const { waitForMail } = require('../lib/smtp-sink');

/** The reset link in a caught mail (text part). @param {{ text: string }} mail */
function resetLinkIn(mail) {
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in the mail text:\n${mail.text}`);
  return new URL(match[0]);
}

/** The verification link in a caught mail (text part). @param {{ text: string }} mail */
function verifyLinkIn(mail) {
  const match = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no verification link in the mail text:\n${mail.text}`);
  return new URL(match[0]);
}

/** A JSON call from the page's own session (same origin, so the Origin check passes). */
async function api(page, method, path, body) {
  const res = await page.request.fetch(`${config.baseUrl}${path}`, {
    method,
    headers: { Origin: new URL(config.baseUrl).origin, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status(), body: res.headers()['content-type']?.includes('json') ? await res.json() : null };
}

test(
  '7. Account: welcome mail, forgot → mail → reset (link works once) → log in, change password, sign out everywhere, export, delete',
  { timeout: config.journeyTimeout },
  journey('account', async ({ page, step, newMemberContext }) => {
    const member = newMember('account');
    const product = 'Fairway Mind';
    let courseId = '';

    await step('sign-up sends "Welcome to Fairway Mind"', async () => {
      await signUp(page, member);
      await expectVisible(page.getByText('Verify your email'), 'the account page asks to verify the address');
      await waitForMail({
        to: member.email,
        what: `with subject "Welcome to ${product}"`,
        match: (m) => m.subject === `Welcome to ${product}`,
      });
      const created = await api(page, 'POST', '/api/courses', {
        name: `Deleted Links ${member.tag}`,
        city: 'St Andrews',
        state: 'Fife',
        country: 'Scotland',
        pars: Array(18).fill(4),
        isPublic: true,
      });
      check(created.status === 201, `a public course is created (got ${created.status})`);
      courseId = created.body.id;
      await page.locator('#member-sidebar').getByRole('button', { name: 'Log Out' }).click();
      await expectPath(page, '/');
    });

    await step("the verification mail's link verifies the address: the account page stops asking", async () => {
      const mail = await waitForMail({
        to: member.email,
        what: `with subject "Verify your ${product} email address"`,
        match: (m) => m.subject === `Verify your ${product} email address`,
      });
      const verifyLink = verifyLinkIn(mail);
      check(verifyLink.origin === new URL(config.baseUrl).origin, `the link points at the site (${verifyLink.origin})`);
      await page.goto(`${verifyLink.pathname}${verifyLink.search}`);
      await expectVisible(page.getByText('Your email is verified'), 'the confirmation on /verify-email');
      await page.getByRole('link', { name: 'Log in' }).click();
      await expectPath(page, '/login');
      await logIn(page, member);
      await page.goto('/member/account');
      await expectVisible(page.getByRole('heading', { name: 'Your Account' }), 'the account page');
      check((await currentUser(page)).emailVerified === true, 'GET /api/auth/user says emailVerified');
      check((await page.getByText('Verify your email').count()) === 0, 'the account page no longer asks to verify');
      await page.locator('#member-sidebar').getByRole('button', { name: 'Log Out' }).click();
      await expectPath(page, '/');
    });

    /** @type {URL} */
    let link = new URL(config.baseUrl);
    await step('forgot password from /login: the confirmation does not say whether the account exists', async () => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expectPath(page, '/forgot-password');
      await expectVisible(page.getByRole('heading', { name: 'Forgot your password?' }), 'the forgot-password page');
      await page.getByLabel('Email').fill(member.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expectVisible(page.getByText(/we've sent a link to reset your password/i), 'the neutral confirmation');
      const mail = await waitForMail({
        to: member.email,
        what: `with subject "Reset your ${product} password"`,
        match: (m) => m.subject === `Reset your ${product} password`,
      });
      link = resetLinkIn(mail);
      check(link.origin === new URL(config.baseUrl).origin, `the link points at the site (${link.origin})`);
    });

    const newPassword = `${member.password}-reset`;
    await step('the reset link sets a new password, then the login page says so', async () => {
      await page.goto(link.pathname + link.search);
      await expectVisible(page.getByRole('heading', { name: 'Choose a new password' }), 'the reset page');
      await page.getByLabel(/^New password/).fill(newPassword);
      await page.getByLabel(/^Confirm/).fill(newPassword);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expectPath(page, '/login');
      await expectToast(page, 'Password updated');
      await waitForMail({
        to: member.email,
        what: `with subject "Your ${product} password was changed"`,
        match: (m) => m.subject === `Your ${product} password was changed`,
      });
    });

    await step('the same link does not work twice; the old password is refused, the new one logs in', async () => {
      await page.goto(link.pathname + link.search);
      await expectVisible(page.getByRole('heading', { name: 'Choose a new password' }), 'the reset page');
      await page.getByLabel(/^New password/).fill(`${newPassword}-again`);
      await page.getByLabel(/^Confirm/).fill(`${newPassword}-again`);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expectVisible(page.getByText(/invalid or has expired|no longer valid|expired/i), 'a used link is refused');
      const old = await api(page, 'POST', '/api/auth/login', { email: member.email, password: member.password });
      check(old.status === 401, `the old password is refused (got ${old.status})`);
      await logIn(page, { email: member.email, password: newPassword });
    });

    const changedPassword = `${newPassword}-changed`;
    await step('account page: a wrong current password is named; the right one changes it', async () => {
      await page.goto('/member/account');
      const form = page.getByRole('form', { name: 'Change password' });
      await expectVisible(form, 'the change-password form');
      await form.getByLabel(/^Current password/).fill('not-my-password');
      await form.getByLabel(/^New password/).fill(changedPassword);
      await form.getByLabel(/^Confirm/).fill(changedPassword);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expectVisible(form.getByText(/current password/i), 'the message about the current password');
      await form.getByLabel(/^Current password/).fill(newPassword);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expectToast(page, 'Password changed');
      check((await currentUser(page)).email === member.email, 'this device stays logged in after the change');
    });

    await step('download my data: a JSON file with the profile and the course', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      check(/\.json$/.test(download.suggestedFilename()), `a .json file (got ${download.suggestedFilename()})`);
      const stream = await download.createReadStream();
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      const data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      check(data.profile?.email === member.email, 'the export holds the profile');
      check(
        JSON.stringify(data).includes(courseId),
        'the export holds the member course (courses service answered auth)',
      );
      check(!JSON.stringify(data).includes('passwordHash'), 'the export holds no password hash');
    });

    await step('sign out of all devices: a second browser loses its session too', async () => {
      const second = await newMemberContext();
      await logIn(second, { email: member.email, password: changedPassword });
      await page.getByRole('button', { name: 'Sign out of all devices' }).click();
      await expectPath(page, '/login');
      const res = await second.request.get(`${config.baseUrl}/api/auth/user`);
      check(res.status() === 401, `the other browser is logged out (got ${res.status()})`);
    });

    await step('delete account: the password is asked for, then the member and their course are gone', async () => {
      await logIn(page, { email: member.email, password: changedPassword });
      await page.goto('/member/account');
      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog, 'the confirmation dialog');
      await dialog.getByLabel(/^Password/).fill(changedPassword);
      await dialog.getByRole('button', { name: /^Delete/ }).click();
      await expectPath(page, '/');
      await expectToast(page, 'Your account was deleted');
      const login = await api(page, 'POST', '/api/auth/login', { email: member.email, password: changedPassword });
      check(login.status === 401, `the deleted account cannot log in (got ${login.status})`);
      await waitForMail({
        to: member.email,
        what: `with subject "Your ${product} account was deleted"`,
        match: (m) => m.subject === `Your ${product} account was deleted`,
      });
      // Another member no longer finds the course (within 5 s: the event goes through the queue).
      const viewer = newMember('account-viewer');
      await signUp(page, viewer);
      await eventually(
        async () => (await api(page, 'GET', `/api/courses/${courseId}`)).status === 404,
        'the deleted member course answers 404 within 5 s',
        5000,
      );
    });
  }),
);
