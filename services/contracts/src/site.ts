import { z } from 'zod';

/**
 * GET /api/config (content service, public): the facts the SPA shows that the server's config
 * decides, so that changing one variable (e.g. PREMIUM_PRICE_CENTS) changes every place a member
 * sees it. Prices are in the currency's minor unit.
 */
export const siteConfigSchema = z.strictObject({
  productName: z.string().min(1),
  supportEmail: z.email(),
  founderName: z.string().min(1),
  currency: z.string().length(3),
  /** The monthly Premium price (the same as `prices.monthlyCents`; kept for the clients that read it). */
  premiumPriceCents: z.number().int().positive(),
  /**
   * Premium's prices by plan, what billing charges (PREMIUM_PRICE_CENTS, PREMIUM_ANNUAL_PRICE_CENTS),
   * and the free trial's length in days (0: no trial).
   */
  prices: z.strictObject({
    monthlyCents: z.number().int().positive(),
    annualCents: z.number().int().positive(),
    currency: z.string().length(3),
    trialDays: z.number().int().min(0),
  }),
  coachingPriceCents: z.number().int().positive(),
  coachingSessionMinutes: z.number().int().positive(),
  /**
   * How soon the founder answers a contact message (SUPPORT_REPLY_HOURS): Premium, and Free members
   * and visitors, who are promised a range, `freeFrom` to `free` hours ("48-72 hours").
   */
  supportReplyHours: z
    .strictObject({
      premium: z.number().int().positive(),
      freeFrom: z.number().int().positive(),
      free: z.number().int().positive(),
    })
    .refine((hours) => hours.freeFrom <= hours.free, { message: 'freeFrom must not exceed free' }),
  /** Stripe.js's publishable key (public by design). */
  stripePublishableKey: z.string().min(1),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
