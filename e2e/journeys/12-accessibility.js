'use strict';
// Journey 11: accessibility (issue 32). axe-core's WCAG 2.1 A/AA rules (and "Label in Name")
// on every member page, checkout page and founder console page, as a Premium member, a Free
// member and the founder, at 390 px and 1280 px. Any serious or critical violation fails the
// journey; every one found is printed (rule, targets, page, width, who) before it fails.

const { test } = require('node:test');
const { journey } = require('../lib/browser');
const { config, RUN_ID } = require('../lib/config');
const { check } = require('../lib/expect');
const { newMember, signUp } = require('../lib/app');
const { axeFindings, createCourseByApi, formatFindings, grantAdmin, makePremium, postJson } = require('../lib/a11y');
const { coachingPaymentSucceeded, deliverWebhook } = require('../lib/stripe-webhooks');
const { currentUser } = require('../lib/app');

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

// Every page of the member layout a member of that kind may open (frontend member-routes.tsx;
// a free member is sent away from the Premium-only ones), the checkout pages and the console.
const PREMIUM_PAGES = [
  '/member/home',
  '/member/crash-course',
  '/member/lectures',
  '/member/daily-drills',
  '/member/visualizations',
  '/member/tee-time',
  '/member/on-the-range',
  '/member/swing-training',
  '/member/sos-drills',
  '/guided-visualizations',
  '/member/more-stuff',
  '/member/more-talks',
  '/member/faq',
  '/member/about-me',
  '/member/golf-ai',
  '/member/forum',
  '/member/account',
  '/member/my-courses',
  '/member/course-builder',
  '/member/course-player/:course',
  '/coaching-checkout',
];
// A free member: the pages that differ for them (Go Premium in the header, the checkout, the
// tiers); the pages both kinds share are checked as the Premium member.
const FREE_PAGES = ['/member/lectures', '/member/account', '/checkout', '/coaching-checkout', '/membership'];
// At 390 px the Premium member's pages that only repeat another page's components with other
// text (the section pages after the first two, the talk, FAQ, biography, AI and forum pages)
// are left out: the header, drawer and grids they share are checked on the others.
const SAME_AS_ANOTHER_AT_390 = new Set([
  '/member/tee-time',
  '/member/on-the-range',
  '/member/swing-training',
  '/member/sos-drills',
  '/member/more-talks',
  '/member/faq',
  '/member/about-me',
  '/member/golf-ai',
  '/member/forum',
]);
const CONSOLE_PAGES = [
  '/admin/members',
  '/admin/bookings',
  '/admin/inbox',
  '/admin/content',
  '/admin/newsletters',
  '/admin/newsletters/new',
  '/admin/metrics',
  '/admin/audit',
];

/**
 * The member's requests in flight, so that a page is checked once its data has arrived.
 * @param {import('playwright-core').Page} page
 */
function trackRequests(page) {
  let inFlight = 0;
  let last = Date.now();
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', (r) => {
    if (r.resourceType() === 'media') return; // audio streams stay open
    inFlight += 1;
    last = Date.now();
  });
  page.on('requestfinished', (r) => r.resourceType() !== 'media' && done());
  page.on('requestfailed', (r) => r.resourceType() !== 'media' && done());
  return {
    /** No request for 250 ms (or 5 s passed). */
    async quiet() {
      const until = Date.now() + 5_000;
      while (Date.now() < until && (inFlight > 0 || Date.now() - last < 250)) await page.waitForTimeout(50);
    },
  };
}

/**
 * Waits (up to 10 s) until the page has held still for 300 ms: its heading shown, no spinner
 * (a progress bar without a value: Today's 10 and the course progress have one), skeleton or busy
 * region, and no transition half-way (a button turning from disabled to enabled
 * fades through in-between colours for 250 ms: one that starts in the 300 ms is still running at
 * the second look, or already done).
 * @param {import('playwright-core').Page} page
 */
