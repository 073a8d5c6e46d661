'use strict';
// Journey 5: courses. The builder's validation messages (SPEC §5), a public and a private
// course, search (name, city, state, country; case-insensitive), a second member who sees the
// public course only and has no delete control (SPEC §6 course owner), the course player
// through 18 holes with shots and clubs (SPEC §2, §4), Restart; the owner deletes (SPEC §8).

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const {
  check,
  eventually,
  expectCount,
  expectHidden,
  expectPath,
  expectToast,
  expectVisible,
} = require('../lib/expect');
const { newMember, signUp } = require('../lib/app');

// Par per hole of the public course: 73 in all (SPEC §9: 3 to 5, default 4; total = sum).
const PUBLIC_PARS = [5, 3, 4, 4, 5, 3, 4, 4, 4, 4, 4, 3, 5, 4, 4, 3, 5, 5];
// Clubs played, one per hole (names as the club picker shows them); 18 of the 21.
const CLUBS = [
  'Driver',
  '3 Wood',
  '5 Wood',
  'Hybrid',
  '4 Iron',
  '5 Iron',
  '6 Iron',
  '7 Iron',
  '8 Iron',
  '9 Iron',
  'Pitching Wedge',
  'Gap Wedge',
  'Sand Wedge',
  'Lob Wedge',
  'Mini Driver',
  '7 Wood',
  '3 Iron',
  'Putter',
];
const sum = (/** @type {number[]} */ a) => a.reduce((x, y) => x + y, 0);

/** @type {{ name: string, abbreviation: string }[]} */
const CLUB_LIST = require('../../services/contracts/src/clubs.json');

/**
 * A club's button in the picker: named as it reads, abbreviation then name ("DR Driver").
 * @param {import('playwright-core').Locator} picker
 * @param {string} club
 */
function clubButton(picker, club) {
  const found = CLUB_LIST.find((c) => c.name === club);
  if (!found) throw new Error(`no club named ${club} in services/contracts/src/clubs.json`);
  return picker.getByRole('button', { name: `${found.abbreviation} ${found.name}`, exact: true });
}

/**
 * Chooses a club: from the member's bag, or under "Other clubs" (one tap away) when the club is
 * not in the bag (a new member carries the default 14).
 * @param {import('playwright-core').Locator} picker
 * @param {string} club
 */
async function chooseClub(picker, club) {
  const button = clubButton(picker, club);
  if ((await button.count()) === 0) await picker.getByRole('button', { name: /^Other clubs/ }).click();
  await button.click();
}

/**
 * @param {import('playwright-core').Page} page
 * @param {{ name: string, description?: string, city: string, state: string, country: string, pars?: number[], isPublic: boolean }} c
 */
async function createCourse(page, c) {
  await page.getByRole('main').getByRole('link', { name: 'New Course' }).click();
  await expectPath(page, '/member/course-builder');
  const form = page.getByRole('main').locator('form');
  await form.getByLabel(/^Course Name/).fill(c.name);
  if (c.description) await form.getByLabel('Description (optional)').fill(c.description);
  await form.getByLabel(/^City\/Town/).fill(c.city);
  await form.getByLabel(/^State\/Province/).fill(c.state);
  await form.getByLabel(/^Country/).fill(c.country);
  for (const [i, par] of (c.pars ?? []).entries()) {
    if (par !== 4) await form.getByLabel(`Hole ${i + 1}`, { exact: true }).selectOption(String(par));
  }
  await expectVisible(form.getByText(`Total Par ${sum(c.pars ?? Array(18).fill(4))}`), 'the running Total Par');
  if (c.isPublic) await form.getByLabel('Make course public').check();
  await form.getByRole('button', { name: 'Create Course' }).click();
  await expectToast(page, 'Course created successfully!');
  await expectPath(page, '/member/my-courses');
}

/** @param {import('playwright-core').Page} page @param {string} name */
const courseCard = (page, name) => page.getByRole('main').getByRole('article', { name });

