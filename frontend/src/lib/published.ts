/** How long a catalogue item is "New": the content service's WHATS_NEW_DAYS (GET /api/member/whats-new). */
export const NEW_FOR_DAYS = 30;

const DAY_MS = 86_400_000;

/** Whether an item published at `publishedAt` (ISO) is new at `now`: published within the last 30 days. */
export function isNew(publishedAt: string | undefined, now: number = Date.now()): boolean {
  if (!publishedAt) return false;
  const at = Date.parse(publishedAt);
  return Number.isFinite(at) && at <= now && now - at < NEW_FOR_DAYS * DAY_MS;
}

/** "12 Nov 2026": the date an item was published, as the pages show it. */
export function formatPublished(publishedAt: string): string {
  return new Date(publishedAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
