/**
 * The courses API's request paths (relative to /api), shared by the RTK Query endpoints and the
 * "Ready for the course" list (offline/offline-plan.ts), which must store answers under the very
 * addresses the player asks for.
 */

/** The round history shows, and the trend chart draws, the member's last 10 rounds. */
export const ROUND_HISTORY_LIMIT = 10;

export const BAG_PATH = 'courses/bag';

export function coursePath(id: string): string {
  return `courses/${encodeURIComponent(id)}`;
}

export function roundsPath({ limit, courseId }: { limit: number; courseId?: string }): string {
  return `courses/rounds?limit=${limit}${courseId ? `&courseId=${encodeURIComponent(courseId)}` : ''}`;
}
