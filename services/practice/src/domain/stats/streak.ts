import { PRACTICE_FREEZES_PER_MONTH, PRACTICE_GOAL_MINUTES, type PracticeStats } from '@fm/contracts';
import { addDays } from '../days';

/** The stats calendar: 12 weeks. */
export const STATS_DAYS = 84;
const GOAL_SEC = PRACTICE_GOAL_MINUTES * 60;

/**
 * The streak over the member's days (seconds per date): walking from the first practised day to
 * yesterday, a day of ≥ 10 minutes adds one; a missed day while a streak runs is frozen (kept,
 * adds nothing) while its month has freezes left, else the streak ends. Today adds one once
 * counted and never breaks the streak while it is still going on.
 */
export function streakOf(seconds: Map<string, number>, today: string): PracticeStats {
  const practised = [...seconds.keys()].filter((d) => d <= today).sort();
  const used = new Map<string, number>();
  const frozen = new Set<string>();
  let streak = 0;
  if (practised.length > 0) {
    for (let d = practised[0]!; d < today; d = addDays(d, 1)) {
      if ((seconds.get(d) ?? 0) >= GOAL_SEC) streak++;
      else if (streak > 0 && (used.get(d.slice(0, 7)) ?? 0) < PRACTICE_FREEZES_PER_MONTH) {
        used.set(d.slice(0, 7), (used.get(d.slice(0, 7)) ?? 0) + 1);
        frozen.add(d);
      } else streak = 0;
    }
  }
  if ((seconds.get(today) ?? 0) >= GOAL_SEC) streak++;
  let total = 0;
  for (const s of seconds.values()) total += s;
  const days = [];
  for (let i = STATS_DAYS - 1; i >= 0; i--) {
    const date = addDays(today, -i);
    const s = seconds.get(date) ?? 0;
    days.push({ date, minutes: Math.floor(s / 60), counted: s >= GOAL_SEC, frozen: frozen.has(date) });
  }
  return {
    streak,
    freezesLeft: PRACTICE_FREEZES_PER_MONTH - (used.get(today.slice(0, 7)) ?? 0),
    totalMinutes: Math.floor(total / 60),
    days,
  };
}
