/**
 * GET /api/courses is answered from a cache shared by the replicas (course-list-cache.ts): a
 * member never sees their library as it was before a write they (or another member, or auth's
 * events) made through any replica.
 */
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import { compose } from '../compose';
import { type Config, configSchema } from '../config';
import { type Callback, coursesApi } from '../../test/course-client';

let deps: TestDeps<Config>;
let replicas: Composed[];
let one: Callback;
let two: Callback;

beforeAll(async () => {
  deps = await createTestDeps(configSchema);
  // Two replicas of the service on the same stores.
  replicas = [compose(deps), compose(deps)];
  one = replicas[0]!.app.callback();
  two = replicas[1]!.app.callback();
});

afterAll(async () => {
  for (const r of replicas) await closeBackground(r.background);
  await deps.close();
});

const names = (body: { name: string }[]) => body.map((course) => course.name);

describe('a member library read through one replica and changed through another', () => {
  it('when a course is created, renamed, liked and deleted through the other replica, then every next list shows it', async () => {
    const { cookie } = await loggedInMember(deps);
    const viaOne = coursesApi(one, cookie);
    const viaTwo = coursesApi(two, cookie);
    expect((await viaOne.list()).body).toEqual([]);
    expect((await viaOne.list()).headers['x-total-count']).toBe('0');

    const id = await viaTwo.createId({ name: 'Carnoustie', isPublic: true });
    let res = await viaOne.list();
    expect(names(res.body)).toEqual(['Carnoustie']);
    expect(res.headers['x-total-count']).toBe('1');

    await viaTwo.update(id, { name: 'Carnoustie Championship' }).expect(200);
    expect(names((await viaOne.list()).body)).toEqual(['Carnoustie Championship']);

    // Another member's like on it changes the owner's list too.
    const other = coursesApi(two, (await loggedInMember(deps)).cookie);
    await other.like(id, true).expect(200);
    res = await viaOne.list();
    expect(res.body[0]).toMatchObject({ likes: 1, myLike: null });

    await viaTwo.remove(id).expect(204);
    res = await viaOne.list();
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('when the list is read twice with no write in between, then both answers are the same bytes', async () => {
    const { cookie } = await loggedInMember(deps);
    const api = coursesApi(one, cookie);
    await api.createId({ name: 'Muirfield' });
    const first = await api.list();
    const second = await coursesApi(two, cookie).list();
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
  });
});
