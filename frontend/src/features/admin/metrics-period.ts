/**
 * The Metrics tab's periods: the presets in days (UTC, both ends included, like the API's
 * `from`..`to`) and a custom range checked before it is asked for.
 */
import type { MetricsPeriod } from '@/features/admin/api/metrics';

export const PERIOD_PRESETS = [
  { id: 'last30', label: 'Last 30 days' },
  { id: 'thisMonth', label: 'This month' },
  { id: 'last3m', label: 'Last 3 months' },
  { id: 'last12m', label: 'Last 12 months' },
  { id: 'custom', label: 'Custom' },
] as const;

export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['id'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-11-29" of a Date, in UTC. */
export const toDay = (date: Date) => date.toISOString().slice(0, 10);

const parseDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Today (UTC) as "YYYY-MM-DD". */
export const today = () => toDay(new Date());

export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/** The same day `months` earlier or later, on the month's last day when it has no such day (May 31 − 3 → Feb 28). */
export function addMonths(day: string, months: number): string {
  const date = parseDay(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return toDay(target);
}

/**
 * A preset's days ending today: the last 30 days (today and the 29 before), this calendar
 * month so far, and the last 3 or 12 months (from the day after the same date 3 or 12 months ago).
 */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now = today()): MetricsPeriod {
  switch (preset) {
    case 'last30':
      return { from: addDays(now, -29), to: now };
    case 'thisMonth':
      return { from: `${now.slice(0, 8)}01`, to: now };
    case 'last3m':
      return { from: addDays(addMonths(now, -3), 1), to: now };
    case 'last12m':
      return { from: addDays(addMonths(now, -12), 1), to: now };
  }
}

const isDay = (value: string) => DAY.test(value) && toDay(parseDay(value)) === value;

/** Why a custom range cannot be asked for (the server has the last word on the rest), or null. */
export function customRangeProblem({ from, to }: MetricsPeriod): string | null {
  if (!isDay(from) || !isDay(to)) return 'Enter both dates of the period.';
  if (from > to) return 'The period must start on or before the day it ends.';
  return null;
}