/** @param {import('playwright-core').Page} page @param {string} text */
async function search(page, text) {
  await page.getByRole('main').getByLabel('Search courses').fill(text);
}

test(
  '5. Courses: builder validation, public + private courses, search, second member sees public only, player 18 holes, Restart',
  { timeout: config.journeyTimeout },
  journey('courses', async ({ page, step, newMemberContext }) => {
    const owner = newMember('courses-owner');
    const publicCourse = {
      name: `Pine Ridge E2E ${RUN_ID}`,
      description: 'Tree-lined and tight off the tee.',
      city: 'Clementon',
      state: 'New Jersey',
      country: 'USA',
      pars: PUBLIC_PARS,
      isPublic: true,
    };
    const privateCourse = {
      name: `Quiet Links E2E ${RUN_ID}`,
      city: 'St Andrews',
      state: 'Fife',
      country: 'Scotland',
      isPublic: false,
    };
    const main = page.getByRole('main');
    const ids = { public: '', private: '' };
    /** @type {import('playwright-core').Page} */
    let other = page;
    // Courses this journey created, deleted at the end even when a step fails (the catalogue is
    // shared, and public courses would pile up in every member's Community Courses).
    /** @type {Set<string>} */
    const created = new Set();
    page.on('response', async (res) => {
      if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/courses' && res.status() === 201) {
        created.add((await res.json().catch(() => ({}))).id);
      }
    });
    try {
      await step('a new member has no courses yet; the builder explains what is missing', async () => {
        await signUp(page, owner);
        await page.goto('/member/my-courses');
        await expectVisible(main.getByText("You haven't created any courses yet."));
        await main.getByRole('link', { name: 'Create Your First Course' }).click();
        await expectPath(page, '/member/course-builder');
        await expectVisible(main.getByText('18 holes · Total Par 72'), 'every hole par 4 by default');
        await main.getByRole('button', { name: 'Create Course' }).click();
        for (const message of [
          'Course name is required',
          'City is required',
          'State/Province is required',
          'Country is required',
        ]) {
          await expectVisible(main.getByText(message, { exact: true }), `"${message}"`);
        }
        await expectPath(page, '/member/course-builder');
        await main.getByRole('button', { name: 'Cancel' }).click();
        await expectPath(page, '/member/my-courses');
      });

      await step('create a public course (par 73) and a private one (par 72)', async () => {
        await createCourse(page, publicCourse);
        await createCourse(page, privateCourse);
        const pub = courseCard(page, publicCourse.name);
        await expectVisible(pub, 'the public course card');
        await expectVisible(pub.getByRole('img', { name: 'Public course' }), 'the public icon');
        await expectVisible(pub.getByText('Clementon, New Jersey, USA'), 'the place');
        await expectVisible(pub.getByText(publicCourse.description), 'the description');
        await expectVisible(pub.getByText('Total Par: 73'), 'Total Par 73');
        await expectVisible(
          pub.getByRole('button', { name: `Delete ${publicCourse.name}` }),
          'the owner delete control',
        );
        const priv = courseCard(page, privateCourse.name);
        await expectVisible(priv.getByText('Total Par: 72'), 'Total Par 72');
        check(
          (await priv.getByRole('img', { name: 'Public course' }).count()) === 0,
          'no public icon on the private course',
        );
        const idOf = async (/** @type {import('playwright-core').Locator} */ card) =>
          ((await card.getByRole('link', { name: 'Visualize Course' }).getAttribute('href')) ?? '').split('/').pop() ??
          '';
        ids.public = await idOf(pub);
        ids.private = await idOf(priv);
        check(Boolean(ids.public && ids.private), 'Visualize Course links carry the course ids');
      });

      await step('search by state, city, country and name, case-insensitive', async () => {
        const yours = main.getByRole('region', { name: 'Your Courses' });
        const visible = async () => (await yours.getByRole('article').allInnerTexts()).length;
        await search(page, 'fife');
        await expectCount(yours.getByRole('article'), 1, 'course matching "fife"');
        await expectVisible(courseCard(page, privateCourse.name));
        await search(page, 'NEW JERSEY');
        await expectCount(yours.getByRole('article'), 1, 'course matching "NEW JERSEY"');
        await expectVisible(courseCard(page, publicCourse.name));
        await search(page, 'scotland');
        await expectVisible(courseCard(page, privateCourse.name));
        await search(page, 'clementon');
        await expectVisible(courseCard(page, publicCourse.name));
        await search(page, `e2e ${RUN_ID}`.toUpperCase());
        await expectCount(yours.getByRole('article'), 2, `own course matching the run id`);
        await search(page, `no-such-course-${RUN_ID}`);
        await expectVisible(main.getByText('No courses match your search.'));
        await search(page, '');
        await eventually(async () => (await visible()) >= 2, 'all own courses back after clearing the search');
      });

      await step('a second member sees the public course only, without a delete control', async () => {
        other = await newMemberContext();
        await signUp(other, newMember('courses-other'));
        await other.goto('/member/my-courses');
        const otherMain = other.getByRole('main');
        await expectVisible(otherMain.getByText("You haven't created any courses yet."));
        const community = otherMain.getByRole('region', { name: 'Community Courses' });
        await expectVisible(community, 'the Community Courses section');
        await otherMain.getByLabel('Search courses').fill(RUN_ID);
        await expectCount(community.getByRole('article'), 1, `community course of this run`);
        const card = community.getByRole('article', { name: publicCourse.name });
        await expectVisible(card, 'the public course in Community Courses');
        await expectVisible(card.getByText('Total Par: 73'));
        check(
          (await card.getByRole('button', { name: /^Delete/ }).count()) === 0,
          'no delete control on a course of another member',
        );
        check(
          (await otherMain.getByRole('article', { name: privateCourse.name }).count()) === 0,
          'the private course is not listed',
        );
        // Nor can it be opened by its address.
        await other.goto(`/member/course-player/${ids.private}`);
        await expectVisible(
          otherMain.getByText('Course not found'),
          'Course not found for a private course of another member',
        );
      });

      await step('the second member plays the public course: 18 holes with shots and clubs, then Restart', async () => {
        const otherMain = other.getByRole('main');
        await other.goto('/member/my-courses');
        await otherMain.getByLabel('Search courses').fill(RUN_ID);
        const community = otherMain.getByRole('region', { name: 'Community Courses' });
        await community
          .getByRole('article', { name: publicCourse.name })
          .getByRole('link', { name: 'Visualize Course' })
          .click();
        await expectPath(other, `/member/course-player/${ids.public}`);
        await playCourse(other, publicCourse.name);
      });

      await step('the owner deletes both courses', async () => {
        for (const course of [privateCourse, publicCourse]) {
          await courseCard(page, course.name)
            .getByRole('button', { name: `Delete ${course.name}` })
            .click();
          const dialog = page.getByRole('dialog', { name: 'Delete course?' });
          await expectVisible(dialog);
          await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
          await expectToast(page, 'Success', 'Course deleted successfully');
          await expectHidden(courseCard(page, course.name), `the deleted course ${course.name}`);
        }
        await expectVisible(main.getByText("You haven't created any courses yet."));
        created.clear();
      });
    } finally {
      for (const id of created) {
        await page.request
          .delete(`${config.baseUrl}/api/courses/${id}`, { headers: { origin: config.baseUrl } })
          .catch(() => undefined);
      }
    }
  }),
);

