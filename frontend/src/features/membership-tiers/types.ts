export type MembershipTier = {
  id: string;
  name: string;
  /** Display text, e.g. "$19.99"; "Free" for the free tier. */
  price: string;
  features: string[];
  isFeatured: boolean;
  order: number;
};

export function isFreeTier(tier: Pick<MembershipTier, 'price'>): boolean {
  return tier.price.trim().toLowerCase() === 'free';
}
