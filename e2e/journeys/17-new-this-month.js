'use strict';
// Journey 17: new content every month (issue 29 §2). The founder adds a section item in the
// console; the console's front page lists it under this month's additions; a Premium member sees it
// in "New this month" on member home and with a "New" badge on the section page. The item is
// deleted again at the end (the console's API), so other runs start from the seeded catalogue.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check, expectPath, expectToast, expectVisible } = require('../lib/expect');
const { newMember, signUp } = require('../lib/app');
const { grantAdmin, makePremium } = require('../lib/a11y');

const SECTION = 'daily-drills';

test(
  '17. New this month: the founder adds a section item in the console; the front page lists it; a Premium member sees it as "New"',
  { timeout: config.journeyTimeout },
  journey('new-this-month', async ({ page, step, newMemberContext }) => {
    const founder = newMember('new-founder');
    const member = newMember('new-member');
    const memberPage = await newMemberContext();
    const title = `Ninety-Second Reset ${RUN_ID}`;
    /** The added item's id, for the clean-up. */
    let itemId = null;

    await step('the founder adds a text item to Daily drills in the console', async () => {
      await signUp(page, founder);
      await grantAdmin(founder.email);
      await page.goto('/admin/content');
      await page.getByRole('tab', { name: 'Section items' }).click();
      await page.getByRole('button', { name: 'Add item' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add an item to Daily drills' });
      await dialog.getByLabel(/^Title/).fill(title);
      await dialog.getByLabel(/^Text/).fill('Breathe out twice as long as you breathe in. Then pick a small target.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Saved');
      await expectVisible(page.getByRole('cell', { name: title, exact: true }), 'the new item in the console list');
      const res = await page.request.get(`${config.baseUrl}/api/admin/sections/${SECTION}/content?pageSize=100`);
      check(res.status() === 200, `the console's item list answered ${res.status()}`);
      const item = (await res.json()).items.find((/** @type {{title: string}} */ i) => i.title === title);
      check(item, 'the new item is stored');
      itemId = item.id;
      check(
        Date.now() - Date.parse(item.publishedAt) < 10 * 60_000,
        `the item is published when it was added (publishedAt ${item.publishedAt})`,
      );
    });

    try {
      await step("the console's front page lists it among this month's additions", async () => {
        await page.goto('/admin');
        await expectPath(page, '/admin/members');
        const card = page.getByRole('region', { name: /^New content/ });
        await expectVisible(card.getByText(title, { exact: true }), "the item in the front page's monthly promise");
      });

      await step(
        'a Premium member sees it in "New this month" on member home, and as "New" on the section page',
        async () => {
          await signUp(memberPage, member);
          await makePremium(memberPage);
          await memberPage.goto('/member/home');
          const newThisMonth = memberPage.getByRole('region', { name: 'New this month' });
          const card = newThisMonth.getByRole('article', { name: title });
          await expectVisible(card, 'the item in "New this month"');
          await expectVisible(card.getByText(/^New, published /), 'its New badge on member home');
          await card.getByRole('link', { name: title }).click();
          await expectPath(memberPage, `/member/${SECTION}`);
          const onSection = memberPage.getByRole('article', { name: title });
          await expectVisible(onSection, 'the item on the section page');
          await expectVisible(onSection.getByText(/^New, published /), 'its New badge on the section page');
        },
      );
    } finally {
      if (itemId) {
        const res = await page.request.delete(`${config.baseUrl}/api/admin/sections/${SECTION}/content/${itemId}`, {
          headers: { Origin: new URL(config.baseUrl).origin },
        });
        check(res.status() === 204, `the journey's item is deleted again (got ${res.status()})`);
      }
    }
  }),
);
