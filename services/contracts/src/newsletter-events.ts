/** The newsletter's jobs (contact → contact: `newsletter-sends`, `newsletter-deliveries`). */
import { z } from 'zod';

/**
 * The newsletter's jobs carry ids only: the recipient's address is read from their delivery
 * record (contact's `newsletter_deliveries`), which a deleted member's event empties.
 */
export const newsletterFanOutSchema = z.object({ newsletterId: z.string().min(1) });
export const newsletterTestSchema = z.object({ newsletterId: z.string().min(1), requestedBy: z.string().min(1) });
export const newsletterDeliverySchema = z.object({ newsletterId: z.string().min(1), userId: z.string().min(1) });

export type NewsletterFanOut = z.infer<typeof newsletterFanOutSchema>;
export type NewsletterDelivery = z.infer<typeof newsletterDeliverySchema>;
