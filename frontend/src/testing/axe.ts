/**
 * axe-core's WCAG 2.1 A/AA rules (and "Label in Name") on what is rendered now, the rule set
 * of the browser journeys (e2e/lib/a11y.js). jsdom lays nothing out, so the rules that need
 * a layout (colour contrast, target size, what is scrolled or hidden behind) are left to them.
 */
import axe from 'axe-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The violations found in `root`, one line per rule with the first elements it names ("" when none). */
export async function axeViolations(root: Element = document.body): Promise<string> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: {
      'label-content-name-mismatch': { enabled: true },
      'color-contrast': { enabled: false },
      'target-size': { enabled: false },
    },
    resultTypes: ['violations'],
  });
  return results.violations
    .map(
      (v) =>
        `${v.id} (${v.impact ?? ''}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
    .join('\n');
}
