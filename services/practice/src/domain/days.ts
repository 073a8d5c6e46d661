/** Dates as a member lives them: YYYY-MM-DD in an IANA time zone. */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An IANA zone name the runtime knows ("Europe/Paris", "UTC"); offsets and abbreviations are not. */
export function isTimeZone(name: string): boolean {
  if (!/^(UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2}|Etc\/[A-Za-z0-9_+-]+)$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The date (YYYY-MM-DD) at `at` in `timeZone`. */
export function dayIn(timeZone: string, at: Date): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(at);
}

/** The time of day (HH:MM, 24 h) at `at` in `timeZone`. */
export function timeIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return parts;
}

/** `day` plus `n` days (calendar arithmetic on the date alone). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * A member's days (issue 43 §5): their time zone, and a change of it that waits for their next
 * day. Until `from`, every instant is still `dayBefore` (the day that had begun when the zone
 * changed); from then on, days are the zone's, never earlier than the day after `dayBefore`.
 * So a member's days only move forward: switching zones back and forth never makes a second day
 * out of one already begun, nor goes back to one already left.
 */
export interface MemberZone {
  timeZone: string;
  from?: Date | null;
  dayBefore?: string | null;
}

/** The member's day at `at`. */
export function dayAt(zone: MemberZone, at: Date): string {
  const day = dayIn(zone.timeZone, at);
  if (!zone.from || !zone.dayBefore) return day;
  if (at < zone.from) return zone.dayBefore;
  const next = addDays(zone.dayBefore, 1);
  return day > next ? day : next;
}

/** Every time zone's midnight falls on a quarter hour of UTC (offsets are whole quarter hours). */
const QUARTER_HOUR_MS = 15 * 60_000;

/** The first instant after `now` when the member's day is a later one (their next day begins). */
export function nextDayStart(zone: MemberZone, now: Date): Date {
  const today = dayAt(zone, now);
  // lo is still today; 52 h on is past any day's end (a day lasts 24 h, offsets differ by 26 h at most).
  let lo = Math.floor(now.getTime() / QUARTER_HOUR_MS);
  let hi = lo + 52 * 4;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dayAt(zone, new Date(mid * QUARTER_HOUR_MS)) > today) hi = mid;
    else lo = mid;
  }
  return new Date(hi * QUARTER_HOUR_MS);
}

/**
 * The member's zone once they choose `timeZone` at `now`: from their next day, never for the day
 * already begun. A member who has practised nothing yet has no day begun: the zone applies at once
 * (the app sets the browser's zone on first use).
 */
export function changeZone(current: MemberZone, timeZone: string, now: Date, practised: boolean): MemberZone {
  if (!practised) return { timeZone, from: null, dayBefore: null };
  return { timeZone, from: nextDayStart(current, now), dayBefore: dayAt(current, now) };
}

/** The earliest date anywhere on Earth at `at` (UTC-12): a day before it had not begun anywhere. */
export function earliestDayAt(at: Date): string {
  return dayIn('Etc/GMT+12', at);
}
