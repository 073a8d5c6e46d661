import { z } from 'zod';
import { isoDate } from './common';
import { contactLevelSchema } from './contact';

/**
 * The one place for queue names, job names and payload schemas. Producers and consumers both
 * validate against these, so a change here is a change of contract on both sides.
 */
export const QUEUES = {
  membershipEvents: 'membership-events',
  notifications: 'notifications',
  /** auth → courses: a member's account was deleted, or their name changed. */
  accountEventsCourses: 'account-events-courses',
  /** auth → billing: a member's account was deleted. */
  accountEventsBilling: 'account-events-billing',
  /** auth → contact: a member's account was deleted (their contact messages and mail records go). */
  accountEventsContact: 'account-events-contact',
  /** auth → practice: a member's account was deleted (their practice history goes). */
  accountEventsPractice: 'account-events-practice',
  /** practice → practice: the reminder sweep, one BullMQ job scheduler (every minute). */
  practiceReminders: 'practice-reminders',
  /**
   * practice → practice: the beats' effects written to the store, one BullMQ job scheduler
   * (every PRACTICE_FLUSH_EVERY_MS): beats are Redis only until then.
   */
  practiceBeats: 'practice-beats',
  /**
   * contact → contact: the sweep that queues again the contact mails not sent
   * (`requeue-unsent-contact`), one BullMQ job scheduler (every CONTACT_SWEEP_INTERVAL_MS).
   */
  contactMaintenance: 'contact-maintenance',
  /**
   * billing → billing: the reconciliation with Stripe (`reconcile-with-stripe`), one BullMQ job
   * scheduler (daily at BILLING_RECONCILE_AT, UTC).
   */
  billingMaintenance: 'billing-maintenance',
  /** auth → auth: a forgot-password request, answered by auth's own worker (see its schema). */
  passwordResetRequests: 'password-reset-requests',
  /**
   * contact → contact: a newsletter's sending. `newsletter-fan-out` pages through auth's
   * audience and records one delivery per recipient; `newsletter-test` mails it to the founder.
   */
  newsletterSends: 'newsletter-sends',
  /**
   * contact → contact: one newsletter mail per job (`newsletter-delivery`, job id from the
   * newsletter and the member), consumed at NEWSLETTER_RATE_PER_MINUTE at most.
   */
  newsletterDeliveries: 'newsletter-deliveries',
} as const;

/**
 * BullMQ hands a job to one consumer, so an event several services consume is published once per
 * consumer queue (same job id on each). Auth's account events go to these queues.
 */
export const ACCOUNT_EVENT_QUEUES = [
  QUEUES.accountEventsCourses,
  QUEUES.accountEventsBilling,
  QUEUES.accountEventsContact,
  QUEUES.accountEventsPractice,
] as const;

/**
 * Queues whose jobs carry a member's personal data (an address, a name). Once a job is handled,
 * its payload is replaced by `{redacted: true}` (the job itself stays, so its id still makes a
 * replay a no-op), so nothing a member asked us to erase outlives its handling in Redis. A job
 * that failed for good keeps its payload for the operator's retry, 7 days, then goes.
 */
export const PERSONAL_DATA_QUEUES: readonly QueueName[] = [
  QUEUES.notifications,
  QUEUES.passwordResetRequests,
  ...ACCOUNT_EVENT_QUEUES,
];

/**
 * Where a subscription stands in its life when billing observed a fact about it: the order of the
 * membership events of one subscription. `at` is Stripe's time of the fact (Unix seconds: an
 * event's `created`, the payment's `paid_at`, the cancellation's `canceled_at`), `rank` the
 * lifecycle stage of the status it reports (0 incomplete, 1 active/trialing, 2 past_due,
 * 3 unpaid/paused, 4 canceled/ended): Stripe's clock has one-second resolution, and two facts of
 * one second (created, then paid) are ordered as the subscription lived them. Greater `at`, then
 * greater `rank`, is newer; an equal stamp is the same fact again. Compare with
 * `membershipEventStamp`.
 */
export const membershipStampSchema = z.object({
  at: z.number().int().nonnegative(),
  rank: z.number().int().min(0).max(4),
});

