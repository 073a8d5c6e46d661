'use strict';
// Journey 3: a free member goes Premium. /checkout (card form = Stripe.js stand-in), a declined
// card first (SPEC §8 "Payment Failed", form re-enabled), then a good one; the stand-in returns
// to /member/account?payment=success like Stripe; the test delivers the signed
// customer.subscription.updated webhook Stripe would send; Welcome to Premium!, the address
// resets, Premium badge, all 12 sidebar entries, and every member page renders its content.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config } = require('../lib/config');
const {
  check,
  eventually,
  expectCount,
  expectHidden,
  expectPath,
  expectToast,
  expectVisible,
} = require('../lib/expect');
const { currentUser, newMember, sidebarEntries, signUp } = require('../lib/app');
const { fillCard, paymentSetup } = require('../lib/checkout');
const { stripeCustomerIdOf } = require('../lib/members-db');
const { deliverWebhook, subscriptionActivated } = require('../lib/stripe-webhooks');

const ALL_ENTRIES = [
  'Member Home',
  'Start Here - Crash Course',
  'Lectures',
  'Daily Drills',
  'Visualizations',
  'Tee Time',
  'On the Range Drills',
  'Swing Training Recommendations',
  'SOS Drills',
  'More Stuff',
  'My Courses',
  'Your Account',
];

/**
 * What each sidebar entry's page must show a Premium member.
 * @type {{ entry: string, path: string, heading: string,
 *   content: (main: import('playwright-core').Locator) => Promise<void> }[]}
 */
const PAGES = [
  {
    entry: 'Member Home',
    path: '/member/home',
    heading: `Welcome to ${config.productName}`,
    content: async (main) => {
      for (const link of ['Start Here - Crash Course', 'Daily Drills', 'Visualizations', 'Community Forum']) {
        await expectVisible(main.getByRole('link', { name: link }), `the ${link} quick link`);
      }
      await expectVisible(main.getByRole('heading', { name: 'About Your Instructor' }));
    },
  },
  {
    entry: 'Start Here - Crash Course',
    path: '/member/crash-course',
    heading: 'Start Here - Crash Course',
    content: async (main) =>
      expectVisible(main.locator('iframe[src*="/embed/"], iframe[src*="player.vimeo.com"]'), 'the crash-course video'),
  },
  {
    entry: 'Lectures',
    path: '/member/lectures',
    heading: 'Lectures',
    content: async (main) => {
      await expectCount(main.locator('article'), 5, 'lecture card (all five for Premium)');
      await expectCount(main.locator('article iframe'), 5, 'lecture video');
      check((await main.getByText('Unlock All Lectures').count()) === 0, 'no Unlock All Lectures card for Premium');
    },
  },
  ...[
    ['Daily Drills', '/member/daily-drills', 'Daily practice routines and visualizations'],
    ['Visualizations', '/member/visualizations', 'Audio visualizations for peak mental performance on the course'],
    ['Tee Time', '/member/tee-time', 'Mental preparation before you play'],
    ['On the Range Drills', '/member/on-the-range', null],
    ['Swing Training Recommendations', '/member/swing-training', null],
    ['SOS Drills', '/member/sos-drills', null],
  ].map(([entry, path, subtitle]) => ({
    entry: /** @type {string} */ (entry),
    path: /** @type {string} */ (path),
    heading: /** @type {string} */ (entry),
    content: async (/** @type {import('playwright-core').Locator} */ main) => {
      if (subtitle) await expectVisible(main.getByText(subtitle, { exact: true }), `the subtitle "${subtitle}"`);
      await expectHidden(main.getByTestId('content-skeleton'), 'the loading skeletons');
      check((await main.getByText('No content available yet. Check back soon!').count()) === 0, `${entry} has content`);
      const items = main.locator('article');
      await expectVisible(items.first(), `${entry} content items`);
      // Each item shows its media: a video embed, an audio player or text.
      const n = await items.count();
      for (let i = 0; i < n; i++) {
        const item = items.nth(i);
        const media =
          (await item.locator('iframe').count()) +
          (await item.locator('audio').count()) +
          (await item.locator('p').count());
        check(
          media > 0,
          `${entry} item ${i + 1} ("${await item.getAttribute('aria-label')}") shows a video, audio or text`,
        );
      }
    },
  })),
  {
    entry: 'More Stuff',
    path: '/member/more-stuff',
    heading: 'More Stuff',
    content: async (main) => {
      for (const card of ['More Talks/Motivation', 'Gear', 'FAQs', 'Support', 'AI', '1 on 1 Coaching', 'About Me']) {
        await expectVisible(main.getByRole('heading', { name: card, exact: true }), `the ${card} card`);
      }
    },
  },
  {
    entry: 'My Courses',
    path: '/member/my-courses',
    heading: 'My Courses',
    content: async (main) => {
      await expectVisible(main.getByRole('heading', { name: 'Your Courses' }));
      await expectVisible(
        main.getByRole('link', { name: 'New Course' }).or(main.getByRole('button', { name: 'New Course' })),
      );
    },
  },
  {
    entry: 'Your Account',
    path: '/member/account',
    heading: 'Your Account',
    content: async (main) => {
      await expectVisible(main.getByLabel('Membership: Premium'), 'the Premium badge');
      check(
        (await main.getByRole('link', { name: 'Upgrade to Premium' }).count()) === 0,
        'no upgrade offer for Premium',
      );
    },
  },
];

