'use strict';
// Journey 19: a round on the course, on a phone (390 px). Clubs from the member's bag (the
// default 14; "Other clubs" one tap away), the routine scored after each hole, a reload on
// hole 12 back on hole 12 with its shots, the lock screen's Media Session title; the round
// finished without signal waits in the outbox and reaches GET /api/courses/rounds once when
// the network returns.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check, expectVisible } = require('../lib/expect');
const { newMember, signUp } = require('../lib/app');
const { createCourseByApi } = require('../lib/a11y');
const { clubButton, expectRoundSavedOnceOnline } = require('../lib/round');

// From the default bag (services/contracts DEFAULT_BAG), one per hole 1-13.
const BAG_CLUBS = [
  'Driver',
  '3 Wood',
  'Hybrid',
  '5 Iron',
  '6 Iron',
  '7 Iron',
  '8 Iron',
  '9 Iron',
  'Pitching Wedge',
  'Gap Wedge',
  'Sand Wedge',
  'Driver',
  'Putter',
];

test(
  '19. A round on a phone: bag, scorecard, reload on hole 12, finished offline, saved once',
  { timeout: config.journeyTimeout },
  journey(
    'round',
    async ({ page, context, step }) => {
      const member = newMember('round');
      const courseName = `Round Links ${RUN_ID}`;
      let courseId = '';
      const main = page.getByRole('main');
      const clubs = main.getByRole('group', { name: 'Choose a club' });
      const hole = (/** @type {number} */ n) => main.getByRole('heading', { name: `Hole ${n} / 18` });
      const next = main.getByRole('button', { name: 'Next Hole' });
      const shots = main.getByRole('tab');

      await step('a new member opens the player of their course on a phone', async () => {
        await signUp(page, member);
        courseId = await createCourseByApi(page, courseName);
        await page.goto(`/member/course-player/${courseId}`);
        await expectVisible(hole(1));
        // The default bag: 14 clubs, the 7 others one tap away.
        await expectVisible(main.getByRole('button', { name: 'Other clubs (7)' }));
        check(
          (await clubButton(clubs, 'Mini Driver').count()) === 0,
          'the mini driver (not in the bag) is under Other clubs',
        );
      });

      await step('holes 1-12: a club from the bag and the routine score on each hole', async () => {
        for (let n = 1; n <= 12; n += 1) {
          await expectVisible(hole(n));
          await clubButton(clubs, BAG_CLUBS[n - 1]).click();
          await expectVisible(shots.filter({ hasText: `Shot 1 (${BAG_CLUBS[n - 1]})` }));
          await main.getByRole('button', { name: new RegExp(`^${(n % 5) + 1}: `) }).click();
          if (n < 12) await next.click();
        }
        // Hole 12: a second shot with the putter.
        await main.getByRole('button', { name: 'Add Shot' }).click();
        await clubButton(clubs, 'Putter').click();
        await expectVisible(shots.filter({ hasText: 'Shot 2 (Putter)' }));
        const title = await page.evaluate(() => navigator.mediaSession?.metadata?.title ?? null);
        check(title === `Hole 12 · Putter — ${courseName}`, `the lock screen reads "Hole 12 · Putter — …" (${title})`);
      });

      await step('a reload on hole 12 comes back to hole 12 with its shots', async () => {
        await page.reload();
        await expectVisible(hole(12));
        await expectVisible(shots.filter({ hasText: 'Shot 1 (Driver)' }));
        await expectVisible(shots.filter({ hasText: 'Shot 2 (Putter)' }));
        check((await shots.count()) === 2, 'two shots on hole 12 after the reload');
      });

      await step('hole 13, then to hole 18; finished without signal, the round waits on the device', async () => {
        await next.click();
        await expectVisible(hole(13));
        await clubButton(clubs, BAG_CLUBS[12]).click();
        await main.getByRole('button', { name: /^5: / }).click();
        for (let n = 14; n <= 18; n += 1) {
          await next.click();
          await expectVisible(hole(n));
        }
        await main.getByLabel('One word for the day').fill('Patient');
        await context.setOffline(true);
        await main.getByRole('button', { name: 'Finish round' }).click();
        await expectVisible(main.getByText('1 round waiting for signal to be saved.'));
        // Finishing cleared the round: the player is back on hole 1.
        await expectVisible(hole(1));
      });

      await step('back online, the round reaches the server once', async () => {
        await expectRoundSavedOnceOnline(page, context, { courseId, holes: 13, word: 'Patient' });
        await page.request.delete(`${config.baseUrl}/api/courses/${courseId}`);
      });
    },
    { viewport: { width: 390, height: 844 } },
  ),
);
