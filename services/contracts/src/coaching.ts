import { z } from 'zod';

/**
 * Coaching self-booking (issue 48): the founder's availability (console) and the free slots a
 * member picks from. Times of day are the founder's wall-clock "HH:MM" in `timeZone` (IANA);
 * slots and bookings are ISO 8601 instants in UTC.
 */

/** Whether the platform knows an IANA zone name (e.g. "Europe/Paris"). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value) && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeZoneField = (field: string) =>
  z
    .string({ error: `${field} must be an IANA time zone, e.g. Europe/Paris` })
    .refine(isTimeZone, `${field} must be an IANA time zone, e.g. Europe/Paris`);

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const timeOfDay = (field: string) =>
  z.string({ error: `${field} must be a time "HH:MM"` }).regex(HHMM, `${field} must be a time "HH:MM" (00:00-24:00)`);
const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date YYYY-MM-DD`)
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      {
        message: `${field} must be a real date YYYY-MM-DD`,
      },
    );
const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int(`${field} must be a whole number from ${min} to ${max}`)
    .min(min, `${field} must be a whole number from ${min} to ${max}`)
    .max(max, `${field} must be a whole number from ${min} to ${max}`);

/** Minutes since midnight of an "HH:MM" (24:00 is 1440). */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/** Checked only once both are well-formed times (a bad one is reported for itself). */
const startBeforeEnd = (range: { start?: unknown; end?: unknown }) =>
  typeof range.start !== 'string' ||
  typeof range.end !== 'string' ||
  !HHMM.test(range.start) ||
  !HHMM.test(range.end) ||
  minutesOfDay(range.start) < minutesOfDay(range.end);

/** One range of weekly hours: `day` 0 = Sunday … 6 = Saturday. */
export const weeklyHoursSchema = z
  .strictObject({
    day: whole('day', 0, 6),
    start: timeOfDay('start'),
    end: timeOfDay('end'),
  })
  .refine(startBeforeEnd, { message: 'end must be after start', path: ['end'] });

/**
 * A date's own hours: `closed: true` is a day off; otherwise start/end are that date's hours,
 * which replace the weekly hours of that date (several ranges for one date add up).
 */
export const dateOverrideSchema = z
  .strictObject({
    date: isoDate('date'),
    closed: z.boolean({ error: 'closed must be true or false' }).optional(),
    start: timeOfDay('start').optional(),
    end: timeOfDay('end').optional(),
  })
  .refine((o) => o.closed === true || (o.start !== undefined && o.end !== undefined), {
    message: 'An override needs closed: true, or start and end',
    path: ['start'],
  })
  .refine(startBeforeEnd, { message: 'end must be after start', path: ['end'] });