async function settled(page) {
  const still = () =>
    /* eslint-disable no-undef -- runs in the page */
    Boolean(document.querySelector('main h1')) &&
    !document.querySelector(
      'main [role="progressbar"]:not([aria-valuenow]), main .MuiSkeleton-root, main [aria-busy="true"]',
    ) &&
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity);
  /* eslint-enable no-undef */
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    try {
      await page.waitForFunction(still, undefined, { timeout: Math.max(1, until - Date.now()) });
    } catch {
      return; // not within 10 s: axe reads the page as it is
    }
    await page.waitForTimeout(300);
    if (await page.evaluate(still)) return;
  }
}

/**
 * Opens the page as the member's next click would (the router's own navigation; a full load
 * only the first time) and waits until it has settled: its heading shown, no spinner, skeleton
 * or busy region, no transition running, no request in flight.
 * @param {import('playwright-core').Page} page
 * @param {string} path
 * @param {ReturnType<typeof trackRequests>} requests
 * @param {boolean} [fullLoad] load the page (the app starts and reads the member afresh)
 */
async function openSettled(page, path, requests, fullLoad = false) {
  if (!fullLoad) {
    await page.evaluate((to) => {
      /* eslint-disable no-undef -- runs in the page */
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
      /* eslint-enable no-undef */
    }, path);
  } else {
    await page.goto(path);
  }
  await settled(page);
  await requests.quiet();
  // Again once the last answer is in: a button it enables (the checkout's, once Stripe.js is ready)
  // fades from its disabled colours, and axe read it half-way on a slow machine.
  await settled(page);
  const now = new URL(page.url()).pathname;
  check(now === path, `${path} opened (the page is at ${now})`);
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string} who
 * @param {string[]} pages
 * @param {import('../lib/a11y').Finding[]} findings
 */
async function checkPages(page, who, pages, findings) {
  const requests = trackRequests(page);
  let first = true;
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const path of pages) {
      if (size.width === 390 && SAME_AS_ANOTHER_AT_390.has(path)) continue;
      await openSettled(page, path, requests, first);
      first = false;
      findings.push(...(await axeFindings(page, { who })));
    }
  }
}

test(
  '12. Accessibility: axe WCAG 2.1 A/AA on every member, checkout and console page (Premium, Free, founder; 390 and 1280 px)',
  { timeout: 420_000 },
  journey('accessibility', async ({ page, step, newMemberContext }) => {
    /** @type {import('../lib/a11y').Finding[]} */
    const findings = [];

    await step('a Premium member: every member page and the coaching checkout', async () => {
      const premium = newMember('a11y-premium');
      await signUp(page, premium);
      await makePremium(page);
      const course = await createCourseByApi(page, `A11y Links ${RUN_ID}`);
      const pages = PREMIUM_PAGES.map((p) => p.replace(':course', course));
      await checkPages(page, 'a Premium member', pages, findings);
      await page.request.delete(`${config.baseUrl}/api/courses/${course}`);
    });

    await step('a Free member: their member pages, the checkout pages, the tiers', async () => {
      const freePage = await newMemberContext();
      await signUp(freePage, newMember('a11y-free'));
      await checkPages(freePage, 'a Free member', FREE_PAGES, findings);
    });

    await step('the founder: every console page (with a paid booking and a contact message in it)', async () => {
      const founderPage = await newMemberContext();
      const founder = newMember('a11y-founder');
      await signUp(founderPage, founder);
      await grantAdmin(founder.email);
      const user = await currentUser(founderPage);
      await deliverWebhook(
        coachingPaymentSucceeded({ paymentIntentId: `pi_e2e${RUN_ID}a11y`, userId: user.id, email: founder.email }),
      );
      const sent = await postJson(founderPage, '/api/contact', {
        name: 'Casey Contrast',
        email: founder.email,
        message: `A question about chips, run ${RUN_ID}.`,
      });
      check(sent.status() === 201, `POST /api/contact answered ${sent.status()}`);
      await checkPages(founderPage, 'the founder', CONSOLE_PAGES, findings);
    });

    await step('no serious or critical violation on any page', async () => {
      if (findings.length) {
        process.stdout.write(
          `\n  axe: ${findings.length} serious/critical violation(s):\n${formatFindings(findings)}\n`,
        );
      }
      const rules = [...new Set(findings.map((f) => f.rule))].join(', ');
      check(
        findings.length === 0,
        `${findings.length} serious/critical axe violation(s) (${rules}):\n${formatFindings(findings)}`,
      );
    });
  }),
);
