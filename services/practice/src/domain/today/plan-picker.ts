import { Catalogue, canOpen, type CatalogueItem } from '../catalogue';
import { TEXT_DEFAULT_SEC } from '../credit/read-credit';
import type { PlanItem } from '../practice.model';

/** Today's 10: between these many minutes. */
export const PLAN_MIN_MINUTES = 9;
export const PLAN_MAX_MINUTES = 12;

/** An item's minutes in a plan: its length rounded up (a text item without one: 3 minutes). */
export const planMinutesOf = (i: CatalogueItem) => Math.max(1, Math.ceil((i.durationSec ?? TEXT_DEFAULT_SEC) / 60));

/**
 * Picks a day's plan from the catalogue of the member's level: 9-12 minutes of items the member can
 * open, round robin over the sections (in random order) so the plan varies across them; first
 * items neither complete (`done`) nor planned lately (`recent`), then, when those fall short,
 * the others, unfinished ones first. Keys are Catalogue.key.
 */
export function pickPlan(items: Iterable<CatalogueItem>, done: Set<string>, recent: Set<string>): PlanItem[] {
  // Only what the member can open in the app: not a Premium item for a free member, nor an item
  // of a section the member area has no page for.
  const open = [...items].filter((i) => canOpen(i) && planMinutesOf(i) <= PLAN_MAX_MINUTES);
  const key = (i: CatalogueItem) => Catalogue.key(i.itemKind, i.itemId);
  const fresh = open.filter((i) => !done.has(key(i)) && !recent.has(key(i)));
  // When those fall short: first what the member began and has not finished, then what is complete.
  const unfinished = open.filter((i) => !fresh.includes(i) && !done.has(key(i)));
  const complete = open.filter((i) => done.has(key(i)));
  const picked: CatalogueItem[] = [];
  let minutes = 0;
  const pickFrom = (pool: CatalogueItem[]) => {
    // Round robin over sections (in random order), so the plan varies across them.
    const bySection = new Map<string, CatalogueItem[]>();
    for (const i of shuffle(pool)) bySection.set(i.sectionId, [...(bySection.get(i.sectionId) ?? []), i]);
    const queues = shuffle([...bySection.values()]);
    while (minutes < PLAN_MIN_MINUTES && queues.some((q) => q.length > 0)) {
      for (const q of queues) {
        if (minutes >= PLAN_MIN_MINUTES) break;
        const next = q.shift();
        if (!next || picked.includes(next) || minutes + planMinutesOf(next) > PLAN_MAX_MINUTES) continue;
        picked.push(next);
        minutes += planMinutesOf(next);
      }
    }
  };
  for (const pool of [fresh, unfinished, complete]) if (minutes < PLAN_MIN_MINUTES) pickFrom(pool);
  return picked.map((i) => ({
    itemKind: i.itemKind,
    itemId: i.itemId,
    sectionId: i.sectionId,
    title: i.title,
    contentType: i.contentType,
    minutes: planMinutesOf(i),
  }));
}

function shuffle<T>(list: T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}
