'use strict';
// Keyboard-only moves for the keyboard journey (issue 32): Tab (or Shift+Tab) until a control is
// focused, checking on the way that every stop shows its focus and that focus moves on.

const { check } = require('./expect');
const { focusedElement } = require('./a11y');

/**
 * @typedef {NonNullable<Awaited<ReturnType<typeof focusedElement>>>} Focused
 */

/** @param {Focused | null} f */
const describe = (f) => (f ? `<${f.tag}${f.role ? ` role=${f.role}` : ''}> "${f.text}"` : '(nothing: the page itself)');

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element matches `wanted`; every element
 * focused on the way must be on screen and show a focus indicator, and focus must move on each
 * press (nothing traps it). Returns the stops in order.
 * @param {import('playwright-core').Page} page
 * @param {(f: Focused) => boolean} wanted
 * @param {string} what  the control looked for, for the message
 * @param {{ back?: boolean, max?: number }} [options]
 */
async function tabTo(page, wanted, what, { back = false, max = 60 } = {}) {
  /** @type {Focused[]} */
  const stops = [];
  let repeated = 0;
  let previous = '';
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focusedElement(page);
    if (!f) {
      previous = ''; // focus left the page's controls (before the first one / after the last)
      continue;
    }
    if (f.tabIndex < 0) continue; // the app moved focus there itself (a page that just loaded)
    stops.push(f);
    check(
      f.indicator,
      `focus is visible on ${describe(f)} (stop ${stops.length} on the way to ${what}; no outline, box-shadow or MUI focus style)`,
    );
    const key = `${f.tag}|${f.role}|${f.text}|${f.path}`;
    repeated = key === previous ? repeated + 1 : 0;
    previous = key;
    check(repeated < 2, `focus is stuck on ${describe(f)} (Tab does not move it: a keyboard trap)`);
    if (wanted(f)) return stops;
  }
  throw new Error(
    `${what} not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; focus went: ${stops
      .slice(-12)
      .map(describe)
      .join(' → ')}`,
  );
}

/** Focus matcher on the control's visible or accessible text. @param {string | RegExp} text */
const named = (text) => (/** @type {Focused} */ f) => (typeof text === 'string' ? f.text === text : text.test(f.text));

module.exports = { tabTo, named, describe };