export const membershipUpgradedSchema = z.object({
  userId: z.string().min(1),
  stripeCustomerId: z.string().min(1),
  stripeSubscriptionId: z.string().min(1),
  eventId: z.string().min(1),
  /** When it happened, for people and lag figures (Stripe's time; the rank's milliseconds are a legacy of ordering by it). */
  occurredAt: isoDate,
  /** The order (see membershipStampSchema); absent only in jobs queued before it existed. */
  stamp: membershipStampSchema.optional(),
});

export const membershipDowngradedSchema = z.object({
  userId: z.string().min(1),
  stripeSubscriptionId: z.string().min(1),
  eventId: z.string().min(1),
  occurredAt: isoDate,
  stamp: membershipStampSchema.optional(),
  reason: z.string().optional(),
});

export type MembershipStamp = z.infer<typeof membershipStampSchema>;

/**
 * Where a membership event stands in its subscription's order, as auth compares them (it stores it
 * with `applyIfNewer`): later is newer; an event never undoes a newer one of the same
 * subscription. The one definition of that order: the event's `stamp`, as a time (`at` seconds
 * plus `rank` milliseconds). A job queued before the stamp existed carried the same time in
 * `occurredAt`, which is read then.
 */
export function membershipEventStamp(
  event: Pick<MembershipUpgraded | MembershipDowngraded, 'occurredAt'> & { stamp?: MembershipStamp | undefined },
): Date {
  return event.stamp ? new Date(event.stamp.at * 1000 + event.stamp.rank) : new Date(event.occurredAt);
}

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

/** A member deleted their account: every service drops or anonymises what it holds of them. */
export const accountDeletedSchema = z.object({
  userId: z.string().min(1),
  eventId: z.string().min(1),
  occurredAt: isoDate,
  /**
   * The member's address, for data kept by address rather than by id (contact's messages sent
   * as a visitor, its sent-mail records). Optional: events queued before it existed lack it.
   */
  email: z.email().optional(),
  /** Whether the member proved they own `email`: only then are messages sent to it as a visitor theirs. */
  emailVerified: z.boolean().optional(),
});

/** A member's display name changed (courses keep the owner's name on each course). */
export const memberProfileChangedSchema = z.object({
  userId: z.string().min(1),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  eventId: z.string().min(1),
  occurredAt: isoDate,
});

/**
 * Someone asked for a password-reset link (POST /api/auth/password/forgot). The request path
 * queues this for every email alike, with or without an account, so its answer cannot tell them
 * apart; auth's worker looks the member up and, with an account, queues `password-reset-mail`.
 * `requestId` is this reset request's own random id (not the HTTP X-Request-Id, which a client
 * may choose): the job id, the mail's event id and the link's token all derive from it, so a
 * redelivered job makes the same link, never a second one.
 */
