import { z } from 'zod';
import { isoDate } from './common';

/**
 * A yearly renewal is coming (billing → contact, from Stripe's `invoice.upcoming`, which Stripe sends
 * the days before a renewal that its "upcoming renewal events" setting says: 7): one mail to the
 * member per renewal, with the amount, the date and where to cancel.
 */
export const renewalReminderMailSchema = z.object({
  userId: z.string().min(1),
  email: z.email(),
  memberName: z.string().nullable(),
  subscriptionId: z.string().min(1),
  amountCents: z.number().int().min(0),
  currency: z.string().length(3),
  /** When the year renews and the payment is taken. */
  renewsAt: isoDate,
  /** Where the member cancels (the account page's subscription panel). */
  cancelUrl: z.url(),
  eventId: z.string().min(1),
  occurredAt: isoDate,
});
export type RenewalReminderMail = z.infer<typeof renewalReminderMailSchema>;
