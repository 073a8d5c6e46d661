import { SUPPORT_REPLY_HOURS } from '@fm/contracts';
import type { MembershipTier } from '../domain/membership-tier.model';

/** The tier whose price text is rendered from PREMIUM_PRICE_CENTS and CURRENCY on every answer. */
export const PREMIUM_TIER_NAME = 'Premium';

/**
 * The two cards on /membership (name is the seed's key). `premiumPrice` is the stored text
 * ("$19.99"); GET /api/membership-tiers renders it again from the service's own config.
 */
export function membershipTiers(premiumPrice: string): MembershipTier[] {
  return [
    {
      name: 'Free',
      price: 'Free',
      order: 1,
      isFeatured: false,
      features: [
        'Lesson 1: Sweet Spot Swings',
        'Basic mental-game programme, 100% free',
        'No credit card required',
        'Community forum access',
        'Monthly newsletter',
      ],
    },
    {
      name: PREMIUM_TIER_NAME,
      price: premiumPrice,
      order: 2,
      isFeatured: true,
      features: [
        'The full lesson library',
        'All 12 member programme sections',
        'Guided audio sessions',
        'Downloadable worksheets',
        `Priority support (reply within ${SUPPORT_REPLY_HOURS.premium} hours)`,
        'New content every month',
      ],
    },
  ];
}
