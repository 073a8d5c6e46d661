/** Display helpers of the console. */

/** What a figure that is not known (yet) shows: an empty window, an LTV without churn. */
export const NONE = '—';

/** "11/24/26, 7:04 AM" (the viewer's locale and time zone): compact for table cells; "—" for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return NONE;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

/** "Nov 29, 2026" (the viewer's locale) from a UTC day "2026-11-29"; "—" for none. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return NONE;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** "$1,234.56" in the currency's own format; `signed` adds "+" (and "-") to a change that is not 0. */
export function formatAmount(cents: number, currency: string, { signed = false } = {}): string {
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: currency.toUpperCase(),
      signDisplay: signed ? 'exceptZero' : 'auto',
    }).format(cents / 100);
  } catch {
    const sign = signed && cents > 0 ? '+' : '';
    return `${sign}${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** A rate (0.125) as a percentage with one decimal ("12.5%"); "—" when it is not known. */
export function formatRate(rate: number | null | undefined, { signed = false } = {}): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return NONE;
  return new Intl.NumberFormat(undefined, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(rate);
}
