import type { PracticeItemKind } from '@/features/practice/types';

/** Query parameters of an item page: which item, and where to start (seconds). */
export const ITEM_PARAM = 'item';
export const START_PARAM = 't';

/** What a link to an item needs: its kind, id and section, and where to start. */
export type LinkableItem = {
  itemId: string;
  itemKind: PracticeItemKind;
  sectionId: string;
  positionSec?: number;
};

/**
 * The page that opens an item, at a position: a lecture → `/member/lectures?item=<id>&t=<s>`,
 * a lesson → `/lesson/<id>?t=<s>`, a section item → `/member/<section slug>?item=<id>&t=<s>`
 * (`sectionSlug` maps the item's section id to its page; unknown → member home).
 */
export function practiceItemHref(item: LinkableItem, sectionSlug: (sectionId: string) => string | undefined): string {
  const search = new URLSearchParams();
  if (item.itemKind !== 'lesson') search.set(ITEM_PARAM, item.itemId);
  if (item.positionSec && item.positionSec > 0) search.set(START_PARAM, String(Math.floor(item.positionSec)));
  const query = search.toString() ? `?${search.toString()}` : '';
  if (item.itemKind === 'lecture') return `/member/lectures${query}`;
  if (item.itemKind === 'lesson') return `/lesson/${encodeURIComponent(item.itemId)}${query}`;
  const slug = sectionSlug(item.sectionId);
  return slug ? `/member/${encodeURIComponent(slug)}${query}` : '/member/home';
}

/** The item and start position a page was opened with (null when none). */
export function readItemTarget(search: URLSearchParams): { itemId: string; startAt: number | null } | null {
  const itemId = search.get(ITEM_PARAM);
  if (!itemId) return null;
  const t = Number(search.get(START_PARAM));
  return { itemId, startAt: Number.isFinite(t) && t > 0 ? t : null };
}

/** "1:10", "12:05", "1:02:03". */
export function formatPosition(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