test(
  '3. Upgrade: /checkout, declined then paid card (stand-in), signed webhook, Welcome to Premium!, 12 entries, every page',
  { timeout: config.journeyTimeout },
  journey('upgrade', async ({ page, step }) => {
    const member = newMember('upgrade');
    /** @type {{ clientSecret: string, subscriptionId?: string }} */
    let setup = { clientSecret: '' };

    await step('sign up a fresh member and open /checkout from the account page', async () => {
      await signUp(page, member);
      await expectPath(page, '/member/account');
      const created = paymentSetup(page, '/api/create-subscription');
      await page.getByRole('main').getByRole('link', { name: 'Upgrade to Premium' }).click();
      await expectPath(page, '/checkout');
      await expectVisible(page.getByRole('heading', { name: 'Upgrade to Premium', level: 1 }));
      setup = await created;
      check(
        /_secret_/.test(setup.clientSecret),
        `create-subscription gave a client secret, got ${JSON.stringify(setup)}`,
      );
      check(Boolean(setup.subscriptionId), 'create-subscription gave the subscription id');
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expectVisible(summary.getByText('$19.99'), 'the price in the order summary');
    });

    const subscribe = page.getByRole('button', { name: 'Subscribe - $19.99/month' });

    await step('a declined card: Processing..., then the Payment Failed toast and the form again', async () => {
      await fillCard(page, 'declined');
      await subscribe.click();
      await expectVisible(page.getByRole('button', { name: 'Processing...' }), 'the Processing... button');
      check(
        await page.getByRole('button', { name: 'Processing...' }).isDisabled(),
        'the button is disabled while processing',
      );
      await expectToast(page, 'Payment Failed', 'Your card was declined.');
      await expectVisible(subscribe, 'the Subscribe button again');
      check(await subscribe.isEnabled(), 'the form is enabled again after a failure');
      await expectPath(page, '/checkout');
    });

    await step('a good card: back on /member/account?payment=success, webhook delivered', async () => {
      await fillCard(page, 'visa');
      const returned = page.waitForURL(/\/member\/account\?payment=success/, { waitUntil: 'commit', timeout: 20_000 });
      await subscribe.click();
      await returned;
      const back = new URL(page.url());
      check(
        back.searchParams.get('redirect_status') === 'succeeded',
        `Stripe-like return parameters, got ${back.search}`,
      );
      check(Boolean(back.searchParams.get('payment_intent')), 'the return carries payment_intent');
      // What Stripe sends once the first invoice is paid: the subscription turns active.
      const user = await currentUser(page);
      const customerId = await stripeCustomerIdOf(user.id);
      await deliverWebhook(
        subscriptionActivated({
          subscriptionId: /** @type {string} */ (setup.subscriptionId),
          customerId,
          userId: user.id,
        }),
      );
    });

    await step('Welcome to Premium! toast, the address resets to /member/account, Premium badge', async () => {
      await expectToast(
        page,
        'Welcome to Premium!',
        `Your subscription is now active. Enjoy full access to all ${config.productName} content.`,
      );
      await expectPath(page, '/member/account');
      check(new URL(page.url()).search === '', `the address is reset to /member/account, got ${page.url()}`);
      await expectVisible(
        page.getByRole('main').getByLabel('Membership: Premium'),
        'the Premium badge on the account page',
      );
      await expectVisible(
        page.getByRole('banner').getByText('Premium', { exact: true }),
        'the Premium chip in the top bar',
      );
      await eventually(async () => (await currentUser(page)).membershipLevel === 'premium', 'the server says premium');
    });

    await step('the sidebar shows all 12 entries', async () => {
      const entries = await eventually(async () => {
        const e = await sidebarEntries(page);
        return e.length === 12 ? e : null;
      }, '12 sidebar entries');
      check(
        JSON.stringify(entries) === JSON.stringify(ALL_ENTRIES),
        `sidebar entries in order, got ${JSON.stringify(entries)}`,
      );
    });

    for (const p of PAGES) {
      await step(`${p.entry} renders its content`, async () => {
        await page
          .getByRole('navigation', { name: 'Member navigation' })
          .getByRole('link', { name: p.entry, exact: true })
          .click();
        await expectPath(page, p.path);
        const main = page.getByRole('main');
        await expectVisible(main.getByRole('heading', { name: p.heading, level: 1 }), `the "${p.heading}" heading`);
        await p.content(main);
      });
    }
  }),
);
