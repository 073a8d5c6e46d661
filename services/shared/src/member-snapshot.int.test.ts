import Router from '@koa/router';
import request from 'supertest';
import { baseEnvSchema, type BaseConfig } from './config';
import { requirePremium, requireUser } from './guards';
import { createApp } from './http/create-app';
import {
  fillMemberSnapshot,
  loadMemberSnapshot,
  memberSnapshotKey,
  memberSnapshots,
  parseStoredSnapshot,
  readMemberFromMongo,
  USERS_COLLECTION,
} from './member-snapshot';
import { createTestDeps, loggedInMember, type TestDeps } from './testing';

let deps: TestDeps<BaseConfig>;
let server: ReturnType<ReturnType<typeof createApp>['callback']>;
let prefix: string;

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  prefix = deps.config.REDIS_PREFIX;
  const router = new Router();
  router.get('/me', requireUser, (ctx) => {
    ctx.body = ctx.state.viewer;
  });
  router.get('/premium', requirePremium, (ctx) => {
    ctx.body = { ok: true };
  });
  server = createApp(deps, { name: 'snapshot-test', routers: [router] }).callback();
});
afterAll(async () => {
  await deps.close();
});

const users = () => deps.mongo.collection(USERS_COLLECTION);
const setLevel = (id: string, membershipLevel: 'free' | 'premium') =>
  users().updateOne({ _id: id as never }, { $set: { membershipLevel } });
const stored = async (id: string) => parseStoredSnapshot(await deps.redis.get(memberSnapshotKey(prefix, id)));

describe('the member snapshot', () => {
  it("when a member makes a request, then the guard answers from the snapshot it filled (the member's public view)", async () => {
    const { user, cookie } = await loggedInMember(deps, { firstName: 'Ada' });
    expect(await stored(user.id)).toBeNull();
    const res = await request(server).get('/me').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Ada',
      lastName: user.lastName,
      profileImageUrl: null,
      membershipLevel: 'free',
      role: 'member',
      createdAt: expect.any(String),
      emailVerified: false,
      newsletter: false,
    });
    expect((await stored(user.id))?.m).toEqual(res.body);
    expect((await request(server).get('/me').set('Cookie', cookie)).body).toEqual(res.body);
  });

  it('when the writer refreshes after a change, then the very next request sees it', async () => {
    const { user, cookie } = await loggedInMember(deps);
    expect((await request(server).get('/premium').set('Cookie', cookie)).status).toBe(403);
    await setLevel(user.id, 'premium');
    await memberSnapshots(deps.redis, prefix, deps.mongo).refresh(user.id);
    expect((await request(server).get('/premium').set('Cookie', cookie)).status).toBe(200);
    await setLevel(user.id, 'free');
    await memberSnapshots(deps.redis, prefix, deps.mongo).refresh(user.id);
    expect((await request(server).get('/premium').set('Cookie', cookie)).status).toBe(403);
  });

  it('when a reader read MongoDB before a change and fills after the writer, then its old member is refused', async () => {
    const { user, cookie } = await loggedInMember(deps);
    // The reader: no snapshot yet, reads the free member…
    const seen = await stored(user.id);
    const old = (await readMemberFromMongo(deps.mongo, user.id))!;
    // …meanwhile the member upgrades and the writer refreshes…
    await setLevel(user.id, 'premium');
    await memberSnapshots(deps.redis, prefix, deps.mongo).refresh(user.id);
    // …then the reader's fill arrives late: refused.
    expect(await fillMemberSnapshot(deps.redis, prefix, seen?.v ?? 0, old)).toBe(false);
    expect((await loadMemberSnapshot(deps.redis, prefix, deps.mongo, user.id))?.membershipLevel).toBe('premium');
    expect((await request(server).get('/premium').set('Cookie', cookie)).status).toBe(200);
  });

  it('when a change lands between a reader seeing no snapshot and its fill (tombstone version), then the fill is refused too', async () => {
    const { user } = await loggedInMember(deps);
    const snapshots = memberSnapshots(deps.redis, prefix, deps.mongo);
    await snapshots.refresh(user.id);
    await snapshots.drop(user.id); // a tombstone: readers go to MongoDB
    const seen = await stored(user.id);
    expect(seen?.m).toBeUndefined();
    const old = (await readMemberFromMongo(deps.mongo, user.id))!;
    await setLevel(user.id, 'premium');
    await snapshots.refresh(user.id);
    expect(await fillMemberSnapshot(deps.redis, prefix, seen!.v, old)).toBe(false);
    expect((await stored(user.id))?.m?.membershipLevel).toBe('premium');
  });

  it('when the member is deleted and the snapshot dropped, then their old session gets 401', async () => {
    const { user, cookie } = await loggedInMember(deps);
    expect((await request(server).get('/me').set('Cookie', cookie)).status).toBe(200);
    await users().deleteOne({ _id: user.id as never });
    await memberSnapshots(deps.redis, prefix, deps.mongo).drop(user.id);
    expect((await request(server).get('/me').set('Cookie', cookie)).status).toBe(401);
    expect((await stored(user.id))?.m).toBeUndefined();
  });
});
