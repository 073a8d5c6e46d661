import type { MembershipTier } from '@fm/contracts';

export function isFreeTier(tier: Pick<MembershipTier, 'price'>): boolean {
  return tier.price.trim().toLowerCase() === 'free';
}
