'use strict';
// Journey 12: keyboard only (issue 32). A Premium member who is also the founder signs in,
// opens a section, plays and pauses an audio item, builds a course, plays three holes (club,
// next hole, restart), opens the account page (a dialog that gives focus back to its button)
// and the console inbox: with Tab, Shift+Tab, Enter, Space and Escape only. Every stop shows
// its focus, focus always moves on, the players' live regions say what changed. Then, with
// prefers-reduced-motion, the player's controls and the toasts do not move.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check, eventually, expectPath, expectToast, expectVisible } = require('../lib/expect');
const { newMember, signUp } = require('../lib/app');
const { focusedElement, grantAdmin, makePremium, postJson } = require('../lib/a11y');
const { describe, named, tabTo } = require('../lib/keyboard');

/** The text of the polite live region inside `scope` (a CSS selector). */
async function liveText(/** @type {import('playwright-core').Page} */ page, /** @type {string} */ scope) {
  return page.locator(`${scope} [role="status"][aria-live="polite"]`).first().innerText();
}

/** @param {import('playwright-core').Page} page @param {string} scope @param {string} text @param {string} what */
async function expectAnnounced(page, scope, text, what) {
  await eventually(
    async () => (await liveText(page, scope)).trim() === text,
    `${what}: the live region says "${text}"`,
  );
}

/**
 * After Enter on a link: the address changed, the page arrived and the app put focus on its
 * <main> (as it does after every navigation), so the next Tab starts from the page's top.
 * @param {import('playwright-core').Page} page
 * @param {string | RegExp} path
 */
async function arrive(page, path) {
  await expectPath(page, path);
  const settled = () =>
    page.waitForFunction(
      () => document.activeElement?.id === 'main-content' && Boolean(document.querySelector('main h1')), // eslint-disable-line no-undef
    );
  await settled();
  // A redirect (/admin → /admin/members) or a lazy page focuses <main> once more a moment later.
  await page.waitForTimeout(400);
  await settled();
}

