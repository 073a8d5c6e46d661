import type { MembershipTier } from '../domain/membership-tier.model';

/** "$19.99" from 1999: the price is configured once, in cents (PREMIUM_PRICE_CENTS). */
export function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** The two cards on /membership (name is the seed's key). */
export function membershipTiers(premiumPriceCents: number): MembershipTier[] {
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
      name: 'Premium',
      price: formatUsd(premiumPriceCents),
      order: 2,
      isFeatured: true,
      features: [
        'The full lesson library',
        'All 12 member programme sections',
        'Guided audio sessions',
        'Downloadable worksheets',
        'Priority support (reply within 24 hours)',
        'New content every month',
      ],
    },
  ];
}