/**
 * Through all 18 holes: par per hole, one club per hole (two shots on hole 1), Finish disabled
 * on 18, Previous Hole, Restart back to hole 1 with the shots cleared.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
async function playCourse(page, name) {
  const main = page.getByRole('main');
  const hole = (/** @type {number} */ n) => main.getByRole('heading', { name: `Hole ${n} / 18` });
  const shots = main.getByRole('tablist', { name: 'Shots on this hole' }).getByRole('tab');
  const clubs = main.getByRole('group', { name: 'Choose a club' });
  const previous = main.getByRole('button', { name: 'Previous Hole' });
  const next = main.getByRole('button', { name: 'Next Hole' });

  await expectVisible(main.getByRole('heading', { name, level: 1 }));
  await expectVisible(hole(1));
  await expectVisible(main.getByText(`Course Par: ${sum(PUBLIC_PARS)}`), 'the course par');
  check(await previous.isDisabled(), 'Previous Hole is disabled on hole 1');
  await expectVisible(main.getByText('Choose a club for shot 1 to hear its visualization.'));

  // Hole 1: the driver, then a second shot with an iron. The club's guide and audio appear.
  await chooseClub(clubs, 'Driver');
  await expectVisible(shots.filter({ hasText: 'Shot 1 (Driver)' }), 'the tab "Shot 1 (Driver)"');
  await expectVisible(main.getByRole('heading', { name: 'Driver visualization' }));
  const audio = main.locator('audio');
  check(
    (await audio.getAttribute('src'))?.endsWith('/media/clubs/driver.mp3') === true,
    'the driver guide plays /media/clubs/driver.mp3',
  );
  await eventually(
    async () => !['0:00', ''].includes((await main.getByLabel('Duration').innerText()).trim()),
    'the club audio loads (its duration shows)',
  );
  await main.getByRole('button', { name: 'Add Shot' }).click();
  await expectVisible(shots.filter({ hasText: /^Shot 2$/ }), 'the tab "Shot 2"');
  check(
    (await shots.filter({ hasText: /^Shot 2$/ }).getAttribute('aria-selected')) === 'true',
    'the new shot is selected',
  );
  await chooseClub(clubs, '7 Iron');
  await expectVisible(shots.filter({ hasText: 'Shot 2 (7 Iron)' }));
  await expectVisible(main.getByRole('heading', { name: '7 Iron visualization' }));

  for (let n = 1; n <= 18; n++) {
    await expectVisible(hole(n), `Hole ${n} / 18`);
    await expectVisible(
      main.getByText(`Hole Par: ${PUBLIC_PARS[n - 1]}`, { exact: true }),
      `hole ${n} par ${PUBLIC_PARS[n - 1]}`,
    );
    if (n > 1) {
      // A new hole starts with one empty shot.
      await expectCount(shots, 1, `shot tab on hole ${n}`);
      await expectVisible(shots.filter({ hasText: /^Shot 1$/ }), `an empty first shot on hole ${n}`);
      const club = CLUBS[n - 1];
      await chooseClub(clubs, club);
      await expectVisible(shots.filter({ hasText: `Shot 1 (${club})` }), `"Shot 1 (${club})" on hole ${n}`);
      await expectVisible(main.getByRole('heading', { name: `${club} visualization` }));
    }
    if (n < 18) await next.click();
  }
  const finish = main.getByRole('button', { name: 'Finish', exact: true });
  await expectVisible(finish, 'Finish on hole 18');
  check(await finish.isDisabled(), 'Finish is disabled on hole 18');
  const progress = main.getByRole('progressbar', { name: 'Course progress' });
  check((await progress.getAttribute('aria-valuenow')) === '100', 'the progress bar is full on hole 18');

  await previous.click();
  await expectVisible(hole(17));
  check(await main.getByRole('button', { name: 'Next Hole' }).isEnabled(), 'Next Hole again on hole 17');

  // The course's Restart (the audio player has its own, an icon button).
  await main.getByRole('button', { name: 'Restart' }).filter({ hasText: 'Restart' }).click();
  await expectVisible(hole(1), 'Hole 1 / 18 after Restart');
  await expectCount(shots, 1, 'shot tab after Restart');
  await expectVisible(shots.filter({ hasText: /^Shot 1$/ }), 'the shots cleared by Restart');
  await expectVisible(main.getByText('Choose a club for shot 1 to hear its visualization.'));
  check(await previous.isDisabled(), 'Previous Hole is disabled again');
}
