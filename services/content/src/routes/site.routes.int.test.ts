import { siteConfigSchema } from '@fm/contracts';
import { closeBackground, type Composed, loadConfig } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import request from 'supertest';
import { contentEnv } from '../../test/content-env';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';

const CONFIGURED = {
  PRODUCT_NAME: 'Birdie Brain',
  SUPPORT_EMAIL: 'help@birdiebrain.test',
  FOUNDER_NAME: 'Coach Sam Fairweather',
  CURRENCY: 'EUR',
  PREMIUM_PRICE_CENTS: '2499',
  PREMIUM_ANNUAL_PRICE_CENTS: '24900',
  TRIAL_DAYS: '14',
  COACHING_PRICE_CENTS: '12500',
  COACHING_SESSION_MINUTES: '60',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_birdiebrain',
};

let deps: TestDeps<Config>;
const composed: Composed[] = [];

beforeAll(async () => {
  deps = await createTestDeps(configSchema, contentEnv(CONFIGURED));
  await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
});
afterAll(async () => {
  for (const service of composed) await closeBackground(service.background);
  await deps.close();
});

/** A content service on this file's database and Redis, with these variables changed from the file's. */
function serve(changed: Record<string, string> = {}) {
  const config = loadConfig(configSchema, { ...deps.env, ...changed });
  const service = compose({ ...deps, config });
  composed.push(service);
  return service.app.callback();
}

describe('GET /api/config', () => {
  it('when a visitor asks, then 200 with the configured facts, publicly cacheable for a minute', async () => {
    const res = await request(serve()).get('/api/config');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(siteConfigSchema.parse(res.body)).toEqual({
      productName: 'Birdie Brain',
      supportEmail: 'help@birdiebrain.test',
      founderName: 'Coach Sam Fairweather',
      currency: 'eur',
      premiumPriceCents: 2499,
      prices: { monthlyCents: 2499, annualCents: 24900, currency: 'eur', trialDays: 14 },
      coachingPriceCents: 12500,
      coachingSessionMinutes: 60,
      supportReplyHours: { premium: 24, freeFrom: 48, free: 72 },
      stripePublishableKey: 'pk_test_birdiebrain',
    });
  });

  it('when a member with a session asks, then the same answer as a visitor gets', async () => {
    const server = serve();
    const { cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
    const visitor = await request(server).get('/api/config');
    const member = await request(server).get('/api/config').set('Cookie', cookie);
    expect(member.status).toBe(200);
    expect(member.body).toEqual(visitor.body);
  });

  it('when the variables are left unset, then the defaults .env.example documents', async () => {
    const defaults = Object.fromEntries(
      [
        'PRODUCT_NAME',
        'SUPPORT_EMAIL',
        'FOUNDER_NAME',
        'CURRENCY',
        'PREMIUM_PRICE_CENTS',
        'PREMIUM_ANNUAL_PRICE_CENTS',
        'TRIAL_DAYS',
        'COACHING_PRICE_CENTS',
      ].map((name) => [name, '']),
    );
    const res = await request(serve({ ...defaults, COACHING_SESSION_MINUTES: '' })).get('/api/config');
    expect(res.body).toMatchObject({
      productName: 'Fairway Mind',
      founderName: 'Coach Alex Reid',
      currency: 'usd',
      premiumPriceCents: 1999,
      prices: { monthlyCents: 1999, annualCents: 19990, currency: 'usd', trialDays: 7 },
      coachingPriceCents: 10000,
      coachingSessionMinutes: 45,
    });
  });

  it('when PREMIUM_ANNUAL_PRICE_CENTS changes, then the annual price follows and the monthly one stays', async () => {
    const res = await request(serve({ PREMIUM_ANNUAL_PRICE_CENTS: '17990' })).get('/api/config');
    expect(res.body).toMatchObject({
      premiumPriceCents: 2499,
      prices: { monthlyCents: 2499, annualCents: 17990, currency: 'eur' },
    });
  });

  it('when PREMIUM_PRICE_CENTS changes, then the config and the Premium tier on /membership both show the new price', async () => {
    const before = serve();
    const after = serve({ PREMIUM_PRICE_CENTS: '2999', CURRENCY: 'usd' });

    expect((await request(before).get('/api/config')).body.premiumPriceCents).toBe(2499);
    expect((await request(after).get('/api/config')).body.premiumPriceCents).toBe(2999);

    const prices = async (server: ReturnType<typeof serve>) =>
      (await request(server).get('/api/membership-tiers')).body.map((tier: { name: string; price: string }) => [
        tier.name,
        tier.price,
      ]);
    expect(await prices(before)).toEqual([
      ['Free', 'Free'],
      ['Premium', '€24.99'],
    ]);
    expect(await prices(after)).toEqual([
      ['Free', 'Free'],
      ['Premium', '$29.99'],
    ]);
  });
});