/** PUT /api/admin/coaching/availability (what the founder sets). */
export const coachingAvailabilityInputSchema = z.strictObject(
  {
    timeZone: timeZoneField('timeZone'),
    weekly: z.array(weeklyHoursSchema, { error: 'weekly must be a list of {day, start, end}' }).max(50),
    overrides: z
      .array(dateOverrideSchema, { error: 'overrides must be a list of {date, closed?, start?, end?}' })
      .max(400),
    bufferBeforeMinutes: whole('bufferBeforeMinutes', 0, 240),
    bufferAfterMinutes: whole('bufferAfterMinutes', 0, 240),
    minNoticeHours: whole('minNoticeHours', 0, 720),
    windowDays: whole('windowDays', 1, 365),
    dailyCap: whole('dailyCap', 1, 24),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field: ${(issue as { keys?: string[] }).keys?.join(', ')}`
        : 'Send the availability as a JSON object',
  },
);
export type CoachingAvailabilityInput = z.infer<typeof coachingAvailabilityInputSchema>;
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;
export type DateOverride = z.infer<typeof dateOverrideSchema>;

/** GET /api/admin/coaching/availability: what is set, and the session length (COACHING_SESSION_MINUTES). */
export const coachingAvailabilitySchema = coachingAvailabilityInputSchema.extend({
  sessionMinutes: z.number().int().positive(),
  /** When the founder last saved it; null while the defaults stand. */
  updatedAt: z.string().nullable(),
});
export type CoachingAvailability = z.infer<typeof coachingAvailabilitySchema>;

/** A confirmed booking the availability leaves outside its hours (it is not moved). */
export const availabilityConflictSchema = z.strictObject({
  bookingId: z.string(),
  memberName: z.string().nullable(),
  start: z.string(),
  end: z.string(),
});
export type AvailabilityConflict = z.infer<typeof availabilityConflictSchema>;

/** PUT's answer (and GET's): the availability and the confirmed bookings outside it. */
export const coachingAvailabilityViewSchema = z.strictObject({
  availability: coachingAvailabilitySchema,
  conflicts: z.array(availabilityConflictSchema),
});
export type CoachingAvailabilityView = z.infer<typeof coachingAvailabilityViewSchema>;

/** The longest range GET /api/coaching/slots answers, in days. */
export const SLOT_RANGE_MAX_DAYS = 31;

const bothDates = (q: { from?: unknown; to?: unknown }) =>
  typeof q.from === 'string' &&
  typeof q.to === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(q.from) &&
  /^\d{4}-\d{2}-\d{2}$/.test(q.to);

/** GET /api/coaching/slots?from=YYYY-MM-DD&to=YYYY-MM-DD&timeZone= (the days are the member's, in timeZone; default UTC). */
export const coachingSlotsQuerySchema = z
  .object({
    from: isoDate('from'),
    to: isoDate('to'),
    timeZone: timeZoneField('timeZone').default('UTC'),
  })
  .refine((q) => !bothDates(q) || q.from <= q.to, { message: 'to must not be before from', path: ['to'] })
  .refine((q) => !bothDates(q) || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < SLOT_RANGE_MAX_DAYS, {
    message: `The range from..to is at most ${SLOT_RANGE_MAX_DAYS} days`,
    path: ['to'],
  });
export type CoachingSlotsQuery = z.infer<typeof coachingSlotsQuerySchema>;

export const coachingSlotSchema = z.strictObject({ start: z.string(), end: z.string() });
export type CoachingSlot = z.infer<typeof coachingSlotSchema>;

/** GET /api/coaching/slots: the founder's zone, the session length and the free slots (UTC). */
export const coachingSlotsSchema = z.strictObject({
  timeZone: z.string(),
  slotMinutes: z.number().int().positive(),
  slots: z.array(coachingSlotSchema),
});
export type CoachingSlots = z.infer<typeof coachingSlotsSchema>;

/**
 * POST /api/coaching/holds {start, timeZone?}: hold a slot (ISO 8601 instant) while paying.
 * `timeZone` is the member's zone on the page (IANA): the confirmation mail states the time in it.
 */
export const coachingHoldRequestSchema = z.strictObject(
  {
    start: z
      .string({ error: 'start must be a date and time, e.g. 2026-07-07T17:00:00Z' })
      .pipe(z.iso.datetime({ offset: true, error: 'start must be a date and time, e.g. 2026-07-07T17:00:00Z' })),
    timeZone: timeZoneField('timeZone').optional(),
  },
  { error: 'Send {start} as a JSON object' },
);
export type CoachingHoldRequest = z.infer<typeof coachingHoldRequestSchema>;

/** 409 SLOT_TAKEN of POST /api/coaching/holds: the slot is held or booked; `next` are the next free slots. */
export const coachingSlotTakenSchema = z.strictObject({
  message: z.string(),
  code: z.literal('SLOT_TAKEN'),
  next: z.array(coachingSlotSchema),
});
export type CoachingSlotTaken = z.infer<typeof coachingSlotTakenSchema>;

/** 201 of POST /api/coaching/holds: the hold and its payment's card form (client secret). */
export const coachingHoldSchema = z.strictObject({
  holdId: z.string(),
  start: z.string(),
  end: z.string(),
  expiresAt: z.string(),
  clientSecret: z.string().min(1),
});
export type CoachingHold = z.infer<typeof coachingHoldSchema>;
