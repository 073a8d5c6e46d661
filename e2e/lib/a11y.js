'use strict';
// Accessibility checks (issue 32): axe-core's WCAG 2.1 A/AA rules through its Playwright
// binding, and the helpers the accessibility and keyboard journeys share (members of each
// kind, a course to play, the focused element and whether its focus is visible).

const { execFile } = require('node:child_process');
const { promisify } = require('node:util');
const { AxeBuilder } = require('@axe-core/playwright');
const { config } = require('./config');
const { check, eventually } = require('./expect');
const { currentUser } = require('./app');
const { stripeCustomerIdOf } = require('./members-db');
const { deliverWebhook, subscriptionActivated } = require('./stripe-webhooks');

const run = promisify(execFile);

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The impacts that fail the suite. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * @typedef {object} Finding
 * @property {string} rule
 * @property {string} impact
 * @property {string} help
 * @property {string} page
 * @property {number} width
 * @property {string} who
 * @property {string[]} targets
 * @property {string} summary  axe's failure summary of the first node
 * @property {string} html  the first node's HTML (its start)
 */

/**
 * Runs axe-core's WCAG 2.0/2.1 A and AA rules on the page as it is now, plus "Label in Name"
 * (2.5.3; axe tags it experimental, so it is asked for by name). Returns the serious and
 * critical violations, one finding per rule.
 * @param {import('playwright-core').Page} page
 * @param {{ who: string }} labels
 * @returns {Promise<Finding[]>}
 */
async function axeFindings(page, { who }) {
  const results = await new AxeBuilder({ page })
    // Our pages have no frames of their own (third-party embeds are refused in the suite), so
    // axe runs in the page itself instead of opening a blank page per check to merge frames.
    .setLegacyMode(true)
    .options({
      runOnly: { type: 'tag', values: WCAG_TAGS },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    .analyze();
  const url = new URL(page.url());
  const width = page.viewportSize()?.width ?? 0;
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      page: url.pathname,
      width,
      who,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      html: (v.nodes[0]?.html ?? '').slice(0, 200),
    }));
}

/** @param {Finding[]} findings */
function formatFindings(findings) {
  return findings
    .map((f) => {
      const shown = f.targets.slice(0, 5).join(' | ');
      const more = f.targets.length > 5 ? ` (+${f.targets.length - 5} more)` : '';
      return `  - [${f.impact}] ${f.rule} on ${f.page} at ${f.width} px as ${f.who}: ${f.help}\n      ${f.targets.length} node(s): ${shown}${more}\n      ${f.html}\n      ${f.summary.slice(0, 300)}`;
    })
    .join('\n');
}

/** `npm run admin -w services/auth -- grant <email>`, the only way to make an admin. */
async function grantAdmin(/** @type {string} */ email) {
  const { stdout } = await run('node', ['services/auth/dist/admin-command.js', 'grant', email], {
    cwd: config.root,
    env: { ...process.env, MONGO_URL: config.mongoUrl },
    timeout: 30_000,
  });
  check(stdout.includes(email), `the admin command names the member it granted (printed: ${stdout.trim()})`);
}

/** @param {import('playwright-core').Page} page @param {string} path @param {unknown} [data] */
function postJson(page, path, data = {}) {
  return page.request.post(`${config.baseUrl}${path}`, {
    headers: { Origin: new URL(config.baseUrl).origin, 'Content-Type': 'application/json' },
    data: JSON.stringify(data),
  });
}

/**
 * The signed-up member in this page's session becomes Premium the way Stripe makes them so:
 * a subscription, then its signed `customer.subscription.updated` webhook (active).
 * Answers the ids a later webhook of the same subscription needs (a downgrade: `status: 'canceled'`).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{ subscriptionId: string, customerId: string, userId: string }>}
 */
async function makePremium(page) {
  const user = await currentUser(page);
  const res = await postJson(page, '/api/create-subscription');
  check(res.status() === 200, `create-subscription answered ${res.status()}`);
  const { subscriptionId } = await res.json();
  const customerId = await stripeCustomerIdOf(user.id);
  await deliverWebhook(subscriptionActivated({ subscriptionId, customerId, userId: user.id }));
  await eventually(
    async () => (await currentUser(page)).membershipLevel === 'premium',
    'the member is Premium after the webhook',
  );
  return { subscriptionId, customerId, userId: user.id };
}

/**
 * A private 18-hole course of the member in this page's session, made through the API.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @returns {Promise<string>} its id
 */
async function createCourseByApi(page, name) {
  const res = await postJson(page, '/api/courses', {
    name,
    city: 'Pinehurst',
    state: 'NC',
    country: 'USA',
    pars: Array(18).fill(4),
    isPublic: false,
  });
  check(res.status() === 201, `POST /api/courses answered ${res.status()}: ${await res.text()}`);
  return (await res.json()).id;
}

/**
 * The focused element: tag, role, accessible-ish name, and whether a focus indicator shows
 * (an outline or a box-shadow that differs from the element's look without focus is what
 * the browser paints for :focus-visible; we check the computed outline/box-shadow).
 * @param {import('playwright-core').Page} page
 */
function focusedElement(page) {
  return page.evaluate(() => {
    /* eslint-disable no-undef -- runs in the page */
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow && style.boxShadow !== 'none';
    // MUI shows keyboard focus on some controls through a child (the ripple's focus layer)
    // or a wrapper (a text field's outline).
    const rippleFocus = Boolean(el.querySelector('.MuiTouchRipple-childPulsate, .MuiTouchRipple-ripplePulsate'));
    const fieldFocus = Boolean(el.closest('.Mui-focused, .Mui-focusVisible'));
    const path = [...document.querySelectorAll('a, button, input, select, textarea, [tabindex]')].indexOf(el);
    const rect = el.getBoundingClientRect();
    const label = 'labels' in el && el.labels?.length ? el.labels[0].textContent : '';
    const text = (el.getAttribute('aria-label') || label || el.textContent || el.getAttribute('title') || '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60);
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role') ?? '',
      text,
      focusVisible: el.matches(':focus-visible'),
      indicator: outline || Boolean(shadow) || rippleFocus || fieldFocus,
      onScreen: rect.width > 0 && rect.height > 0,
      inDialog: Boolean(el.closest('[role="dialog"]')),
      path,
      /** -1: focused by the app (the router focuses <main> after a navigation), not by Tab. */
      tabIndex: el.tabIndex,
    };
    /* eslint-enable no-undef */
  });
}

module.exports = { axeFindings, formatFindings, grantAdmin, makePremium, createCourseByApi, focusedElement, postJson };
