import { Catalogue, type CatalogueItem } from '../catalogue';
import { PLAN_MAX_MINUTES, PLAN_MIN_MINUTES, pickPlan, planMinutesOf } from './plan-picker';

/** A catalogue item a Premium member can open: `minutes` long (null: a text item with no length). */
function item(sectionId: string, itemId: string, minutes: number | null, extra: Partial<CatalogueItem> = {}) {
  return {
    itemKind: 'content',
    itemId,
    sectionId,
    title: itemId,
    contentType: minutes === null ? 'text' : 'audio',
    durationSec: minutes === null ? null : minutes * 60,
    open: true,
    hasPage: true,
    ...extra,
  } satisfies CatalogueItem;
}

const key = (i: CatalogueItem) => Catalogue.key(i.itemKind, i.itemId);
const minutesOf = (plan: { minutes: number }[]) => plan.reduce((sum, i) => sum + i.minutes, 0);

/** Three sections of short items: plenty for any plan. */
const catalogue = ['breath', 'focus', 'journal'].flatMap((section) =>
  [1, 2, 3, 4].map((n) => item(section, `${section}-${n}`, n % 2 === 0 ? 2 : 3)),
);

describe("Today's 10: which items a day's plan picks", () => {
  it('when the member has done nothing yet, then 9-12 minutes over more than one section, each item with its minutes', () => {
    for (let run = 0; run < 20; run++) {
      const plan = pickPlan(catalogue, new Set(), new Set());
      expect(minutesOf(plan)).toBeGreaterThanOrEqual(PLAN_MIN_MINUTES);
      expect(minutesOf(plan)).toBeLessThanOrEqual(PLAN_MAX_MINUTES);
      expect(new Set(plan.map((i) => i.sectionId)).size).toBeGreaterThan(1);
      expect(new Set(plan.map((i) => i.itemId)).size).toBe(plan.length);
      for (const planned of plan) {
        const source = catalogue.find((i) => i.itemId === planned.itemId)!;
        expect(planned).toEqual({
          itemKind: 'content',
          itemId: source.itemId,
          sectionId: source.sectionId,
          title: source.title,
          contentType: 'audio',
          minutes: source.durationSec! / 60,
        });
      }
    }
  });

  it('when items are locked, have no page, or are longer than the plan, then they are never planned', () => {
    const closed = [
      item('breath', 'premium-only', 2, { open: false }),
      item('nopage', 'no-page', 1, { hasPage: false }),
      item('focus', 'long-lesson', 15),
    ];
    for (let run = 0; run < 20; run++) {
      const plan = pickPlan([...catalogue, ...closed], new Set(), new Set());
      expect(plan.map((i) => i.itemId)).not.toContain('no-page');
      expect(plan.map((i) => i.itemId)).not.toContain('long-lesson');
      expect(plan.map((i) => i.itemId)).not.toContain('premium-only');
    }
  });

  it('when items are complete or were planned in the last days, then the plan takes others while others remain', () => {
    const done = new Set(catalogue.filter((i) => i.itemId.endsWith('-1')).map(key));
    const recent = new Set(catalogue.filter((i) => i.itemId.endsWith('-2')).map(key));
    for (let run = 0; run < 20; run++) {
      const plan = pickPlan(catalogue, done, recent);
      expect(minutesOf(plan)).toBeGreaterThanOrEqual(PLAN_MIN_MINUTES);
      for (const planned of plan) expect(planned.itemId).toMatch(/-[34]$/);
    }
  });

  it('when too few fresh items remain, then it plans every fresh one and fills up to 9 minutes with the others', () => {
    const small = [
      item('breath', 'fresh', 3),
      item('focus', 'planned-lately', 3),
      item('journal', 'planned-lately-2', 3),
      item('breath', 'complete', 3),
    ];
    const done = new Set([key(small[3]!)]);
    const recent = new Set([key(small[1]!), key(small[2]!)]);
    for (let run = 0; run < 20; run++) {
      const plan = pickPlan(small, done, recent);
      expect(plan.map((i) => i.itemId)).toContain('fresh');
      expect(minutesOf(plan)).toBe(9);
    }
  });

  it('when the fresh items fall short, then unfinished ones fill the plan before complete ones', () => {
    const small = [
      item('breath', 'fresh', 3),
      item('focus', 'unfinished', 3),
      item('journal', 'unfinished-2', 3),
      item('breath', 'complete', 3),
      item('focus', 'complete-2', 3),
    ];
    const done = new Set([key(small[3]!), key(small[4]!)]);
    const recent = new Set([key(small[1]!), key(small[2]!), ...done]);
    for (let run = 0; run < 20; run++) {
      const plan = pickPlan(small, done, recent);
      expect(plan.map((i) => i.itemId).sort()).toEqual(['fresh', 'unfinished', 'unfinished-2']);
    }
  });

  it('when a text item gives no length, then it counts 3 minutes', () => {
    expect(planMinutesOf(item('journal', 'note', null))).toBe(3);
    expect(planMinutesOf(item('focus', 'half-minute', 0.5))).toBe(1);
    expect(planMinutesOf(item('focus', 'ten-and-a-bit', 10.1))).toBe(11);
  });
});
