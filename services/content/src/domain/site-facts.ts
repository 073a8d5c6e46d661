/**
 * The facts the server's config decides and the site shows (one place per fact): the public
 * GET /api/config answer, the Premium tier's price text and the names in the member pages'
 * texts. Pure functions of the config.
 */
import { type MembershipTier, type SiteConfig, siteConfigSchema, SUPPORT_REPLY_HOURS } from '@fm/contracts';
import type { Config } from '../config';
import { PREMIUM_TIER_NAME } from '../catalogue/tiers';

export type SiteFactsConfig = Pick<
  Config,
  | 'PRODUCT_NAME'
  | 'SUPPORT_EMAIL'
  | 'FOUNDER_NAME'
  | 'CURRENCY'
  | 'PREMIUM_PRICE_CENTS'
  | 'PREMIUM_ANNUAL_PRICE_CENTS'
  | 'TRIAL_DAYS'
  | 'COACHING_PRICE_CENTS'
  | 'COACHING_SESSION_MINUTES'
  | 'STRIPE_PUBLISHABLE_KEY'
>;

/** GET /api/config; checked against the contract once, at start-up. */
export function siteConfigOf(config: SiteFactsConfig): SiteConfig {
  return siteConfigSchema.parse({
    productName: config.PRODUCT_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    founderName: config.FOUNDER_NAME,
    currency: config.CURRENCY,
    premiumPriceCents: config.PREMIUM_PRICE_CENTS,
    prices: {
      monthlyCents: config.PREMIUM_PRICE_CENTS,
      annualCents: config.PREMIUM_ANNUAL_PRICE_CENTS,
      currency: config.CURRENCY,
      trialDays: config.TRIAL_DAYS,
    },
    coachingPriceCents: config.COACHING_PRICE_CENTS,
    coachingSessionMinutes: config.COACHING_SESSION_MINUTES,
    supportReplyHours: {
      premium: SUPPORT_REPLY_HOURS.premium,
      freeFrom: SUPPORT_REPLY_HOURS.freeFrom,
      free: SUPPORT_REPLY_HOURS.free,
    },
    stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY,
  });
}

/**
 * The en-US symbols of the usual currencies, written without Intl: the first Intl.NumberFormat
 * of a process maps ~5 MB of ICU's data and code into it (docs/PERFORMANCE.md, memory), and the
 * tiers render the price on every answer. Any other currency goes through Intl.
 */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { usd: '$', eur: '€', gbp: '£' };

/** "$19.99" from (1999, "usd"); "€19.99" from (1999, "eur"); what Intl's en-US format gives. */
export function formatPrice(cents: number, currency: string): string {
  const symbol = CURRENCY_SYMBOLS[currency.toLowerCase()];
  if (symbol === undefined || !Number.isSafeInteger(cents)) {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  }
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}${symbol}${units}.${String(abs % 100).padStart(2, '0')}`;
}

/** The tiers as stored, with the Premium tier's price text rendered from the config (the Free tier stays "Free"). */
export function withConfiguredPrices(
  tiers: readonly MembershipTier[],
  config: Pick<SiteFactsConfig, 'PREMIUM_PRICE_CENTS' | 'CURRENCY'>,
): MembershipTier[] {
  const premiumPrice = formatPrice(config.PREMIUM_PRICE_CENTS, config.CURRENCY);
  return tiers.map((tier) => (tier.name === PREMIUM_TIER_NAME ? { ...tier, price: premiumPrice } : tier));
}

/** The names catalogue texts may hold as `{productName}` and `{founderNameWithoutTitle}`. */
export interface CatalogueNames {
  productName: string;
  /** "Alex Reid" of "Coach Alex Reid". */
  founderNameWithoutTitle: string;
}

export function catalogueNamesOf(config: Pick<SiteFactsConfig, 'PRODUCT_NAME' | 'FOUNDER_NAME'>): CatalogueNames {
  return {
    productName: config.PRODUCT_NAME,
    founderNameWithoutTitle: config.FOUNDER_NAME.replace(/^Coach\s+/i, '') || config.FOUNDER_NAME,
  };
}

/** Every string of `value` (objects and arrays walked) with the name placeholders filled in. */
export function fillNames<T>(value: T, names: CatalogueNames): T {
  if (typeof value === 'string') {
    return value.replace(
      /\{(productName|founderNameWithoutTitle)\}/g,
      (_match, key: keyof CatalogueNames) => names[key],
    ) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fillNames(item, names)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillNames(item, names)])) as T;
  }
  return value;
}
