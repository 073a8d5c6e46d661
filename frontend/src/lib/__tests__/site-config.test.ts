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

  it('says the reply times as members read them: a range for Free members ("48-72 hours"), one figure for Premium', () => {
    const facts = siteFacts(buildSiteConfig());
    expect(facts.freeReplyTime).toBe('48-72 hours');
    expect(facts.premiumReplyTime).toBe('24 hours');
    const changed = siteFacts(buildSiteConfig({ supportReplyHours: { premium: 12, freeFrom: 24, free: 48 } }));
    expect(changed.freeReplyTime).toBe('24-48 hours');
    expect(changed.premiumReplyTime).toBe('12 hours');
    const single = siteFacts(buildSiteConfig({ supportReplyHours: { premium: 24, freeFrom: 72, free: 72 } }));
    expect(single.freeReplyTime).toBe('72 hours');
  });
});
