'use strict';
// Journey 18: the practice companion (issue 30). A Premium member plays an audio item to the end
// and sees its tick, marks a text item of the same page read (the page told the service it was
// open: a read credits at most the time since, issue 43 §5), starts another and stops at 1:10;
// member home in a second browser offers to continue it, and the player opens at 1:10.
//
// The service credits real listening only (never more than the wall time between beats) and an
// item is complete at 90 % of its length (the shorter of the catalogue's and the player's): the
// first step listens to the whole spoken file in real time (~45 s).

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config } = require('../lib/config');
const { check, eventually, expectPath, expectVisible } = require('../lib/expect');
const { logIn, newMember, signUp } = require('../lib/app');
const { makePremium } = require('../lib/a11y');

/**
 * The id of the item titled `title` in the member section `slug` (through content's API).
 * @param {import('playwright-core').Page} page @param {string} slug @param {string} title
 */
async function itemId(page, slug, title) {
  const section = await (await page.request.get(`${config.baseUrl}/api/member/sections/${slug}`)).json();
  const items = await (await page.request.get(`${config.baseUrl}/api/member/content/${section.id}`)).json();
  const item = items.find((/** @type {{ title: string }} */ i) => i.title === title);
  check(Boolean(item), `"${title}" in /api/member/content/${section.id}`);
  return { sectionId: section.id, itemId: item.id };
}

/**
 * The member's progress on one item, as the practice service has it (null before any beat).
 * @param {import('playwright-core').Page} page @param {{ sectionId: string, itemId: string }} item
 */
async function progressOf(page, item) {
  const res = await page.request.get(`${config.baseUrl}/api/practice/progress?sectionId=${item.sectionId}`);
  check(res.status() === 200, `GET /api/practice/progress answered ${res.status()}`);
  const rows = await res.json();
  return rows.find((/** @type {{ itemId: string }} */ r) => r.itemId === item.itemId) ?? null;
}

/** The <audio> of an item card. @param {import('playwright-core').Locator} card */
const audioOf = (card) => card.locator('audio');

test(
  '18. Practice: a Premium member plays an item to the end (tick), reads a text item (tick), stops another at 1:10 and resumes it at 1:10 in a second browser',
  { timeout: Math.max(config.journeyTimeout, 300_000) },
  journey('practice', async ({ page, step, newMemberContext }) => {
    const member = newMember('practice');
    await step('a Premium member', async () => {
      await signUp(page, member);
      await makePremium(page);
    });

    await step('plays "Driver Visualization" to its end: its tick, and the section\'s "N of M done"', async () => {
      const driver = await itemId(page, 'tee-time', 'Driver Visualization');
      const checklist = await itemId(page, 'tee-time', 'First-Tee Checklist');
      // The page tells the service that the text items it shows are open (a read credits from then).
      const opened = page.waitForRequest(
        (r) =>
          r.url().endsWith('/api/practice/opens') &&
          r.method() === 'POST' &&
          r.postDataJSON()?.itemId === checklist.itemId,
        { timeout: 15_000 },
      );
      await page.goto('/member/tee-time');
      await opened;
      const card = page.getByRole('article', { name: 'Driver Visualization' });
      await expectVisible(card.getByRole('button', { name: 'Play Audio' }), 'the item’s player');
      check((await card.getByText('Done', { exact: true }).count()) === 0, 'no tick before listening');
      await card.getByRole('button', { name: 'Play Audio' }).click();
      await expectVisible(card.getByRole('button', { name: 'Pause Audio' }), 'playing');
      // The spoken file (~45 s) plays out in real time: beats every 15 s and one at its end carry
      // the listening; the server completes it at 90 % of the file's length (shorter than the
      // catalogue's "3 min").
      await expectVisible(card.getByRole('button', { name: 'Play Audio' }), 'the item played to its end', 120_000);
      await eventually(
        async () => Boolean((await progressOf(page, driver))?.completedAt),
        'the service counts the item complete',
      );
      await expectVisible(card.getByText('Done', { exact: true }), 'the tick on the item’s card');
      await expectVisible(page.getByText(/^\d+ of \d+ done$/), 'the section’s "N of M done"');
    });

    await step('marks "First-Tee Checklist" read: its tick, and no more than its 2 minutes credited', async () => {
      const checklist = await itemId(page, 'tee-time', 'First-Tee Checklist');
      const card = page.getByRole('article', { name: 'First-Tee Checklist' });
      await card.getByRole('button', { name: 'Mark as read: First-Tee Checklist' }).click();
      await expectVisible(card.getByText('Done', { exact: true }), 'the tick on the text item’s card');
      const row = await progressOf(page, checklist);
      check(Boolean(row?.completedAt), 'the service counts the text item complete');
      // Opened with the page a minute ago, read now: the time since (less what the listening
      // already counted), never the 2 minutes of a read claimed at once.
      const credited = row?.playedSec ?? Infinity;
      check(credited <= 120, `the read credits at most its length (${credited} s)`);
    });

    const drive = await itemId(page, 'visualizations', 'Perfect Drive');
    await step('starts "Perfect Drive" and stops at 1:10', async () => {
      await page.goto('/member/visualizations');
      const card = page.getByRole('article', { name: 'Perfect Drive' });
      await card.getByRole('button', { name: 'Play Audio' }).click();
      await expectVisible(card.getByRole('button', { name: 'Pause Audio' }), 'playing');
      await page.waitForTimeout(2_000);
      await audioOf(card).evaluate((/** @type {HTMLAudioElement} */ a) => {
        a.currentTime = 70;
      });
      await expectVisible(card.getByLabel('Current time').getByText('1:10'), 'the player at 1:10');
      await card.getByRole('button', { name: 'Pause Audio' }).click();
      await eventually(
        async () => Math.floor((await progressOf(page, drive))?.positionSec ?? -1) === 70,
        'the service has the position 1:10',
      );
    });

    await step('member home in a second browser: continue where you left off, at 1:10', async () => {
      const other = await newMemberContext();
      await logIn(other, member);
      await other.goto('/member/home');
      const resume = other.getByRole('region', { name: 'Continue where you left off' });
      await expectVisible(resume.getByText('Perfect Drive'), 'the item to continue');
      await expectVisible(resume.getByText('(stopped at 1:10)'), 'where the member stopped');
      await resume.getByRole('link', { name: 'Continue: Perfect Drive' }).click();
      await expectPath(other, '/member/visualizations');
      const card = other.getByRole('article', { name: 'Perfect Drive' });
      await expectVisible(card.getByLabel('Current time').getByText('1:10'), 'the player opens at 1:10');
      const at = await audioOf(card).evaluate((/** @type {HTMLAudioElement} */ a) => a.currentTime);
      check(at >= 70 && at < 71, `the audio is at 1:10 (currentTime ${at})`);
      await card.getByRole('button', { name: 'Play Audio' }).click();
      await expectVisible(card.getByRole('button', { name: 'Pause Audio' }), 'it plays on from there');
    });
  }),
);
