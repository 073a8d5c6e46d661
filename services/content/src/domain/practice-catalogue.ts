import type { PracticeCatalogue, PracticeCatalogueItem, PracticeCatalogueLevel } from '@fm/contracts';
import type { CatalogueService } from './catalogue.service';
import { canOpenLesson } from './catalogue.views';

/**
 * Reads content's `duration` text as whole seconds: "10 min", "4 mins", "45 sec", "1 h 5 min",
 * "12:30", "1:02:03". Anything else → null (practice then has no length for the item).
 */
export function lengthInSeconds(text: string | null | undefined): number | null {
  if (!text) return null;
  const t = text.trim().toLowerCase();
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(t);
  if (clock) {
    const sec = Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
    return sec > 0 ? sec : null;
  }
  let total = 0;
  let matched = false;
  for (const [, n, unit] of t.matchAll(
    /(\d+(?:\.\d+)?)\s*(h|hr|hrs|hours?|m|min|mins|minutes?|s|sec|secs|seconds?)\b/g,
  )) {
    matched = true;
    const value = Number(n);
    total += unit!.startsWith('h') ? value * 3600 : unit!.startsWith('m') ? value * 60 : value;
  }
  return matched && Math.round(total) > 0 ? Math.round(total) : null;
}

/**
 * What practice needs of the catalogue for one membership level (GET /internal/practice-catalogue):
 * every lesson and lecture (open or not for the level, each with a page), and for Premium the
 * member sections' items (`hasPage` their section's). Member section items are Premium-only, so
 * the Free answer has none. The access rule is the one content's own routes apply (canOpenLesson,
 * a lecture's `isFree`), decided here from the level asked for, never from a caller's session.
 */
export async function practiceCatalogue(
  catalogue: CatalogueService,
  level: PracticeCatalogueLevel,
): Promise<PracticeCatalogue> {
  const premium = level === 'premium';
  const items: PracticeCatalogueItem[] = [];
  const [lessons, lectures] = await Promise.all([catalogue.lessons(), catalogue.lectures()]);
  for (const l of lessons) {
    items.push({
      itemKind: 'lesson',
      itemId: l.id,
      sectionId: 'lessons',
      title: l.title,
      contentType: 'video',
      lengthSec: lengthInSeconds(l.duration),
      open: canOpenLesson(l, premium),
      hasPage: true,
    });
  }
  for (const l of lectures) {
    items.push({
      itemKind: 'lecture',
      itemId: l.id,
      sectionId: 'lectures',
      title: l.title,
      contentType: 'video',
      lengthSec: lengthInSeconds(l.duration),
      open: l.isFree || premium,
      hasPage: true,
    });
  }
  if (premium) {
    const sections = await catalogue.sections();
    const lists = await Promise.all(sections.map((s) => catalogue.sectionContent(s)));
    lists.forEach((list, i) => {
      const section = sections[i]!;
      for (const c of list) {
        items.push({
          itemKind: 'content',
          itemId: c.id,
          sectionId: c.sectionId ?? section.id,
          title: c.title,
          contentType: c.contentType,
          lengthSec: lengthInSeconds(c.duration),
          open: true,
          hasPage: section.hasPage,
        });
      }
    });
  }
  return { level, items };
}
