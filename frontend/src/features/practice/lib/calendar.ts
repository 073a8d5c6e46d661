import type { PracticeStats } from '@/features/practice/types';

export type CalendarDay = PracticeStats['days'][number];
export type DayState = 'counted' | 'frozen' | 'some' | 'none';

export function dayState(day: CalendarDay): DayState {
  if (day.counted) return 'counted';
  if (day.frozen) return 'frozen';
  return day.minutes > 0 ? 'some' : 'none';
}

/** Weekday of a YYYY-MM-DD date, Monday 0 ... Sunday 6 (the date's own calendar, no time zone). */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return (new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1)).getUTCDay() + 6) % 7;
}

/** "Mon 3 Nov". */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1)));
}

/**
 * The days as weeks (columns) of 7 weekdays (Monday first): `grid[weekday][week]`, null where
 * the 12 weeks start after Monday or end before Sunday.
 */
export function toWeeks(days: CalendarDay[]): (CalendarDay | null)[][] {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const lead = sorted.length ? weekdayIndex(sorted[0]!.date) : 0;
  const cells: (CalendarDay | null)[] = [...Array<null>(lead).fill(null), ...sorted];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = cells.length / 7;
  return Array.from({ length: 7 }, (_, weekday) =>
    Array.from({ length: weeks }, (_, week) => cells[week * 7 + weekday] ?? null),
  );
}

/** What a day says in words (the calendar's text alternative). */
export function describeDay(day: CalendarDay): string {
  const minutes = `${Math.floor(day.minutes)} min`;
  switch (dayState(day)) {
    case 'counted':
      return `${formatDay(day.date)}: ${minutes}, practised`;
    case 'frozen':
      return `${formatDay(day.date)}: saved by a freeze`;
    case 'some':
      return `${formatDay(day.date)}: ${minutes}, under 10 minutes`;
    default:
      return `${formatDay(day.date)}: no practice`;
  }
}
