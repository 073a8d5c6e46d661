import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import type request from 'supertest';
import { compose } from '../compose';
import { type Config, configSchema } from '../config';
import { type Callback, coursesApi } from '../../test/course-client';

// A library past one page (the API's default page is 50). Its own database, so the community
// list holds exactly the courses made here.
const COURSES = 51;

let deps: TestDeps<Config>;
let service: Composed;
let app: Callback;
let mine: ReturnType<typeof coursesApi>;

const names = (res: request.Response): string[] => res.body.map((course: { name: string }) => course.name);

beforeAll(async () => {
  deps = await createTestDeps(configSchema, { COURSES_WRITES_PER_MINUTE: String(4 * COURSES) });
  service = compose(deps);
  app = service.app.callback();
  mine = coursesApi(app, (await loggedInMember(deps)).cookie);
  const sharer = coursesApi(app, (await loggedInMember(deps, { firstName: 'Sam', lastName: 'Snead' })).cookie);
  // Oldest first, so the first course made is the one past the newest 50.
  await mine.createId({ name: 'Old Tom Morris Links', city: 'St Andrews', state: 'Fife', country: 'Scotland' });
  await sharer.createId({
    name: 'Royal Dornoch',
    city: 'Dornoch',
    state: 'Highland',
    country: 'Scotland',
    isPublic: true,
  });
  for (let i = 2; i <= COURSES; i += 1) {
    await mine.createId({ name: `Mine ${i}`, isPublic: i % 2 === 0 });
    await sharer.createId({ name: `Shared ${i}`, isPublic: true });
  }
});

afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

describe.each([
  ["a member's own library", () => mine.list, 'Mine', 'Old Tom Morris Links'],
  ['the community list', () => mine.listPublic, 'Shared', 'Royal Dornoch'],
])('%s of 51 courses', (_list, list, prefix, oldest) => {
  it('when the first page is asked for, then it holds the newest 50 and the total says 51', async () => {
    const res = await list()();
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(50);
    expect(res.body[0].name).toBe(`${prefix} ${COURSES}`);
    expect(names(res)).not.toContain(oldest);
    expect(res.headers['x-total-count']).toBe(String(COURSES));
  });

  it('when the next page is asked for with offset=50, then it holds the 51st course and the two pages hold all 51 once', async () => {
    const first = await list()('?limit=50&offset=0');
    const second = await list()('?limit=50&offset=50');
    expect(names(second)).toEqual([oldest]);
    expect(second.headers['x-total-count']).toBe(String(COURSES));
    expect(new Set([...names(first), ...names(second)]).size).toBe(COURSES);
  });

  it('when the course past the newest 50 is searched for, then the first page finds it', async () => {
    for (const q of ['scotland', oldest.split(' ')[1]!.toUpperCase()]) {
      const res = await list()(`?q=${encodeURIComponent(q)}`);
      expect(names(res)).toEqual([oldest]);
      expect(res.headers['x-total-count']).toBe('1');
    }
  });

  it('when a search matches more than a page, then it pages and counts the same way', async () => {
    const first = await list()(`?q=${prefix.toLowerCase()}&limit=20`);
    expect(first.body).toHaveLength(20);
    expect(first.headers['x-total-count']).toBe(String(COURSES - 1));
    const last = await list()(`?q=${prefix.toLowerCase()}&limit=20&offset=40`);
    expect(names(last)).toHaveLength(COURSES - 1 - 40);
    expect(names(last).at(-1)).toBe(`${prefix} 2`);
    expect(last.headers['x-total-count']).toBe(String(COURSES - 1));
  });
});

describe('the community course past the newest 50', () => {
  it('when a member opens it, then it answers like any public course', async () => {
    const [course] = (await mine.listPublic('?offset=50')).body;
    const res = await mine.get(course.id);
    expect(res).toMatchObject({ status: 200, body: { name: 'Royal Dornoch', isOwner: false, ownerName: 'Sam Snead' } });
  });
});
