'use strict';
// The course player as a golfer uses it (journeys 19 and 20): the club buttons of the picker, and
// the finished round's way to the server once the network is back.

const { config } = require('./config');
const { check, eventually, expectVisible } = require('./expect');

/** @type {{ id: string, name: string, abbreviation: string }[]} */
const CLUB_LIST = require('../../services/contracts/src/clubs.json');

/** @param {string} name a club's name ("7 Iron") */
function club(name) {
  const found = CLUB_LIST.find((c) => c.name === name);
  if (!found) throw new Error(`no club named ${name}`);
  return found;
}

/** The picker's button of a club ("7I 7 Iron"). @param {import('playwright-core').Locator} picker @param {string} name */
function clubButton(picker, name) {
  const found = club(name);
  return picker.getByRole('button', { name: `${found.abbreviation} ${found.name}`, exact: true });
}

/**
 * The network comes back: the round finished without it reaches GET /api/courses/rounds, once,
 * also after a reload (another flush of the outbox); then the player is on hole 1.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').BrowserContext} context
 * @param {{ courseId: string, holes: number, word: string }} expected
 */
async function expectRoundSavedOnceOnline(page, context, expected) {
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online'))); // eslint-disable-line no-undef
  const rounds = async () => (await page.request.get(`${config.baseUrl}/api/courses/rounds?limit=10`)).json();
  await eventually(async () => {
    const stored = await rounds();
    return Array.isArray(stored) && stored.length === 1;
  }, 'the finished round is on GET /api/courses/rounds');
  await page.reload();
  await expectVisible(page.getByRole('main').getByRole('heading', { name: 'Hole 1 / 18' }));
  const stored = await rounds();
  check(stored.length === 1, `one round stored (${stored.length})`);
  check(
    stored[0].courseId === expected.courseId && stored[0].holes.length === expected.holes,
    `the round has the ${expected.holes} scored holes`,
  );
  check(stored[0].review.word === expected.word, 'with the word for the day');
}

module.exports = { club, clubButton, expectRoundSavedOnceOnline };
