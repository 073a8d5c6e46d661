import { z } from 'zod';
import { isoDate } from './common';
import { accountDeletedSchema, memberProfileChangedSchema, passwordResetRequestSchema } from './account-events';
import { membershipDowngradedSchema, membershipUpgradedSchema } from './membership-events';
import { newsletterDeliverySchema, newsletterFanOutSchema, newsletterTestSchema } from './newsletter-events';
import {
  accountDeletedMailSchema,
  bookingScheduledMailSchema,
  coachingBookedSchema,
  coachingRefundedMailSchema,
  contactReplyMailSchema,
  contactSubmittedSchema,
  emailVerificationMailSchema,
  passwordChangedMailSchema,
  passwordResetMailSchema,
  paymentDisputeMailSchema,
  paymentFailedMailSchema,
  practiceReminderMailSchema,
  premiumRefundedMailSchema,
  welcomeMailSchema,
} from './notification-events';
import { renewalReminderMailSchema } from './renewal';
import { trialEndingMailSchema } from './trial';

export * from './account-events';
export * from './membership-events';
export * from './newsletter-events';
export * from './notification-events';

/**
 * The one place for queue names, job names and payload schemas (the schemas by area:
 * membership-events.ts, account-events.ts, notification-events.ts, newsletter-events.ts; all
 * exported from here). Producers and consumers both validate against these, so a change here is a
 * change of contract on both sides.
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
    'renewal-reminder-mail': renewalReminderMailSchema,
    'trial-ending-mail': trialEndingMailSchema,
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

/**
 * A BullMQ job id from the source of the event (e.g. "stripe", "evt_123"), so the same source
 * event never becomes two jobs. BullMQ ids may not contain ":" nor be digits only.
 */
export function jobIdFor(source: string, id: string): string {
  return `${source}-${id}`.replace(/[^A-Za-z0-9_.-]/g, '_');
}
