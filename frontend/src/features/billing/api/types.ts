/** Shapes of the billing service (docs/API.md "billing"). */

export type BillingConfig = {
  publishableKey: string;
  premiumPriceCents: number;
  coachingPriceCents: number;
  currency: string;
};

export type SubscriptionStatus = 'none' | 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete';

export type Subscription = {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** ISO date or null. */
  currentPeriodEnd: string | null;
};

export type ClientSecretAnswer = { clientSecret: string; subscriptionId?: string };
