import { type CoachingAvailabilityInput, minutesOfDay } from '@fm/contracts';
import { DateTime } from 'luxon';

/**
 * The coaching calendar's arithmetic, pure (issue 48 §1, §2): the founder's hours of a date in
 * their zone, the free slots of a range, and the confirmed sessions an availability leaves
 * outside its hours. Wall-clock times are resolved in the founder's IANA zone by luxon (DST:
 * a wall time the clocks skip is no slot; one they repeat is luxon's choice, its later occurrence).
 */

export interface Availability extends CoachingAvailabilityInput {
  /** The session's length (COACHING_SESSION_MINUTES). */
  sessionMinutes: number;
}

/** A session or hold: [start, end). */
export interface Interval {
  start: Date;
  end: Date;
}

/** A date's hours as minutes of the day, [start, end). */
interface DayRange {
  start: number;
  end: number;
}

/**
 * The founder's hours on a local date (YYYY-MM-DD): the date's overrides if it has any (a
 * `closed` one makes it a day off; otherwise their ranges replace the weekly ones), else the
 * weekly ranges of its weekday. Sorted by start.
 */
export function hoursOn(availability: CoachingAvailabilityInput, date: string): DayRange[] {
  const overrides = availability.overrides.filter((o) => o.date === date);
  let ranges: DayRange[];
  if (overrides.length > 0) {
    if (overrides.some((o) => o.closed)) return [];
    ranges = overrides.map((o) => ({ start: minutesOfDay(o.start!), end: minutesOfDay(o.end!) }));
  } else {
    const weekday = DateTime.fromISO(date, { zone: 'UTC' }).weekday % 7; // luxon: 1 Mon … 7 Sun
    ranges = availability.weekly
      .filter((w) => w.day === weekday)
      .map((w) => ({ start: minutesOfDay(w.start), end: minutesOfDay(w.end) }));
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/**
 * The instant of a wall-clock minute (0-1440) of a local date in `zone`, and whether the clocks
 * show it that day (a minute skipped by DST resolves to the first minute after the jump).
 */
function wallTime(date: string, minute: number, zone: string): { at: DateTime; exists: boolean } {
  const [year, month, day] = date.split('-').map(Number);
  if (minute >= 1440) {
    return { at: DateTime.fromObject({ year, month, day }, { zone }).plus({ days: 1 }), exists: true };
  }
  const at = DateTime.fromObject({ year, month, day, hour: Math.floor(minute / 60), minute: minute % 60 }, { zone });
  return { at, exists: at.hour * 60 + at.minute === minute };
}

/** The local date (YYYY-MM-DD) of an instant in `zone`. */
export function localDate(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate()!;
}

/** The local dates in `zone` an instant range touches, one day either side for safety. */
function datesAround(from: Date, to: Date, zone: string): string[] {
  const dates: string[] = [];
  let day = DateTime.fromJSDate(from, { zone }).startOf('day').minus({ days: 1 });
  const last = DateTime.fromJSDate(to, { zone }).startOf('day').plus({ days: 1 });
  while (day <= last) {
    dates.push(day.toISODate()!);
    day = day.plus({ days: 1 });
  }
  return dates;
}

/** Whether two intervals overlap (touching ends do not). */
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;
const padded = (x: Interval, before: number, after: number): Interval => ({
  start: new Date(x.start.getTime() - before * 60_000),
  end: new Date(x.end.getTime() + after * 60_000),
});

/**
 * Whether a candidate session clashes with a taken one (a confirmed booking or a live hold):
 * each keeps its buffers free of the other (the buffers may overlap each other: the gap between
 * two sessions is at least the larger buffer).
 */
export function clashes(
  candidate: Interval,
  taken: Interval,
  a: Pick<Availability, 'bufferBeforeMinutes' | 'bufferAfterMinutes'>,
): boolean {
  const { bufferBeforeMinutes: before, bufferAfterMinutes: after } = a;
  return overlaps(padded(candidate, before, after), taken) || overlaps(padded(taken, before, after), candidate);
}

/** Slots start every session length plus the larger buffer from the start of each range of hours. */
export function slotStep(a: Availability): number {
  return a.sessionMinutes + Math.max(a.bufferBeforeMinutes, a.bufferAfterMinutes);
}

/**
 * The free slots that start in [from, to): the founder's hours cut into sessions, minus those
 * clashing with a taken interval, on days below the daily cap (every taken interval of the
 * founder's local day counts), no sooner than `minNoticeHours` after `now` and no later than
 * `windowDays` after it. Ascending.
 */
export function freeSlots(input: {
  availability: Availability;
  taken: Interval[];
  now: Date;
  from: Date;
  to: Date;
}): Interval[] {
  const { availability: a, taken, now, from, to } = input;
  const zone = a.timeZone;
  const earliest = now.getTime() + a.minNoticeHours * 3_600_000;
  const latest = now.getTime() + a.windowDays * 86_400_000;
  const perDay = new Map<string, number>();
  for (const t of taken) perDay.set(localDate(t.start, zone), (perDay.get(localDate(t.start, zone)) ?? 0) + 1);
  const step = slotStep(a);
  const slots: Interval[] = [];
  for (const date of datesAround(from, to, zone)) {
    if ((perDay.get(date) ?? 0) >= a.dailyCap) continue;
    for (const range of hoursOn(a, date)) {
      const rangeEnd = wallTime(date, range.end, zone).at;
      for (let minute = range.start; minute + a.sessionMinutes <= range.end; minute += step) {
        const { at: start, exists } = wallTime(date, minute, zone);
        if (!exists) continue;
        const end = start.plus({ minutes: a.sessionMinutes });
        if (end > rangeEnd) continue;
        const slot = { start: start.toJSDate(), end: end.toJSDate() };
        const at = slot.start.getTime();
        if (at < from.getTime() || at >= to.getTime() || at < earliest || at > latest) continue;
        if (taken.some((t) => clashes(slot, t, a))) continue;
        slots.push(slot);
      }
    }
  }
  return slots.sort((x, y) => x.start.getTime() - y.start.getTime());
}

/** Whether a session lies inside the founder's hours of its local date (start's date). */
export function withinHours(a: Availability, session: Interval): boolean {
  const zone = a.timeZone;
  const date = localDate(session.start, zone);
  return hoursOn(a, date).some((range) => {
    const start = wallTime(date, range.start, zone).at.toJSDate();
    const end = wallTime(date, range.end, zone).at.toJSDate();
    return start <= session.start && session.end <= end;
  });
}

/** The instants of the local dates [from, to] (YYYY-MM-DD, both included) in `zone`: [from 00:00, the day after `to` 00:00). */
export function dayRange(from: string, to: string, zone: string): { from: Date; to: Date } {
  return {
    from: DateTime.fromISO(from, { zone }).startOf('day').toJSDate(),
    to: DateTime.fromISO(to, { zone }).startOf('day').plus({ days: 1 }).toJSDate(),
  };
}
