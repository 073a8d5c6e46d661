/**
 * The `notifications` queue's jobs: the mails contact's mail worker sends (to a member, to the
 * founder) for auth, billing, contact and practice.
 */
import { z } from 'zod';
import { isoDate } from './common';
import { contactLevelSchema } from './contact';

export const coachingBookedSchema = z.object({
  bookingId: z.string().min(1),
  userId: z.string().min(1),
  memberEmail: z.email(),
  memberName: z.string().nullable(),
  amountCents: z.number().int().positive(),
  currency: z.string().length(3),
  paymentIntentId: z.string().min(1),
  eventId: z.string().min(1),
  occurredAt: isoDate,
  /**
   * A held slot booked with the payment (issue 48 §3): its time and the zones the mails state it
   * in (the member's, from the page; the founder's availability zone). Absent when the member paid
   * without picking (the mails then say the founder will e-mail to schedule) and on older jobs.
   */
  session: z
    .object({ start: isoDate, end: isoDate, memberTimeZone: z.string().min(1), founderTimeZone: z.string().min(1) })
    .optional(),
  /**
   * The member picked a time, but their hold had ended and the time was taken before the payment
   * arrived: paid, not scheduled ("Pick your time"); the member mail says so. Absent otherwise.
   */
  slotLost: z.object({ start: isoDate, memberTimeZone: z.string().min(1) }).optional(),
});

/**
 * A contact message to notify the founder of. `name` and `email` are where the answer goes: a
 * signed-in member's account's (at the time), a visitor's as typed. `level` and `emailVerified` say
 * who wrote (`emailVerified`: the account's address was proven; null for a visitor, whose address
 * nobody proved); `typedName`, `typedEmail`: what a member typed in the form when it was not the
 * account's (null otherwise). The four are absent on jobs queued before they existed.
 */
export const contactSubmittedSchema = z.object({
  submissionId: z.string().min(1),
  name: z.string().min(1),
  email: z.email(),
  message: z.string().min(1),
  createdAt: isoDate,
  level: contactLevelSchema.optional(),
  emailVerified: z.boolean().nullable().optional(),
  typedName: z.string().nullable().optional(),
  typedEmail: z.string().nullable().optional(),
});

/**
 * The founder replied to a contact message from the console (contact → its own mail worker → the
 * sender, from SUPPORT_EMAIL, threaded on the founder's notification). Ids only: the worker reads
 * the message and the reply, so a message erased meanwhile (its sender deleted their account)
 * mails nobody. Once per reply (`contact-reply-<replyId>`).
 */
export const contactReplyMailSchema = z.object({
  submissionId: z.string().min(1),
  replyId: z.string().min(1),
});

/** Mails to one member about their account (contact's mail worker sends them). */
const memberMailBase = {
  userId: z.string().min(1),
  email: z.email(),
  firstName: z.string().nullable(),
  eventId: z.string().min(1),
  occurredAt: isoDate,
};
export const welcomeMailSchema = z.object(memberMailBase);
export const passwordResetMailSchema = z.object({
  ...memberMailBase,
  /** `<SITE_ORIGIN>/reset-password?token=…`; the token is single-use and expires at `expiresAt`. */
  resetUrl: z.url(),
  expiresAt: isoDate,
});
export const passwordChangedMailSchema = z.object(memberMailBase);
/** A link that proves the member owns `email` (on sign-up and on "Resend"); single-use, expires at `expiresAt`. */
export const emailVerificationMailSchema = z.object({
  ...memberMailBase,
  /** `<SITE_ORIGIN>/verify-email?token=…`. */
  verifyUrl: z.url(),
  expiresAt: isoDate,
});
/**
 * Practice's daily reminder (opt-in, verified addresses only): what today's plan holds, a link to it,
 * and the one-click unsubscribe URL (RFC 8058: the mail carries List-Unsubscribe and
 * List-Unsubscribe-Post). One per member per day: `eventId` is `practice-reminder-<userId>-<date>`.
 */
export const practiceReminderMailSchema = z.object({
  ...memberMailBase,
  /** Today in the member's time zone (YYYY-MM-DD). */
  date: z.string(),
  items: z.array(z.object({ title: z.string(), minutes: z.number() })),
  minutesDone: z.number(),
  /** `<SITE_ORIGIN>/member/home#today`. */
  planUrl: z.url(),
  /**
   * `<SITE_ORIGIN>/reminders/unsubscribe?token=`: a GET is the page with a Stop button (a GET never
   * unsubscribes: mail scanners follow links); a POST there (the gateway passes it to practice's
   * one-click route, RFC 8058) turns the reminders off. Older events carry the API URL
   * `/api/practice/reminders/unsubscribe?token=`: the mail takes only its token.
   */
  unsubscribeUrl: z.url(),
});
export const accountDeletedMailSchema = z.object({
  ...memberMailBase,
  /** Whether the address was verified (the mail says which contact messages were deleted). */
  emailVerified: z.boolean().optional(),
});

