import { describe, expect, it } from 'vitest';
import { formatMoney, siteFacts } from '@/lib/site-config';
import { buildSiteConfig } from '@/testing/data';

describe('formatMoney', () => {
  it('when the amount is whole, then it shows without cents ("$100"); otherwise with them ("$19.99")', () => {
    expect(formatMoney(10000, 'usd')).toBe('$100');
    expect(formatMoney(1999, 'usd')).toBe('$19.99');
    expect(formatMoney(2450, 'USD')).toBe('$24.50');
    expect(formatMoney(123456, 'usd')).toBe('$1,234.56');
  });

  it('when the currency is another one, then its symbol is used', () => {
    expect(formatMoney(1999, 'eur')).toBe('€19.99');
    expect(formatMoney(15000, 'gbp')).toBe('£150');
  });
});

describe('siteFacts', () => {
  it('adds the formatted Premium and coaching prices to the config', () => {
    const facts = siteFacts(buildSiteConfig({ premiumPriceCents: 2999, coachingPriceCents: 9000 }));
    expect(facts.premiumPrice).toBe('$29.99');
    expect(facts.coachingPrice).toBe('$90');
    expect(facts.productName).toBe('Fairway Mind');
  });
});
