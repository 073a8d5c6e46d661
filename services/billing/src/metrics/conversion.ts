/**
 * Conversion (issue 46, docs/METRICS.md). Pure; days and weeks are UTC.
 *
 * Free → Premium, per sign-up week (ISO week, Monday 00:00Z): of the members who signed up that
 * week, the share whose first paid invoice came within 7, 30 and 90 days of their sign-up
 * (paidAt − signedUpAt ≤ N × 24 h). A window is complete once its last sign-up has had its N
 * days: week start + 7 days + N days ≤ `asOf`; until then that window's count and share are null
 * (a share that could still grow is not reported).
 *
 * Trial conversion: of the trials whose end fell in the period, the share whose first invoice
 * after the end was paid (by now). Null when no trial ended in it.
 */
import { DAY_MS, dayStart, isoDay, type Period } from './period-figures';

export type SignUp = { memberId: string; signedUpAt: string; firstPaidInvoiceAt: string | null };

export const WINDOWS = [7, 30, 90] as const;

export type WindowShare = { paid: number; share: number } | null;

export type SignUpWeek = {
  /** ISO week, e.g. 2025-W02. */
  week: string;
  /** Its Monday, YYYY-MM-DD. */
  weekStart: string;
  signUps: number;
  within7: WindowShare;
  within30: WindowShare;
  within90: WindowShare;
};

function parse(at: string): number {
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) throw new RangeError(`Not a time: "${at}"`);
  return ms;
}

/** The Monday 00:00Z of the ISO week holding `ms`. */
export function isoWeekStart(ms: number): number {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return day - weekday * DAY_MS;
}

/** The ISO week label (YYYY-Www) of the week starting on Monday `monday`: its Thursday's year. */
export function isoWeekLabel(monday: number): string {
  const thursday = new Date(monday + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Free → Premium per sign-up week, oldest first, for every week with a sign-up before `asOf`. */
export function freeToPremium(signUps: readonly SignUp[], asOf: string): SignUpWeek[] {
  const now = parse(asOf);
  const weeks = new Map<number, Array<number | null>>();
  for (const member of signUps) {
    const signedUp = parse(member.signedUpAt);
    if (signedUp >= now) continue;
    const paid = member.firstPaidInvoiceAt === null ? null : parse(member.firstPaidInvoiceAt);
    const lag = paid === null || paid > now ? null : Math.max(paid - signedUp, 0);
    const week = isoWeekStart(signedUp);
    const lags = weeks.get(week);
    if (lags) lags.push(lag);
    else weeks.set(week, [lag]);
  }
  return [...weeks]
    .sort(([a], [b]) => a - b)
    .map(([monday, lags]) => {
      const share = (days: number): WindowShare => {
        if (monday + (7 + days) * DAY_MS > now) return null;
        const paid = lags.filter((lag) => lag !== null && lag <= days * DAY_MS).length;
        return { paid, share: paid / lags.length };
      };
      return {
        week: isoWeekLabel(monday),
        weekStart: isoDay(monday),
        signUps: lags.length,
        within7: share(7),
        within30: share(30),
        within90: share(90),
      };
    });
}

export type Trial = { memberId: string; trialEndAt: string; firstInvoiceAfterEndPaid: boolean };

export type TrialConversion = { ended: number; converted: number; rate: number | null };

/** Trials that ended in the period (UTC days, both included) and how many of them converted. */
export function trialConversion(trials: readonly Trial[], period: Period): TrialConversion {
  const from = dayStart(period.from);
  const end = dayStart(period.to) + DAY_MS;
  const ended = trials.filter((trial) => {
    const at = parse(trial.trialEndAt);
    return at >= from && at < end;
  });
  const converted = ended.filter((trial) => trial.firstInvoiceAfterEndPaid).length;
  return { ended: ended.length, converted, rate: ended.length === 0 ? null : converted / ended.length };
}
