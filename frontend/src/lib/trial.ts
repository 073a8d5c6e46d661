import type { SiteConfig, TrialRefusal } from '@fm/contracts';
import type { PlanOffer } from '@/lib/premium-plans';

/** The free trial's length the server offers (GET /api/config prices.trialDays); 0: no trial. */
export function trialDaysOf(config: Pick<SiteConfig, 'prices'> | undefined): number {
  return config?.prices.trialDays ?? 0;
}

/** The Free member's one call to action while a trial is offered: "Start your 7-day free trial". */
export function trialCallText(days: number): string {
  return `Start your ${days}-day free trial`;
}

/** "March 5, 2026" (the day the first payment is taken). */
export function trialDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** The checkout's statement of the trial: "Free for 7 days, then $19.99/month on March 5, 2026". */
export function trialTermsText(days: number, offer: Pick<PlanOffer, 'price' | 'period'>, endsAt: string): string {
  return `Free for ${days} days, then ${offer.price}${offer.period} on ${trialDay(endsAt)}`;
}

/** Why the checkout is the paid one although the trial was offered. */
export const NO_TRIAL_TEXT: Record<TrialRefusal, string> = {
  'already-trialed':
    'You have had a free trial before, so this checkout starts your paid membership today (the free trial is once per person).',
  'already-paid':
    'You have been a paying Premium member before, so this checkout starts your paid membership today (the free trial is for new members).',
};
