'use strict';
// Journey 8: the founder console (issue 14). A member pays for coaching (signed webhook); the
// founder, made admin with the auth service's command, opens the Founder Console from the
// sidebar, schedules that booking (the member's mail carries an .ics invitation) and renames a
// lesson, which /lessons shows at once; an ordinary member is sent away from /admin.

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check, expectPath, expectToast, expectVisible } = require('../lib/expect');
const { currentUser, newMember, signUp } = require('../lib/app');
const { waitForMail } = require('../lib/smtp-sink');
const { coachingPaymentSucceeded, deliverWebhook } = require('../lib/stripe-webhooks');

const run = promisify(execFile);

/** `npm run admin -w services/auth -- grant <email>`, the only way to make an admin. */
async function grantAdmin(email) {
  const { stdout } = await run('node', ['services/auth/dist/admin-command.js', 'grant', email], {
    cwd: config.root,
    env: { ...process.env, MONGO_URL: config.mongoUrl },
    timeout: 30_000,
  });
  return stdout;
}

test(
  '8. Founder console: an admin schedules a paid coaching booking (mail with .ics) and renames a lesson (live on /lessons); a member is kept out',
  { timeout: config.journeyTimeout },
  journey('founder-console', async ({ page, step, newMemberContext }) => {
    const founder = newMember('founder');
    const golfer = newMember('golfer');
    const golferPage = await newMemberContext();

    await step('a member is kept out of /admin; then pays for coaching (signed webhook)', async () => {
      await signUp(golferPage, golfer);
      await golferPage.goto('/admin');
      await expectPath(golferPage, '/member/account');
      const res = await golferPage.request.post(`${config.baseUrl}/api/create-coaching-payment`, {
        headers: { Origin: new URL(config.baseUrl).origin, 'Content-Type': 'application/json' },
        data: '{}',
      });
      check(res.status() === 200, `create-coaching-payment answered ${res.status()}`);
      const user = await currentUser(golferPage);
      await deliverWebhook(
        coachingPaymentSucceeded({ paymentIntentId: `pi_e2e${RUN_ID}console`, userId: user.id, email: golfer.email }),
      );
      const forbidden = await golferPage.request.get(`${config.baseUrl}/api/admin/bookings`);
      check(forbidden.status() === 403, `a member gets 403 from /api/admin/bookings (got ${forbidden.status()})`);
    });

    await step('the founder is made admin by the command and finds "Founder Console" in the sidebar', async () => {
      await signUp(page, founder);
      const out = await grantAdmin(founder.email);
      check(out.includes(founder.email), `the command names the member it granted (printed: ${out.trim()})`);
      await page.goto('/member/account');
      await page
        .getByRole('navigation', { name: 'Member navigation' })
        .getByRole('link', { name: 'Founder Console' })
        .click();
      await expectPath(page, /^\/admin/);
    });

    await step(
      'Bookings: schedule the paid booking; the member gets "Your coaching session is scheduled" with an .ics',
      async () => {
        await page.goto('/admin/bookings');
        // stripe-mock gives every PaymentIntent the same id, so the webhook's payment (its own id,
        // as each real payment has) is booked on its own, named by the receipt e-mail.
        const schedule = page.getByRole('button', { name: `Schedule booking of ${golfer.email}` });
        await expectVisible(schedule, "the paid booking's Schedule button");
        await schedule.click();
        const dialog = page.getByRole('dialog', { name: 'Schedule coaching session' });
        const when = new Date(Date.now() + 3 * 24 * 3600 * 1000);
        when.setUTCHours(15, 0, 0, 0);
        await dialog.getByLabel('Date and time').fill(when.toISOString().slice(0, 16));
        await dialog.getByRole('button', { name: 'Schedule' }).click();
        await expectVisible(
          page.getByRole('row').filter({ hasText: golfer.email }).getByText('Scheduled', { exact: true }),
          'the booking shows Scheduled',
        );
        const mail = await waitForMail({
          to: golfer.email,
          what: 'with subject "Your coaching session is scheduled"',
          match: (m) => m.subject === 'Your coaching session is scheduled',
        });
        const raw = JSON.stringify(mail);
        check(/BEGIN:VCALENDAR/.test(raw) && /METHOD:REQUEST/.test(raw), 'the mail carries a calendar invitation');
      },
    );

    await step('Content: rename a lesson; /lessons shows the new title at once, then the old one back', async () => {
      await page.goto('/admin/content');
      // A locked lesson no other journey names; the title goes back even when a check fails.
      const original = 'Process Goals Over Scorecards';
      const renamed = `${original} ${RUN_ID}`;
      const rename = async (from, to) => {
        await page.getByRole('button', { name: `Edit lesson ${from}` }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(/^Title/).fill(to);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Saved');
      };
      await expectVisible(
        page.getByRole('button', { name: `Edit lesson ${original}` }),
        `the Edit button of ${original}`,
      );
      await rename(original, renamed);
      try {
        await golferPage.goto('/lessons');
        await expectVisible(golferPage.getByText(renamed, { exact: true }).first(), 'the new title on /lessons');
        // A visitor gets the page prerendered again with the new title (the prerender watcher,
        // within 5 s) or, before that, with the old one, which sees the catalogue changed and
        // starts the app, which shows the new one, with nothing touched (public/boot.js).
        const visitorPage = await newMemberContext();
        await visitorPage.goto('/lessons', { intent: false });
        await expectVisible(
          visitorPage.getByText(renamed, { exact: true }).first(),
          "the new title on a visitor's prerendered /lessons, untouched",
        );
      } finally {
        await rename(renamed, original);
      }
      await golferPage.reload();
      await expectVisible(golferPage.getByText(original, { exact: true }).first(), 'the title restored');
    });
  }),
);
