import { z } from 'zod';
import { isoDate } from './common';

/**
 * The one place for queue names, job names and payload schemas. Producers and consumers both
 * validate against these, so a change here is a change of contract on both sides.
 */
export const QUEUES = {
  membershipEvents: 'membership-events',
  notifications: 'notifications',
} as const;

export const membershipUpgradedSchema = z.object({
  userId: z.string().min(1),
  stripeCustomerId: z.string().min(1),
  stripeSubscriptionId: z.string().min(1),
  eventId: z.string().min(1),
  occurredAt: isoDate,
});

export const membershipDowngradedSchema = z.object({
  userId: z.string().min(1),
  stripeSubscriptionId: z.string().min(1),
  eventId: z.string().min(1),
  occurredAt: isoDate,
  reason: z.string().optional(),
});

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

export const contactSubmittedSchema = z.object({
  submissionId: z.string().min(1),
  name: z.string().min(1),
  email: z.email(),
  message: z.string().min(1),
  createdAt: isoDate,
});

/** Job name → payload schema, per queue. */
export const JOBS = {
  [QUEUES.membershipEvents]: {
    'membership-upgraded': membershipUpgradedSchema,
    'membership-downgraded': membershipDowngradedSchema,
  },
  [QUEUES.notifications]: {
    'coaching-booked': coachingBookedSchema,
    'contact-submitted': contactSubmittedSchema,
  },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export type JobName<Q extends QueueName> = keyof (typeof JOBS)[Q] & string;
export type JobPayload<Q extends QueueName, N extends JobName<Q>> = z.infer<
  (typeof JOBS)[Q][N] extends z.ZodType ? (typeof JOBS)[Q][N] : never
>;

export type MembershipUpgraded = z.infer<typeof membershipUpgradedSchema>;
export type MembershipDowngraded = z.infer<typeof membershipDowngradedSchema>;
export type CoachingBooked = z.infer<typeof coachingBookedSchema>;
export type ContactSubmitted = z.infer<typeof contactSubmittedSchema>;

/**
 * A BullMQ job id from the source of the event (e.g. "stripe", "evt_123"), so the same source
 * event never becomes two jobs. BullMQ ids may not contain ":" nor be digits only.
 */
export function jobIdFor(source: string, id: string): string {
  return `${source}-${id}`.replace(/[^A-Za-z0-9_.-]/g, '_');
}
