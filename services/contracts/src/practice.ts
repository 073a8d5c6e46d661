import { z } from 'zod';
import { isoDate } from './common';

/**
 * The practice service (:4006, /api/practice/…): listening heartbeats, progress and resume,
 * Today's 10, the streak and the reminder settings. docs/API.md ("practice").
 */

/** What a practised item is in content's catalogue: a lesson, a lecture or a member section item. */
export const PRACTICE_ITEM_KINDS = ['lesson', 'lecture', 'content'] as const;
export const practiceItemKindSchema = z.enum(PRACTICE_ITEM_KINDS);
export type PracticeItemKind = z.infer<typeof practiceItemKindSchema>;

/** The daily goal in minutes: a day counts at this many minutes in the member's time zone. */
export const PRACTICE_GOAL_MINUTES = 10;
/** Streak freezes per calendar month (member's time zone), used automatically on a missed day. */
export const PRACTICE_FREEZES_PER_MONTH = 2;

/** POST /api/practice/heartbeats: what the player reports every 15 s while it plays. */
export const heartbeatRequestSchema = z.strictObject({
  itemId: z.string().min(1).max(64),
  itemKind: practiceItemKindSchema,
  /** One per player on one page load (a tab); 8-64 of A-Z a-z 0-9 _ -. */
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'sessionId must be 8-64 letters, digits, _ or -'),
  /** The beat's number within the session (0, 1, 2 …); a beat sent again keeps its number. */
  seq: z.number().int().min(0).max(1_000_000).optional(),
  /** Where the player is in the item. */
  positionSec: z.number().min(0).max(86_400),
  /** Seconds actually played (not paused, not muted at zero) in this session so far: it only grows. */
  playedSec: z.number().min(0).max(86_400),
  /**
   * The media's own length as the player reads it (the audio file, the video), when known. An
   * item is complete at 90 % of the shorter of this and the catalogue's duration, so a recording
   * shorter than the catalogue says can still be finished.
   */
  durationSec: z.number().positive().max(86_400).optional(),
});
export type HeartbeatRequest = z.infer<typeof heartbeatRequestSchema>;

/** POST /api/practice/reads: a text item marked read. */
export const readRequestSchema = z.strictObject({
  itemId: z.string().min(1).max(64),
  itemKind: practiceItemKindSchema,
});
export type ReadRequest = z.infer<typeof readRequestSchema>;

/** One item's progress for the member (GET /api/practice/progress, the heartbeat's answer). */
export const itemProgressSchema = z.strictObject({
  itemId: z.string().min(1),
  itemKind: practiceItemKindSchema,
  sectionId: z.string(),
  positionSec: z.number(),
  /** Credited seconds played, all sessions together. */
  playedSec: z.number(),
  /** Set once ≥ 90 % of the item's duration was played, or a text item was marked read. */
  completedAt: isoDate.nullable(),
  updatedAt: isoDate,
});
export type ItemProgress = z.infer<typeof itemProgressSchema>;

/** POST /api/practice/heartbeats answer: the item's progress and what this beat added. */
export const heartbeatAnswerSchema = z.strictObject({
  progress: itemProgressSchema,
  /** Seconds this beat added to the member's minutes (0 for a replay, a pause, an overlap). */
  creditedSec: z.number(),
});
export type HeartbeatAnswer = z.infer<typeof heartbeatAnswerSchema>;

/** GET /api/practice/resume: the last unfinished item, at its position. */
export const resumeItemSchema = z.strictObject({
  itemId: z.string().min(1),
  itemKind: practiceItemKindSchema,
  sectionId: z.string(),
  title: z.string(),
  positionSec: z.number(),
  playedSec: z.number(),
  durationSec: z.number().nullable(),
  updatedAt: isoDate,
});
export type ResumeItem = z.infer<typeof resumeItemSchema>;

/** One part of Today's 10. */
export const todayItemSchema = z.strictObject({
  itemId: z.string().min(1),
  itemKind: practiceItemKindSchema,
  sectionId: z.string(),
  title: z.string(),
  contentType: z.enum(['video', 'audio', 'text']),
  minutes: z.number(),
  /** Completed (ticked). */
  done: z.boolean(),
});
export type TodayItem = z.infer<typeof todayItemSchema>;

/** GET /api/practice/today. `date` is YYYY-MM-DD in the member's time zone. */
export const todayPlanSchema = z.strictObject({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  items: z.array(todayItemSchema),
  minutesDone: z.number(),
  goalMinutes: z.literal(PRACTICE_GOAL_MINUTES),
});
export type TodayPlan = z.infer<typeof todayPlanSchema>;

/** GET /api/practice/stats: the streak, the freezes left this month, total and per-day minutes (12 weeks). */
export const practiceStatsSchema = z.strictObject({
  streak: z.number().int(),
  freezesLeft: z.number().int(),
  totalMinutes: z.number(),
  /** The last 84 days, oldest first, each day in the member's time zone; `frozen` a freeze saved it. */
  days: z.array(z.strictObject({ date: z.string(), minutes: z.number(), counted: z.boolean(), frozen: z.boolean() })),
});
export type PracticeStats = z.infer<typeof practiceStatsSchema>;

/** GET/PATCH /api/practice/settings. */
export const practiceSettingsSchema = z.strictObject({
  timeZone: z.string(),
  reminder: z.strictObject({ enabled: z.boolean(), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/) }),
});
export type PracticeSettings = z.infer<typeof practiceSettingsSchema>;

/** GET /api/admin/practice/summary: the console front page's practice figures. */
export const practiceAdminSummarySchema = z.strictObject({
  /** Members who practised on at least 3 of the last 7 days. */
  activeMembers: z.number().int(),
  /** Minutes practised by everyone since Monday 00:00 UTC. */
  minutesThisWeek: z.number().int(),
  /** Of those, credited by text items marked read (the rest: listened to or watched, issue 43 §5). */
  readMinutesThisWeek: z.number().int(),
  weekStart: z.string(),
});
export type PracticeAdminSummary = z.infer<typeof practiceAdminSummarySchema>;

/** GET /api/admin/practice/members/:memberId: one member's practice totals. */
export const practiceAdminMemberSchema = z.strictObject({
  memberId: z.string(),
  totalMinutes: z.number().int(),
  /** Of the total, credited by text items marked read (the rest: listened to or watched). */
  readMinutes: z.number().int(),
  minutesLast7Days: z.number().int(),
  daysPractisedLast7: z.number().int(),
  streak: z.number().int(),
  completedItems: z.number().int(),
  lastPractisedAt: isoDate.nullable(),
});
export type PracticeAdminMember = z.infer<typeof practiceAdminMemberSchema>;