test(
  '13. Keyboard only: sign in, a section, audio play/pause, build a course, three holes, account (dialog), console inbox; reduced motion',
  { timeout: config.journeyTimeout },
  journey('keyboard', async ({ page, step, newMemberContext }) => {
    const member = newMember('keyboard');
    const courseName = `Keyboard Links ${RUN_ID}`;

    await step('setup: a Premium member who is also the founder, a contact message in the inbox', async () => {
      const setup = await newMemberContext();
      await signUp(setup, member);
      await makePremium(setup);
      await grantAdmin(member.email);
      const sent = await postJson(setup, '/api/contact', {
        name: 'Kim Keys',
        email: member.email,
        message: `Tab order question, run ${RUN_ID}.`,
      });
      check(sent.status() === 201, `POST /api/contact answered ${sent.status()}`);
      await setup.context().close();
    });

    await step('sign in with the keyboard: Tab to Email, type, Tab to Password, type, Enter', async () => {
      await page.goto('/login');
      await expectVisible(page.getByRole('heading', { name: 'Welcome Back' }));
      await tabTo(page, (f) => f.tag === 'input' && /^Email/.test(f.text), 'the Email field');
      await page.keyboard.type(member.email);
      await tabTo(page, (f) => f.tag === 'input' && /^Password/.test(f.text), 'the Password field', { max: 3 });
      await page.keyboard.type(member.password);
      await page.keyboard.press('Enter');
      await expectPath(page, /^\/member\//);
      await expectVisible(page.getByRole('navigation', { name: 'Member navigation' }), 'the member area');
    });

    await step(
      'open Daily Drills from the sidebar; play and pause an audio item (live region: Playing, Paused)',
      async () => {
        await tabTo(page, named('Daily Drills'), 'the sidebar link Daily Drills');
        await page.keyboard.press('Enter');
        await arrive(page, '/member/daily-drills');
        await tabTo(page, named('Play Audio'), 'the first Play Audio button', { max: 80 });
        await page.keyboard.press('Enter');
        await expectAnnounced(page, '[data-testid="audio-player"]', 'Playing', 'after Enter on Play Audio');
        check((await focusedElement(page))?.text === 'Pause Audio', 'focus stays on the button, now Pause Audio');
        await page.keyboard.press('Space');
        await expectAnnounced(page, '[data-testid="audio-player"]', 'Paused', 'after Space on Pause Audio');
        check((await focusedElement(page))?.text === 'Play Audio', 'focus stays on the button, now Play Audio');
      },
    );

    await step(
      'build a course: My Courses, New Course, the form by Tab and typing, Create Course with Enter',
      async () => {
        await tabTo(page, named('My Courses'), 'the sidebar link My Courses', { back: true, max: 80 });
        await page.keyboard.press('Enter');
        await arrive(page, '/member/my-courses');
        await tabTo(page, named('New Course'), 'the New Course link');
        await page.keyboard.press('Enter');
        await arrive(page, '/member/course-builder');
        await tabTo(page, (f) => f.tag === 'input' && /^Course Name/.test(f.text), 'the Course Name field');
        await page.keyboard.type(courseName);
        await tabTo(page, (f) => /^City/.test(f.text), 'the City/Town field', { max: 4 });
        await page.keyboard.type('Pinehurst');
        await tabTo(page, (f) => /^State/.test(f.text), 'the State/Province field', { max: 2 });
        await page.keyboard.type('NC');
        await tabTo(page, (f) => /^Country/.test(f.text), 'the Country field', { max: 2 });
        await page.keyboard.type('USA');
        await tabTo(page, named('Create Course'), 'the Create Course button', { max: 40 });
        await page.keyboard.press('Enter');
        await expectToast(page, 'Course created successfully!');
        await arrive(page, '/member/my-courses');
      },
    );

    await step(
      'three holes in the player: club (Enter), Next Hole, club, Next Hole, club, Restart; announced politely',
      async () => {
        await expectVisible(page.getByRole('main').getByRole('article', { name: courseName }), 'the new course card');
        await tabTo(page, named('Visualize Course'), 'the course card’s Visualize Course', { max: 60 });
        await page.keyboard.press('Enter');
        await arrive(page, /^\/member\/course-player\//);
        const player = 'main';
        await tabTo(page, named('DR Driver'), 'the club DR Driver');
        await page.keyboard.press('Enter');
        await expectAnnounced(page, player, 'Driver chosen for shot 1.', 'hole 1, Driver');
        check((await focusedElement(page))?.text === 'DR Driver', 'focus stays on the club');
        for (const [hole, club, name] of [
          [2, '7i 7 Iron', '7 Iron'],
          [3, 'PT Putter', 'Putter'],
        ]) {
          await tabTo(page, named('Next Hole'), 'Next Hole', { max: 60 });
          await page.keyboard.press('Enter');
          await expectVisible(page.getByRole('heading', { name: `Hole ${hole} / 18` }));
          await expectAnnounced(page, player, `Hole ${hole} of 18, par 4.`, `Next Hole to hole ${hole}`);
          check((await focusedElement(page))?.text === 'Next Hole', 'focus stays on Next Hole');
          await tabTo(page, named(String(club)), `the club ${club}`, { back: true, max: 40 });
          await page.keyboard.press('Space');
          await expectAnnounced(page, player, `${name} chosen for shot 1.`, `hole ${hole}, ${name}`);
        }
        // The course's Restart sits just before Next Hole (the audio player has a Restart of its own).
        await tabTo(page, named('Next Hole'), 'Next Hole', { max: 60 });
        await tabTo(page, named('Restart'), "the course's Restart", { back: true, max: 1 });
        await page.keyboard.press('Enter');
        await expectAnnounced(page, player, 'Restarted. Hole 1 of 18, par 4.', 'Restart');
        await expectVisible(page.getByRole('heading', { name: 'Hole 1 / 18' }));
      },
    );

    await step(
      'the account page: every control reachable; the delete dialog gives focus back to its button',
      async () => {
        await tabTo(page, (f) => /Your Account$/.test(f.text) && f.tag === 'a', 'the header link to the account', {
          back: true,
          max: 120,
        });
        await page.keyboard.press('Enter');
        await arrive(page, '/member/account');
        const stops = await tabTo(page, named('Delete account'), 'the Delete account button', { max: 120 });
        check(
          stops.length >= 8,
          `the account page has its controls in the Tab order (${stops.map(describe).join(' → ')})`,
        );
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
        await expectVisible(dialog, 'the delete dialog');
        check(Boolean((await focusedElement(page))?.inDialog), 'focus moved into the dialog');
        // Focus stays inside the modal dialog while it is open (Tab cycles within it).
        for (let i = 0; i < 6; i++) {
          await page.keyboard.press('Tab');
          const f = await focusedElement(page);
          check(Boolean(f?.inDialog && f.indicator), `Tab stays in the dialog with visible focus (got ${describe(f)})`);
        }
        await page.keyboard.press('Escape');
        await eventually(async () => !(await dialog.isVisible()), 'the dialog closes on Escape');
        await eventually(
          async () => (await focusedElement(page))?.text === 'Delete account',
          'focus is back on the Delete account button',
        );
      },
    );

    await step('the console inbox by keyboard: Founder Console, Inbox tab, Show menu, Mark handled', async () => {
      await tabTo(page, named('Founder Console'), 'the sidebar link Founder Console', { back: true, max: 160 });
      await page.keyboard.press('Enter');
      await arrive(page, '/admin/members'); // /admin sends on to its first section
      // The console's tabs are one Tab stop (the selected one); arrow keys move between them.
      await tabTo(page, (f) => f.role === 'tab', 'the console tabs', { max: 40 });
      for (let i = 0; i < 6 && (await focusedElement(page))?.text !== 'Inbox'; i++) {
        await page.keyboard.press('ArrowRight');
      }
      const tab = await focusedElement(page);
      check(
        tab?.text === 'Inbox' && tab.indicator,
        `ArrowRight reaches the Inbox tab, focus visible (got ${describe(tab)})`,
      );
      await page.keyboard.press('Enter');
      await arrive(page, '/admin/inbox');
      // The inbox opens on open messages, most urgent first, where older ones (a stack's earlier
      // runs) come before this run's; the Show menu, by keyboard, lists all messages newest first.
      await tabTo(page, (f) => f.role === 'combobox', 'the Show menu', { max: 40 });
      await page.keyboard.press('Enter');
      const all = page.getByRole('option', { name: 'All messages' });
      await expectVisible(all);
      for (let i = 0; i < 4 && (await focusedElement(page))?.text !== 'All messages'; i++) {
        await page.keyboard.press('ArrowDown');
      }
      const option = await focusedElement(page);
      check(
        option?.text === 'All messages' && option.indicator,
        `ArrowDown reaches All messages in the Show menu, focus visible (got ${describe(option)})`,
      );
      await page.keyboard.press('Enter');
      await eventually(
        async () => (await focusedElement(page))?.text === 'All messages',
        'focus is back on the Show menu, which says All messages',
      );
      // Sent signed in: the console names the message by the account's name, not the typed one (issue 43 §3).
      const from = `${member.firstName} ${member.lastName}`;
      await tabTo(page, (f) => f.text === `Mark handled: message from ${from}`, 'Mark handled on the message', {
        max: 120,
      });
      // The visitor asks for less motion: the toast that follows appears without sliding in.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.keyboard.press('Enter');
      await expectToast(page, 'Marked handled');
      const toast = page.locator('li[role="status"]').filter({ hasText: 'Marked handled' }).first();
      const toastMotion = await toast.evaluate((el) => {
        const s = getComputedStyle(el); // eslint-disable-line no-undef
        return `${s.animationName} / ${s.transitionDuration}`;
      });
      check(toastMotion === 'none / 0s', `under reduced motion the toast neither animates nor moves (${toastMotion})`);
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    });

    await step('prefers-reduced-motion: the course player’s controls do not animate', async () => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/member/my-courses');
      await page.getByRole('main').getByRole('link', { name: 'Visualize Course' }).first().focus();
      await page.keyboard.press('Enter');
      await expectPath(page, /^\/member\/course-player\//);
      const club = page.getByRole('main').getByRole('button', { name: 'DR Driver' });
      await expectVisible(club);
      const motion = await club.evaluate((el) => {
        const s = getComputedStyle(el); // eslint-disable-line no-undef
        return { transition: s.transitionDuration, animation: s.animationName };
      });
      check(
        motion.transition.split(',').every((d) => parseFloat(d) === 0),
        `the club button has no transition (${motion.transition})`,
      );
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      const moving = await club.evaluate((el) => getComputedStyle(el).transitionDuration); // eslint-disable-line no-undef
      check(
        moving.split(',').some((d) => parseFloat(d) > 0),
        `without the preference the club button keeps its transition (${moving})`,
      );
    });
  }),
);
