import type { PremiumPlan, SiteConfig, TrialOfferAnswer, TrialRefusal } from '@fm/contracts';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import { formatMoney, useSiteConfig } from '@/lib/site-config';

export type { PremiumPlan };

/** What a checkout without a plan buys (the server's default too). */
export const DEFAULT_PLAN: PremiumPlan = 'monthly';
/** Every plan the API knows (a Record, so that a plan added to the contract must be added here). */
const KNOWN_PLANS: Record<PremiumPlan, true> = { monthly: true, annual: true };

/** How one Premium plan is offered, from the prices of the site config (GET /api/config). */
export type PlanOffer = {
  plan: PremiumPlan;
  /** "Monthly", "Annual" */
  name: string;
  /** "$19.99", "$199.90" */
  price: string;
  /** "/month", "/year" (after the price). */
  period: string;
  /** "month", "year" (in sentences: "every year"). */
  unit: string;
  /** What the annual plan saves against twelve monthly payments ("2 months free"); null when nothing. */
  saving: string | null;
  /** The plan in one phrase: "$19.99 a month", "$199.90 a year — 2 months free". */
  summary: string;
};

/** Whole months, when the saving is that to within a cent per month ("2 months free"). */
function savingText(monthlyCents: number, annualCents: number, currency: string): string | null {
  const savedCents = 12 * monthlyCents - annualCents;
  if (savedCents <= 0) return null;
  const months = Math.round(savedCents / monthlyCents);
  if (months >= 1 && Math.abs(savedCents - months * monthlyCents) <= 12) {
    return `${months} month${months === 1 ? '' : 's'} free`;
  }
  return `save ${formatMoney(savedCents, currency)} a year`;
}

/** What the offers are read from: GET /api/config, whose `prices` an older content service lacks. */
export type PriceSource = Pick<SiteConfig, 'premiumPriceCents' | 'currency'> & { prices?: SiteConfig['prices'] };

/**
 * GET /api/config's prices. A content service from before them (a rolling deploy) answers only the
 * monthly price: the annual plan is then taken at ten months of it (PREMIUM_ANNUAL_PRICE_CENTS'
 * default rule, "2 months free") and no trial, so the pages render instead of failing.
 */
export function sitePrices(config: PriceSource): SiteConfig['prices'] {
  if (config.prices) return config.prices;
  const monthlyCents = config.premiumPriceCents;
  return { monthlyCents, annualCents: monthlyCents * 10, currency: config.currency, trialDays: 0 };
}

/** The two plans as the membership and checkout pages offer them, monthly first. */
export function planOffers(config: PriceSource): Record<PremiumPlan, PlanOffer> {
  const { monthlyCents, annualCents, currency } = sitePrices(config);
  const monthly = formatMoney(monthlyCents, currency);
  const annual = formatMoney(annualCents, currency);
  const saving = savingText(monthlyCents, annualCents, currency);
  return {
    monthly: {
      plan: 'monthly',
      name: 'Monthly',
      price: monthly,
      period: '/month',
      unit: 'month',
      saving: null,
      summary: `${monthly} a month`,
    },
    annual: {
      plan: 'annual',
      name: 'Annual',
      price: annual,
      period: '/year',
      unit: 'year',
      saving,
      summary: saving ? `${annual} a year — ${saving}` : `${annual} a year`,
    },
  };
}

/** A plan's price as the pages write it: "$19.99/month", "$199.90/year". */
export function planPriceText(config: PriceSource, plan: PremiumPlan): string {
  const offer = planOffers(config)[plan];
  return `${offer.price}${offer.period}`;
}

/** Both plans in a sentence: "$19.99/month or $199.90/year (2 months free)." */
export function plansInBrief(config: PriceSource): string {
  const { annual } = planOffers(config);
  const saving = annual.saving ? ` (${annual.saving})` : '';
  return `${planPriceText(config, 'monthly')} or ${planPriceText(config, 'annual')}${saving}.`;
}

/** The plan an address asks for (`?plan=annual`); monthly otherwise. */
export function planFromSearch(search: URLSearchParams): PremiumPlan {
  const asked = search.get('plan') ?? '';
  return Object.hasOwn(KNOWN_PLANS, asked) ? (asked as PremiumPlan) : DEFAULT_PLAN;
}

/** /checkout for the plan: monthly is the page's default (no parameter), annual says so. */
export function checkoutHref(plan: PremiumPlan): string {
  const href = paths.checkout.getHref();
  return plan === DEFAULT_PLAN ? href : `${href}?${new URLSearchParams({ plan }).toString()}`;
}

// ---- The free trial (issue 47 §2): with the plans, one chunk for the pages that offer both ----

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
  'card-already-trialed':
    'This card has had a free trial before, so the free trial ended at once and nothing was charged (the free trial is once per person). You can still get Premium: this checkout starts your paid membership today.',
};

/**
 * Back from the trial's card form (confirmSetup), as the server found it at Stripe (POST
 * /api/billing/sync): the trial started, the card had a trial before (ended at once, nothing
 * charged), or the card is not confirmed yet (Premium follows when Stripe says so).
 */
export function trialReturnToast(answer: { membershipLevel: string; noTrialReason?: TrialRefusal }): {
  title: string;
  description: string;
  variant?: 'destructive';
} {
  if (answer.noTrialReason) {
    const card = answer.noTrialReason === 'card-already-trialed';
    return {
      title: card ? 'No free trial with this card' : 'No second free trial',
      description: `${card ? 'This card has' : 'You have'} had a free trial before (the free trial is once per person), so the trial ended at once and nothing was charged. You can still get Premium from the membership page.`,
      variant: 'destructive',
    };
  }
  if (answer.membershipLevel === 'premium') {
    return {
      title: 'Your free trial has started',
      description: 'Enjoy Premium. Nothing is charged until the trial ends.',
    };
  }
  return {
    title: 'Your card is being confirmed',
    description: 'Your free trial starts as soon as your card is confirmed. This page will show Premium then.',
  };
}

// ---- Whom the pages offer the trial (a public page's chunk: /membership asks it too) ----

/**
 * GET /api/billing/trial → {offered, trialDays, reason}: whether billing would start this member's
 * free trial (a Free member who never had one). Fetched again with everything that depends on the
 * viewer (after a checkout's sync, a cancel, a sign-in).
 */
export const trialOfferApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTrialOffer: build.query<TrialOfferAnswer, void>({
      query: () => 'billing/trial',
      providesTags: ['User'],
    }),
  }),
});

export const { useGetTrialOfferQuery } = trialOfferApi;

/**
 * The free trial's length the pages may offer this viewer ("Start your 7-day free trial"); 0: offer
 * Premium without it. The server decides (issue 47 §2): none while GET /api/config offers no trial,
 * none to a Premium member, and for a signed-in Free member only what GET /api/billing/trial says
 * (never trialed, never paid; nothing until it answered). A visitor is offered it: the checkout
 * after sign-up says if this person had one.
 */
export function useOfferedTrialDays(viewer: { isAuthenticated: boolean; isPremium: boolean }): number {
  const days = trialDaysOf(useSiteConfig());
  const ask = days > 0 && viewer.isAuthenticated && !viewer.isPremium;
  const { data } = useGetTrialOfferQuery(undefined, { skip: !ask });
  if (days <= 0 || viewer.isPremium) return 0;
  if (!viewer.isAuthenticated) return days;
  return data?.offered ? data.trialDays : 0;
}
