import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import { compose } from '../compose';
import { type Config, configSchema } from '../config';
import { type Callback, coursesApi } from '../../test/course-client';

// Small limits so the tests reach them quickly; production defaults are 200 courses and 60 writes/minute.
const MAX_COURSES = 3;
const WRITES_PER_MINUTE = 8;

let deps: TestDeps<Config>;
let service: Composed;
let app: Callback;

beforeAll(async () => {
  deps = await createTestDeps(configSchema, {
    COURSES_MAX_PER_MEMBER: String(MAX_COURSES),
    COURSES_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE),
  });
  service = compose(deps);
  app = service.app.callback();
});

afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

const member = async () => {
  const { user, cookie } = await loggedInMember(deps);
  return { user, api: coursesApi(app, cookie) };
};

describe('the course limit per member', () => {
  it("when a member's library is full, then another course is refused with 409 until one is deleted", async () => {
    const { api } = await member();
    const ids = [];
    for (let i = 0; i < MAX_COURSES; i += 1) ids.push(await api.createId({ name: `Course ${i}` }));
    expect(await api.create()).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: `You can keep at most ${MAX_COURSES} courses. Delete one to add another.` },
    });
    expect((await api.list()).headers['x-total-count']).toBe(String(MAX_COURSES));
    await api.remove(ids[0]!);
    expect((await api.create()).status).toBe(201);
  });

  it('when one member is full, then another member can still add courses', async () => {
    const { api } = await member();
    for (let i = 0; i < MAX_COURSES; i += 1) await api.createId();
    expect((await (await member()).api.create()).status).toBe(201);
  });

  it('when many creates race, then the library never ends above the limit', async () => {
    const { api, user } = await member();
    const responses = await Promise.all(Array.from({ length: 6 }, () => api.create()));
    for (const res of responses) expect([201, 409]).toContain(res.status);
    const stored = await deps.mongo.collection('courses').countDocuments({ userId: user.id });
    expect(stored).toBeLessThanOrEqual(MAX_COURSES);
    expect(stored).toBe(responses.filter((res) => res.status === 201).length);
  });
});

describe('the write rate limit per member', () => {
  it('when a member writes too often, then 429 with Retry-After, while reading still works', async () => {
    const { api } = await member();
    const id = await api.createId({ isPublic: true });
    for (let i = 1; i < WRITES_PER_MINUTE; i += 1) expect((await api.favorite(id)).status).toBe(200);
    const refused = await api.like(id, true);
    expect(refused).toMatchObject({
      status: 429,
      body: {
        code: 'RATE_LIMITED',
        message: 'You are changing courses too quickly. Please wait a minute and try again.',
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await api.get(id)).body).toMatchObject({ myLike: null, isFavorite: true });
    expect((await api.list()).status).toBe(200);
  });

  it('when one member is rate limited, then other members can still write', async () => {
    const { api } = await member();
    const id = await api.createId({ isPublic: true });
    for (let i = 1; i <= WRITES_PER_MINUTE; i += 1) await api.favorite(id);
    expect((await api.unfavorite(id)).status).toBe(429);
    const other = await member();
    expect((await other.api.like(id, true)).status).toBe(200);
  });
});
