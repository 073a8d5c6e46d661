/**
 * The founder's cohorts and churn risk (issue 46, docs/METRICS.md "Engagement"): the internal
 * calls billing makes to practice and auth (service token, never routed by the gateway), and the
 * console's views `GET /api/admin/metrics/cohorts` and `GET /api/admin/metrics/churn-risk`.
 */
import { z } from 'zod';
import { isoDate } from './common';

/** A week of practice counts when the member practised at least this many minutes in it. */
export const ENGAGED_WEEK_MINUTES = 10;
/** Weeks k = 0 (the sign-up week) … ENGAGEMENT_WEEKS − 1 of each cohort. */
export const ENGAGEMENT_WEEKS = 12;
/** A member with no practice in this many days (today included) is at risk. */
export const CHURN_RISK_DAYS = 14;
/**
 * The most members one internal request may name: 2,000 ids fit the services' 100 kB body limit;
 * billing splits a longer list (10,000 members: 5 requests, one aggregation each).
 */
export const MAX_INTERNAL_MEMBERS = 2_000;

/** A calendar day, YYYY-MM-DD. */
export const calendarDay = z.iso.date();
const memberId = z.string().min(1).max(64);
const memberIds = z
  .array(memberId)
  .min(1)
  .max(MAX_INTERNAL_MEMBERS, `at most ${MAX_INTERNAL_MEMBERS} members in one request`);
const count = z.number().int().min(0);
/** A Monday (the start of an ISO week, UTC). */
const monday = calendarDay.refine((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1, 'must be a Monday');

// --- practice: POST /internal/engagement/last-practice -------------------------------------------

export const lastPracticeRequestSchema = z.strictObject({ memberIds });
/** Each member asked about, in the order asked: their last practice day, or null (never practised). */
export const lastPracticeAnswerSchema = z.strictObject({
  members: z.array(z.strictObject({ memberId, lastPracticeDay: calendarDay.nullable() })),
});

// --- practice: POST /internal/engagement/cohorts -------------------------------------------------

export const cohortPracticeRequestSchema = z
  .strictObject({
    cohorts: z
      .array(z.strictObject({ weekStart: monday, memberIds: z.array(memberId) }))
      .min(1)
      .max(52, 'at most 52 cohorts in one request'),
  })
  .refine((request) => request.cohorts.reduce((sum, c) => sum + c.memberIds.length, 0) <= MAX_INTERNAL_MEMBERS, {
    message: `at most ${MAX_INTERNAL_MEMBERS} members in one request`,
    path: ['cohorts'],
  });
/**
 * Per cohort, in the order asked: how many of its members practised ≥ ENGAGED_WEEK_MINUTES in
 * each week k (days weekStart + 7k … weekStart + 7k + 6), k = 0 … ENGAGEMENT_WEEKS − 1.
 */
export const cohortPracticeAnswerSchema = z.strictObject({
  cohorts: z.array(
    z.strictObject({ weekStart: calendarDay, members: count, practised: z.array(count).length(ENGAGEMENT_WEEKS) }),
  ),
});

// --- auth: GET /internal/members/sign-ups, POST /internal/members/profiles -----------------------

/** Members who signed up at or after `since`, one page in id order; `next` is the `after` of the next page. */
export const signUpsPageSchema = z.strictObject({
  members: z.array(z.strictObject({ memberId, signedUpAt: isoDate })),
  next: z.string().nullable(),
});
export const memberProfilesRequestSchema = z.strictObject({ memberIds });
/** The members asked about who still have an account (a deleted one is left out). */
export const memberProfilesAnswerSchema = z.strictObject({
  members: z.array(
    z.strictObject({ memberId, email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }),
  ),
});

// --- the console's views --------------------------------------------------------------------------

const share = z.number().min(0).max(1);
/** billing's `conversion.ts` WindowShare: null while the window has not elapsed for the whole week. */
const windowShare = z.strictObject({ paid: count, share }).nullable();

export const adminMetricsCohortsSchema = z.strictObject({
  asOf: calendarDay,
  freeToPremium: z.array(
    z.strictObject({
      week: z.string().regex(/^\d{4}-W\d{2}$/),
      weekStart: calendarDay,
      signUps: count,
      within7: windowShare,
      within30: windowShare,
      within90: windowShare,
    }),
  ),
  /** Trials that ended in the weeks shown; null while no trial exists. */
  trialConversion: z.strictObject({ ended: count, converted: count, rate: share.nullable() }).nullable(),
  engagement: z.array(
    z.strictObject({
      week: z.string().regex(/^\d{4}-W\d{2}$/),
      weekStart: calendarDay,
      premiumMembers: count,
      /** k = 0 … ENGAGEMENT_WEEKS − 1; share null until week k has ended (or with no Premium member). */
      practised: z.array(z.strictObject({ k: count, share: share.nullable() })),
    }),
  ),
});

export const adminChurnRiskSchema = z.strictObject({
  asOf: calendarDay,
  members: z.array(
    z.strictObject({
      memberId,
      /** Empty when auth no longer knows the member. */
      email: z.string(),
      /** First and last name as the member gave them; empty when they gave none. */
      name: z.string(),
      lastPracticeDay: calendarDay.nullable(),
      renewalDate: calendarDay.nullable(),
      mrrCents: count,
      currency: z.string(),
    }),
  ),
});

export type LastPracticeRequest = z.infer<typeof lastPracticeRequestSchema>;
export type LastPracticeAnswer = z.infer<typeof lastPracticeAnswerSchema>;
export type CohortPracticeRequest = z.infer<typeof cohortPracticeRequestSchema>;
export type CohortPracticeAnswer = z.infer<typeof cohortPracticeAnswerSchema>;
export type SignUpsPage = z.infer<typeof signUpsPageSchema>;
export type MemberProfilesAnswer = z.infer<typeof memberProfilesAnswerSchema>;
export type AdminMetricsCohorts = z.infer<typeof adminMetricsCohortsSchema>;
export type AdminChurnRisk = z.infer<typeof adminChurnRiskSchema>;
