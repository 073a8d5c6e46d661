/** How the console shows a message's due time: the time left, or how long it is overdue. */
import type { ContactLevel } from '@fm/contracts';

const HOUR_MS = 3_600_000;

function span(ms: number): string {
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 1) return `${Math.max(1, Math.round(ms / 60_000))} min`;
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}

/** "23 h left" / "2 d 4 h left" / "Overdue by 3 h" at `now`. */
export function timeLeft(dueAt: string, now = Date.now()): { label: string; overdue: boolean } {
  const ms = Date.parse(dueAt) - now;
  return ms >= 0 ? { label: `${span(ms)} left`, overdue: false } : { label: `Overdue by ${span(-ms)}`, overdue: true };
}

export const LEVEL_LABEL: Record<ContactLevel, string> = { premium: 'Premium', free: 'Free', visitor: 'Visitor' };

/** "92%" of a share from 0 to 1; "—" when nothing counted. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}
