import { catalogueNamesOf, fillNames, formatPrice, withConfiguredPrices } from './site-facts';

describe('site facts', () => {
  it('when a price is formatted, then it reads like a price in its currency', () => {
    expect(formatPrice(1999, 'usd')).toBe('$19.99');
    expect(formatPrice(10000, 'USD')).toBe('$100.00');
    expect(formatPrice(2499, 'eur')).toBe('€24.99');
  });

  it('when a price is formatted without Intl, then it reads exactly as Intl writes it', () => {
    for (const currency of ['usd', 'EUR', 'gbp', 'chf', 'jpy']) {
      for (const cents of [0, 5, 99, 100, 1999, 123456, 100000000, -1999]) {
        const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
        expect(formatPrice(cents, currency)).toBe(intl.format(cents / 100));
      }
    }
  });

  it('when tiers are answered, then only the Premium price comes from the config and Free stays "Free"', () => {
    const tiers = [
      { id: '1', name: 'Free', price: 'Free', features: [], isFeatured: false, order: 1 },
      { id: '2', name: 'Premium', price: '$19.99', features: [], isFeatured: true, order: 2 },
    ];
    expect(
      withConfiguredPrices(tiers, { PREMIUM_PRICE_CENTS: 2999, CURRENCY: 'usd' }).map((tier) => tier.price),
    ).toEqual(['Free', '$29.99']);
  });

  it('when a text names the product or the founder, then both are filled in everywhere, nothing else', () => {
    const names = catalogueNamesOf({ PRODUCT_NAME: 'Birdie Brain', FOUNDER_NAME: 'Coach Sam Fairweather' });
    expect(names.founderNameWithoutTitle).toBe('Sam Fairweather');
    expect(
      fillNames(
        { paragraphs: ["I'm {founderNameWithoutTitle} of {productName}.", '{other} stays'], n: 3, none: null },
        names,
      ),
    ).toEqual({ paragraphs: ["I'm Sam Fairweather of Birdie Brain.", '{other} stays'], n: 3, none: null });
  });

  it('when the founder has no "Coach" title, then the name is used as it is', () => {
    expect(catalogueNamesOf({ PRODUCT_NAME: 'x', FOUNDER_NAME: 'Dr. Jo Park' }).founderNameWithoutTitle).toBe(
      'Dr. Jo Park',
    );
  });
});