export const passwordResetRequestSchema = z.object({
  /** Trimmed and lower-cased, as the route validated it. */
  email: z.email().max(254),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  /** When the request arrived; the link expires PASSWORD_RESET_TTL_MINUTES after it. */
  requestedAt: isoDate,
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

/**
 * The newsletter's jobs carry ids only: the recipient's address is read from their delivery
 * record (contact's `newsletter_deliveries`), which a deleted member's event empties.
 */
export const newsletterFanOutSchema = z.object({ newsletterId: z.string().min(1) });
export const newsletterTestSchema = z.object({ newsletterId: z.string().min(1), requestedBy: z.string().min(1) });
export const newsletterDeliverySchema = z.object({ newsletterId: z.string().min(1), userId: z.string().min(1) });

/** Job name → payload schema, per queue. */
export const JOBS = {
  [QUEUES.membershipEvents]: {
    'membership-upgraded': membershipUpgradedSchema,
    'membership-downgraded': membershipDowngradedSchema,
  },
  [QUEUES.notifications]: {
    'coaching-booked': coachingBookedSchema,
    'contact-submitted': contactSubmittedSchema,
    'contact-reply-mail': contactReplyMailSchema,
    'welcome-mail': welcomeMailSchema,
    'password-reset-mail': passwordResetMailSchema,
    'password-changed-mail': passwordChangedMailSchema,
    'account-deleted-mail': accountDeletedMailSchema,
    'booking-scheduled-mail': bookingScheduledMailSchema,
    'payment-failed-mail': paymentFailedMailSchema,
    'coaching-refunded-mail': coachingRefundedMailSchema,
    'premium-refunded-mail': premiumRefundedMailSchema,
    'payment-dispute-mail': paymentDisputeMailSchema,
    'email-verification-mail': emailVerificationMailSchema,
    'practice-reminder-mail': practiceReminderMailSchema,
  },
  [QUEUES.accountEventsCourses]: {
    'account-deleted': accountDeletedSchema,
    'member-profile-changed': memberProfileChangedSchema,
  },
  [QUEUES.accountEventsBilling]: {
    'account-deleted': accountDeletedSchema,
  },
  [QUEUES.accountEventsContact]: {
    'account-deleted': accountDeletedSchema,
  },
  [QUEUES.accountEventsPractice]: {
    'account-deleted': accountDeletedSchema,
  },
  [QUEUES.practiceReminders]: {
    'reminder-sweep': z.object({}),
  },
  [QUEUES.practiceBeats]: {
    'beats-flush': z.object({}),
  },
  [QUEUES.contactMaintenance]: {
    'requeue-unsent-contact': z.object({}),
  },
  [QUEUES.billingMaintenance]: {
    'reconcile-with-stripe': z.object({}),
  },
  [QUEUES.passwordResetRequests]: {
    'password-reset-request': passwordResetRequestSchema,
  },
  [QUEUES.newsletterSends]: {
    'newsletter-fan-out': newsletterFanOutSchema,
    'newsletter-test': newsletterTestSchema,
  },
  [QUEUES.newsletterDeliveries]: {
    'newsletter-delivery': newsletterDeliverySchema,
  },
} as const;

/**
 * What the kit carries beside every job's payload, in the job's options under JOB_META_OPTION
 * (never in the payload: the payload is the event and stays as its schema says). Set by the
 * producer from the HTTP request the job was published in (services/shared QueueProducer), read
 * by the consumer's logger and metrics (createQueueWorker):
 * - requestId: the request's X-Request-Id (the gateway's id), so one id follows a webhook
 *   through billing, the queue and auth in the logs;
 * - receivedAt: when that request arrived (membership-event lag: webhook received → applied).
 * A job published outside a request (a scheduler, a command) has neither. A job published while
 * a job is consumed carries that job's meta on.
 */
export const JOB_META_OPTION = 'fm';
/** A request id the gateway and the services keep (gateway/nginx.conf.template has the same rule). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
export const jobMetaSchema = z.object({
  requestId: z.string().regex(REQUEST_ID_PATTERN).optional(),
  receivedAt: isoDate.optional(),
});
export type JobMeta = z.infer<typeof jobMetaSchema>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export type JobName<Q extends QueueName> = keyof (typeof JOBS)[Q] & string;
export type JobPayload<Q extends QueueName, N extends JobName<Q>> = z.infer<
  (typeof JOBS)[Q][N] extends z.ZodType ? (typeof JOBS)[Q][N] : never
>;

export type MembershipUpgraded = z.infer<typeof membershipUpgradedSchema>;
export type MembershipDowngraded = z.infer<typeof membershipDowngradedSchema>;
export type CoachingBooked = z.infer<typeof coachingBookedSchema>;
export type ContactSubmitted = z.infer<typeof contactSubmittedSchema>;
export type ContactReplyMail = z.infer<typeof contactReplyMailSchema>;
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;
export type MemberProfileChanged = z.infer<typeof memberProfileChangedSchema>;
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
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
export type NewsletterFanOut = z.infer<typeof newsletterFanOutSchema>;
export type NewsletterDelivery = z.infer<typeof newsletterDeliverySchema>;

/**
 * A BullMQ job id from the source of the event (e.g. "stripe", "evt_123"), so the same source
 * event never becomes two jobs. BullMQ ids may not contain ":" nor be digits only.
 */
export function jobIdFor(source: string, id: string): string {
  return `${source}-${id}`.replace(/[^A-Za-z0-9_.-]/g, '_');
}
