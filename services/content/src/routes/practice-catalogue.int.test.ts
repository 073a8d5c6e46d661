import { practiceCatalogueSchema } from '@fm/contracts';
import { signServiceToken } from '@fm/shared/auth';
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import request from 'supertest';
import { contentEnv } from '../../test/content-env';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';
import { seedCatalogue } from '../seed';
import { PRACTICE_CATALOGUE_PATH } from './practice-catalogue.routes';

let deps: TestDeps<Config>;
let service: Composed;
let server: ReturnType<typeof service.app.callback>;

beforeAll(async () => {
  deps = await createTestDeps(configSchema, contentEnv());
  await seedCatalogue(deps.mongo, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
  service = compose(deps);
  server = service.app.callback();
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

const token = (audience: 'content' | 'practice' = 'content') =>
  signServiceToken(deps.config.JWT_SECRET, { issuer: 'practice', audience, claims: { userId: 'catalogue:free' } });
const ask = (level: string, bearer?: string) => {
  const req = request(server).get(`${PRACTICE_CATALOGUE_PATH}?level=${level}`);
  return bearer ? req.set('Authorization', `Bearer ${bearer}`) : req;
};

describe('GET /internal/practice-catalogue (practice, service token)', () => {
  it("when a member's cookie, no token or another service's token asks, then 401; an unknown level 400 naming it", async () => {
    const { cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
    expect((await ask('premium').set('Cookie', cookie)).status).toBe(401);
    expect((await ask('premium', token('practice'))).status).toBe(401);
    const bad = await ask('gold', token());
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('level');
  });

  it('when practice asks for each level, then Free has no section item and its Premium lessons and lectures closed; Premium opens all, with lengths in seconds and pages', async () => {
    const free = practiceCatalogueSchema.parse((await ask('free', token())).body);
    const premium = practiceCatalogueSchema.parse((await ask('premium', token())).body);
    expect(free.level).toBe('free');
    expect(free.items.some((i) => i.itemKind === 'content')).toBe(false);
    expect(free.items.filter((i) => i.open).length).toBeGreaterThan(0);
    expect(free.items.filter((i) => !i.open).length).toBeGreaterThan(0);
    expect(premium.items.every((i) => i.open)).toBe(true);
    const sectionItems = premium.items.filter((i) => i.itemKind === 'content');
    expect(sectionItems.length).toBeGreaterThan(0);
    expect(sectionItems.some((i) => !i.hasPage)).toBe(true);
    const driver = premium.items.find((i) => i.title === 'Driver Visualization');
    expect(driver).toMatchObject({ lengthSec: 180, hasPage: true, contentType: 'audio' });
  });
});
