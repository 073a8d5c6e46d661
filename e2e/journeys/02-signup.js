'use strict';
// Journey 2: sign-up (local validation, then success), the free member's place in the app.
// SPEC §2 /signup, §4 access rules and sidebar entries, §5 signup rules, §8 signup toasts,
// the Free member's practice card on the account page (issue 47 §7), /member/lectures for free
// members, /lessons inside the member layout.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config } = require('../lib/config');
const { check, expectCount, expectPath, expectToast, expectVisible } = require('../lib/expect');
const { fillSignup, newMember, sidebarEntries, trackAddresses } = require('../lib/app');

const EMBED_URL = /^https:\/\/(www\.youtube(-nocookie)?\.com\/embed\/|player\.vimeo\.com\/video\/)/;

test(
  "2. Sign-up: validation messages, success → /member/home → /member/account; free member sidebar, Today's 10 on the account page, lectures, locked lesson",
  { timeout: config.journeyTimeout },
  journey('signup', async ({ page, step }) => {
    const member = newMember('signup');
    const addresses = trackAddresses(page);
    const createAccount = page.getByRole('button', { name: 'Create Account' });

    await step('mismatched confirmation: "Passwords do not match"', async () => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Start Free' }).click();
      await expectPath(page, '/signup');
      await expectVisible(page.getByRole('heading', { name: 'Create Account' }));
      await fillSignup(page, member, `${member.password}x`);
      await createAccount.click();
      await expectVisible(page.getByText('Passwords do not match'));
      await expectPath(page, '/signup');
    });

    await step('short password: "Password must be at least 6 characters"', async () => {
      await fillSignup(page, { ...member, password: 'abc12' }, 'abc12');
      await createAccount.click();
      await expectVisible(page.getByText('Password must be at least 6 characters'));
      check((await page.getByText('Passwords do not match').count()) === 0, 'no mismatch message when both match');
      await expectPath(page, '/signup');
    });

    await step('valid sign-up: toast, /member/home, then /member/account for a free member', async () => {
      await fillSignup(page, member, member.password);
      await createAccount.click();
      await expectToast(page, 'Your account has been created successfully');
      await expectPath(page, '/member/account');
      const home = addresses.indexOf('/member/home');
      check(home !== -1, `the app went to /member/home after sign-up (addresses: ${addresses.join(' → ')})`);
      check(
        addresses.slice(home + 1).includes('/member/account'),
        `then on to /member/account (addresses: ${addresses.join(' → ')})`,
      );
    });

    await step('free member: sidebar shows only Lectures and Your Account; account shows Free', async () => {
      const entries = await sidebarEntries(page);
      check(
        JSON.stringify(entries) === JSON.stringify(['Lectures', 'Your Account']),
        `sidebar entries are Lectures, Your Account; got ${JSON.stringify(entries)}`,
      );
      const main = page.getByRole('main');
      await expectVisible(main.getByRole('heading', { name: 'Your Account' }));
      await expectVisible(main.getByText(member.email), 'the member e-mail on the account page');
      await expectVisible(main.getByText(`${member.firstName} ${member.lastName}`).first(), 'the member name');
      await expectVisible(main.getByLabel('Membership: Free'), 'the Free membership badge');
      const upgrade = main.getByRole('link', { name: 'Upgrade to Premium' });
      await expectVisible(upgrade);
      check((await upgrade.getAttribute('href')) === '/checkout', 'Upgrade to Premium leads to /checkout');
    });

    await step(
      "the account page's top: Today's 10 from what a Free member can open, the streak, Go Premium",
      async () => {
        // Issue 47 §7: member home (and its practice) is Premium; a Free member's card is here.
        const main = page.getByRole('main');
        const card = main.getByRole('region', { name: "Today's 10" });
        await expectVisible(card, 'the practice card on the account page');
        const parts = card.getByRole('list', { name: "Today's plan" }).getByRole('listitem');
        await expectVisible(parts.first(), "a part of today's plan");
        // Only what a Free member can open: the free lesson and lecture (their pages), nothing of a section.
        for (const href of await card
          .getByRole('list', { name: "Today's plan" })
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
          check(/^\/(lesson\/|member\/lectures\b)/.test(href), `a part of the plan a Free member can open (${href})`);
        }
        await expectVisible(card.getByText('0 of 10 minutes today'), "today's minutes");
        await expectVisible(card.getByTestId('practice-streak'), 'the streak');
        const upgrade = card.getByRole('link', { name: 'Go Premium' });
        check((await upgrade.getAttribute('href')) === '/membership', "the card's Go Premium leads to /membership");
        const cardTop = (await card.boundingBox())?.y ?? Infinity;
        // The profile's e-mail (a <dd>; the banner asking to verify the address names it too).
        const profileEmail = main.getByRole('definition').filter({ hasText: member.email });
        const emailTop = (await profileEmail.boundingBox())?.y ?? -Infinity;
        check(cardTop < emailTop, `the card is above the profile (card at ${cardTop} px, e-mail at ${emailTop} px)`);
      },
    );

    await step('lectures: lecture 1 plays, the Unlock All Lectures card offers Premium', async () => {
      await page.getByRole('navigation', { name: 'Member navigation' }).getByRole('link', { name: 'Lectures' }).click();
      await expectPath(page, '/member/lectures');
      const main = page.getByRole('main');
      await expectVisible(main.getByText('Lecture 1', { exact: true }));
      await expectCount(main.locator('article'), 1, 'lecture card (only lecture 1 for a free member)');
      const video = main.locator('article iframe');
      await expectVisible(video, 'the lecture 1 video');
      check(EMBED_URL.test((await video.getAttribute('src')) ?? ''), 'lecture 1 plays from an embed URL');
      const unlock = main.getByRole('region', { name: 'Unlock All Lectures' });
      await expectVisible(unlock, 'the Unlock All Lectures card');
      for (const benefit of [
        '4 additional exclusive lectures',
        'all 12 member program sections',
        'audio visualizations and drills',
        'SOS mental game emergencies',
        'pre-round preparation materials',
      ]) {
        await expectVisible(unlock.getByText(benefit, { exact: false }), `"${benefit}" on the unlock card`);
      }
      const cta = unlock.getByRole('link', { name: 'Upgrade to Premium - $19.99/month' });
      await expectVisible(cta);
      check((await cta.getAttribute('href')) === '/checkout', 'the unlock card leads to /checkout');
    });

    await step('lessons in the member layout: a locked lesson leads to /membership', async () => {
      await page.goto('/lessons');
      const locked = page.getByRole('main').getByRole('link', { name: 'Unlock with Premium' });
      await expectVisible(locked, 'a locked lesson with Unlock with Premium');
      await locked.first().click();
      await expectPath(page, '/membership');
      await expectVisible(page.getByRole('heading', { name: 'Premium', exact: true }), 'the Premium tier');
    });

    await step('content pages send a free member to /member/account', async () => {
      for (const path of ['/member/daily-drills', '/member', '/guided-visualizations']) {
        await page.goto(path);
        await expectPath(page, '/member/account');
      }
    });
  }),
);
