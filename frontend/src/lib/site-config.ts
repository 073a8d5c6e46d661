import type { SiteConfig } from '@fm/contracts';
import { api } from '@/lib/api';

/**
 * GET /api/config (content service, public): the facts the server's config decides and the SPA
 * shows — product name, support address, founder, currency, the Premium and coaching prices, the
 * coaching session's length and Stripe's publishable key. The one place the SPA reads them from,
 * so changing e.g. PREMIUM_PRICE_CENTS on the server changes every price a member sees.
 *
 * The app shell is the one subscriber: it starts this query before any page renders
 * (src/app/router.tsx waits for its first answer next to the current user; index.html preloads the
 * same request) and the answer is kept for ever. Pages and components only read it
 * (useSiteConfig / useSiteConfigState): a read never starts a request, so a failed config is not
 * asked again by every component that mounts (no retries, SPEC §7) and the gate cannot loop.
 */
export const siteConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteConfig: build.query<SiteConfig, void>({
      query: () => 'config',
    }),
  }),
});

/** For the app shell only: subscribes to (and so loads) the site config. */
export const { useGetSiteConfigQuery } = siteConfigApi;

/** The site config query's state (data, isLoading, isError…) without starting a request. */
export function useSiteConfigState() {
  return siteConfigApi.endpoints.getSiteConfig.useQueryState();
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in the currency's minor unit as members read it: whole amounts without cents
 * ("$100"), others with them ("$19.99"). English formatting, like every other text of the SPA.
 */
export function formatMoney(amountMinor: number, currency: string): string {
  const code = currency.toUpperCase();
  const whole = amountMinor % 100 === 0;
  const key = `${code}|${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amountMinor / 100);
}

/** The prices and names of the config, formatted for texts. */
export type SiteFacts = SiteConfig & {
  /** "$19.99" */
  premiumPrice: string;
  /** "$100" */
  coachingPrice: string;
  /** How soon Free members and visitors hear back: "48-72 hours" (a single figure when both ends agree). */
  freeReplyTime: string;
  /** How soon Premium members hear back: "24 hours". */
  premiumReplyTime: string;
};

export function siteFacts(config: SiteConfig): SiteFacts {
  const { freeFrom, free, premium } = config.supportReplyHours;
  return {
    ...config,
    premiumPrice: formatMoney(config.premiumPriceCents, config.currency),
    coachingPrice: formatMoney(config.coachingPriceCents, config.currency),
    freeReplyTime: freeFrom < free ? `${freeFrom}-${free} hours` : `${free} hours`,
    premiumReplyTime: `${premium} hours`,
  };
}

/**
 * The site config with its prices formatted, once loaded; undefined while it loads or when it
 * failed (callers leave those texts out, or show a placeholder of the same size).
 */
export function useSiteConfig(): SiteFacts | undefined {
  const config = useSiteConfigState().data;
  // One object per config answer (the cached answer keeps its identity).
  return config ? factsOf(config) : undefined;
}

const factsCache = new WeakMap<SiteConfig, SiteFacts>();
function factsOf(config: SiteConfig): SiteFacts {
  let facts = factsCache.get(config);
  if (!facts) {
    facts = siteFacts(config);
    factsCache.set(config, facts);
  }
  return facts;
}
