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