/**
 * The founder scheduled (or moved) a paid coaching session in the console (billing → contact's
 * mail worker): one mail to the member per scheduling, with a calendar invitation. `sequence`
 * counts the booking's schedulings from 0 (the invitation's SEQUENCE; the job id and the mail's
 * dedupe key carry it, so a replay sends nothing and a new time sends a new mail).
 */
export const bookingScheduledMailSchema = z.object({
  bookingId: z.string().min(1),
  memberEmail: z.email(),
  memberName: z.string().nullable(),
  scheduledAt: isoDate,
  sequence: z.number().int().min(0),
  note: z.string().nullable(),
  eventId: z.string().min(1),
  occurredAt: isoDate,
});

/**
 * A renewal (or first) payment of the Premium subscription failed (billing → contact's mail
 * worker → the member): one mail per Stripe event (each retry is its own event, with a higher
 * `attemptCount`). The mail links to `<SITE_ORIGIN>/member/account` (where the member opens the
 * billing portal), never to a Stripe-hosted URL.
 */
export const paymentFailedMailSchema = z.object({
  userId: z.string().min(1),
  email: z.email(),
  memberName: z.string().nullable(),
  invoiceId: z.string().min(1),
  amountDueCents: z.number().int().min(0),
  currency: z.string().length(3),
  attemptCount: z.number().int().min(0),
  /** When Stripe tries the card again; null when it will not (no more retries). */
  nextAttemptAt: isoDate.nullable(),
  eventId: z.string().min(1),
  occurredAt: isoDate,
});

/**
 * A coaching payment was refunded in full (billing → contact: a mail to the member and one to
 * the founder, once per booking whichever refund event told billing).
 */
export const coachingRefundedMailSchema = z.object({
  bookingId: z.string().min(1),
  userId: z.string().min(1),
  memberEmail: z.email(),
  memberName: z.string().nullable(),
  amountRefundedCents: z.number().int().positive(),
  currency: z.string().length(3),
  paymentIntentId: z.string().min(1),
  eventId: z.string().min(1),
  occurredAt: isoDate,
});

/**
 * Premium ended with a full refund of a Premium payment (billing → contact): by the member's
 * 30-day guarantee (`source` "guarantee"), or a refund made elsewhere or a dispute lost. The member
 * is told the amount, the card and when it arrives (5–10 business days); the founder is told too.
 * Once per refunded invoice.
 */
export const premiumRefundedMailSchema = z.object({
  userId: z.string().min(1),
  memberEmail: z.email(),
  memberName: z.string().nullable(),
  invoiceId: z.string().min(1),
  amountRefundedCents: z.number().int().nonnegative(),
  currency: z.string().length(3),
  cardLast4: z.string().nullable(),
  source: z.enum(['guarantee', 'refund', 'dispute']),
  eventId: z.string().min(1),
  occurredAt: isoDate,
});

/**
 * A bank opened a dispute on a payment (billing → contact: an alert to the founder, once per
 * dispute). The member is found through the charge's PaymentIntent (a coaching booking) or its
 * customer (billing_customers); null fields when billing could not tell.
 */
export const paymentDisputeMailSchema = z.object({
  disputeId: z.string().min(1),
  chargeId: z.string().min(1),
  userId: z.string().nullable(),
  memberEmail: z.email().nullable(),
  memberName: z.string().nullable(),
  bookingId: z.string().nullable(),
  amountCents: z.number().int().min(0),
  currency: z.string().length(3),
  reason: z.string().nullable(),
  eventId: z.string().min(1),
  occurredAt: isoDate,
});

export type CoachingBooked = z.infer<typeof coachingBookedSchema>;
export type ContactSubmitted = z.infer<typeof contactSubmittedSchema>;
export type ContactReplyMail = z.infer<typeof contactReplyMailSchema>;
export type WelcomeMail = z.infer<typeof welcomeMailSchema>;
export type PasswordResetMail = z.infer<typeof passwordResetMailSchema>;
export type PracticeReminderMail = z.infer<typeof practiceReminderMailSchema>;
export type PasswordChangedMail = z.infer<typeof passwordChangedMailSchema>;
export type AccountDeletedMail = z.infer<typeof accountDeletedMailSchema>;
export type BookingScheduledMail = z.infer<typeof bookingScheduledMailSchema>;
export type PaymentFailedMail = z.infer<typeof paymentFailedMailSchema>;
export type CoachingRefundedMail = z.infer<typeof coachingRefundedMailSchema>;
export type PremiumRefundedMail = z.infer<typeof premiumRefundedMailSchema>;
export type PaymentDisputeMail = z.infer<typeof paymentDisputeMailSchema>;
export type EmailVerificationMail = z.infer<typeof emailVerificationMailSchema>;
