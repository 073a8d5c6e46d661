import { paths } from '@/config/paths';
import type { WhatsNewItem } from '@/features/admin/api/newsletters';

export const WHATS_NEW_HEADING = "## What's new this month";

const KIND_LABEL: Record<WhatsNewItem['kind'], string> = { lesson: 'Lesson', lecture: 'Lecture', item: 'Practice' };

/** Where a member opens the item (a path of the SPA). */
function pathOf(item: WhatsNewItem): string {
  if (item.kind === 'lesson') return paths.lesson.getHref(item.id);
  if (item.kind === 'lecture') return paths.member.lectures.getHref();
  return item.sectionSlug ? `/member/${encodeURIComponent(item.sectionSlug)}` : paths.member.home.getHref();
}

/** "Daily drills" from "daily-drills". */
const sectionLabel = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ');

/** Markdown's link text must not close the link early. */
const escapeText = (text: string) => text.replace(/([\\[\]*_`])/g, '\\$1');

/**
 * The newsletter editor's "What's new this month" block: a heading and one bullet per item
 * (newest first, as GET /api/member/whats-new answers), each linked to where a member opens it
 * on `origin` (the mail's links are absolute), with its kind or section. Empty for no items.
 */
export function whatsNewMarkdown(items: readonly WhatsNewItem[], origin: string): string {
  if (items.length === 0) return '';
  const lines = items.map((item) => {
    const where = item.kind === 'item' && item.sectionSlug ? sectionLabel(item.sectionSlug) : KIND_LABEL[item.kind];
    return `- [${escapeText(item.title)}](${origin}${pathOf(item)}) (${where})`;
  });
  return `${WHATS_NEW_HEADING}\n\n${lines.join('\n')}\n`;
}

/**
 * `block` put into `text` at the cursor (`at`, or the end), on lines of its own: a blank line
 * before and after it unless the text already has one there.
 */
export function insertBlock(text: string, block: string, at = text.length): { text: string; cursor: number } {
  const pos = Math.max(0, Math.min(at, text.length));
  const before = text.slice(0, pos);
  const after = text.slice(pos);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const body = block.endsWith('\n') ? block : `${block}\n`;
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  const inserted = `${lead}${body}${trail}`;
  return { text: `${before}${inserted}${after}`, cursor: before.length + inserted.length };
}
