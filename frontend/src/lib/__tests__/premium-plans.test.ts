import { describe, expect, it } from 'vitest';
import { buildSiteConfig } from '@/testing/data';
import { checkoutHref, planFromSearch, planOffers, planPriceText } from '@/lib/premium-plans';

const offersFor = (monthlyCents: number, annualCents: number, currency = 'usd') =>
  planOffers(buildSiteConfig({ prices: { monthlyCents, annualCents, currency, trialDays: 0 } }));

describe('planOffers: the two plans from the prices of GET /api/config', () => {
  it('when the annual price is ten monthly payments ($199.90 against $19.99), then "2 months free"', () => {
    const { monthly, annual } = offersFor(1999, 19990);
    expect(monthly).toMatchObject({ price: '$19.99', period: '/month', saving: null, summary: '$19.99 a month' });
    expect(annual).toMatchObject({
      price: '$199.90',
      period: '/year',
      saving: '2 months free',
      summary: '$199.90 a year — 2 months free',
    });
  });

  it('when the server sets other prices, then the saving is computed from them, never a fixed text', () => {
    expect(offersFor(2500, 22500).annual.summary).toBe('$225 a year — 3 months free');
    expect(offersFor(1000, 11000).annual.saving).toBe('1 month free');
    // Not a whole number of months: the amount saved.
    expect(offersFor(1999, 21000).annual.summary).toBe('$210 a year — save $29.88 a year');
    expect(offersFor(2499, 24990, 'eur').annual.summary).toBe('€249.90 a year — 2 months free');
  });

  it('when the annual plan saves nothing, then no saving is claimed', () => {
    expect(offersFor(1999, 23988).annual).toMatchObject({ saving: null, summary: '$239.88 a year' });
    expect(offersFor(1999, 30000).annual.saving).toBeNull();
  });
});

describe('a content service from before the prices (a rolling deploy)', () => {
  it('when GET /api/config has no prices, then the offers come from the monthly price instead of failing', () => {
    const { prices: _absent, ...old } = buildSiteConfig({ premiumPriceCents: 1999 });
    const { monthly, annual } = planOffers(old);
    expect(monthly.summary).toBe('$19.99 a month');
    expect(annual.summary).toBe('$199.90 a year — 2 months free');
    expect(planPriceText(old, 'monthly')).toBe('$19.99/month');
  });
});

describe('the plan in the address', () => {
  it('reads ?plan=annual, and monthly for anything else', () => {
    expect(planFromSearch(new URLSearchParams('plan=annual'))).toBe('annual');
    expect(planFromSearch(new URLSearchParams('plan=monthly'))).toBe('monthly');
    expect(planFromSearch(new URLSearchParams('plan=weekly'))).toBe('monthly');
    expect(planFromSearch(new URLSearchParams('plan=toString'))).toBe('monthly');
    expect(planFromSearch(new URLSearchParams(''))).toBe('monthly');
  });

  it('links monthly to /checkout as before and annual to /checkout?plan=annual', () => {
    expect(checkoutHref('monthly')).toBe('/checkout');
    expect(checkoutHref('annual')).toBe('/checkout?plan=annual');
  });
});
