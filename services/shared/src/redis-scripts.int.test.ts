import Router from '@koa/router';
import request from 'supertest';
import { baseEnvSchema, type BaseConfig } from './config';
import { createApp } from './http/create-app';
import { requireUser } from './guards';
import { memberSnapshots } from './member-snapshot';
import { RateLimiter } from './rate-limit';
import { redisKeys } from './redis-keys';
import { withRedisLock } from './redis-lock';
import { destroyUserSessions } from './session';
import { createTestDeps, insertUser, sessionCookieFor, TEST_SITE_ORIGIN, type TestDeps } from './testing';
import { keySlot, type ScriptRun, watchScripts } from './testing/redis-scripts';

/*
 * Every Lua script of the kit touches exactly the keys it is given in KEYS[] (Redis Cluster
 * refuses a script that builds a key name inside), and the keys one script touches of one member
 * share a slot (their `{<userId>}` hash tag). Watched with MONITOR: what Redis ran, not what the
 * code meant to run.
 */

let deps: TestDeps<BaseConfig>;
let server: ReturnType<ReturnType<typeof createApp>['callback']>;
let watch: Awaited<ReturnType<typeof watchScripts>>;
let keys: ReturnType<typeof redisKeys>;

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  keys = redisKeys(deps.config.REDIS_PREFIX);
  const router = new Router();
  router.post('/login', async (ctx) => {
    ctx.session!.userId = (ctx.request as unknown as { body: { userId: string } }).body.userId;
    await ctx.session!.regenerate();
    ctx.status = 204;
  });
  router.post('/logout', (ctx) => {
    ctx.session = null;
    ctx.status = 204;
  });
  router.get('/me', requireUser, (ctx) => {
    ctx.body = { id: ctx.state.viewer.id };
  });
  server = createApp(deps, { name: 'scripts-test', routers: [router] }).callback();
  watch = await watchScripts(deps.redis, deps.config.REDIS_PREFIX);
});

afterAll(async () => {
  watch.close();
  await deps.close();
});

/** Every run touched exactly the keys it was given. */
function expectExactKeys(runs: ScriptRun[]): void {
  expect(runs.length).toBeGreaterThan(0);
  for (const run of runs) expect([...run.touched].sort()).toEqual([...run.keys].sort());
}

/** Every run's keys lie in one Cluster slot. */
function expectOneSlot(runs: ScriptRun[]): void {
  for (const run of runs) expect(new Set(run.keys.map(keySlot)).size).toBe(1);
}

const sidOf = (res: request.Response) =>
  /^fm\.sid=([^;]+)/.exec(
    ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('fm.sid='))!,
  )![1]!;

async function login(userId: string) {
  const agent = request.agent(server);
  let res!: request.Response;
  const runs = await watch.during(async () => {
    res = await agent.post('/login').set('Origin', TEST_SITE_ORIGIN).send({ userId });
  });
  expect(res.status).toBe(204);
  return { agent, sid: sidOf(res), runs };
}

it("keySlot is Redis Cluster's (the documented examples)", () => {
  expect(keySlot('foo')).toBe(12182);
  expect(keySlot('{user1000}.following')).toBe(keySlot('{user1000}.followers'));
  expect(keySlot('foo{}{bar}')).toBe(keySlot('foo{}{bar}'));
  expect(keySlot('foo{{bar}}zap')).toBe(keySlot('{bar'));
});

describe('the session scripts', () => {
  it('when a member logs in, then the save touches their session, index and generation, all of one slot', async () => {
    const user = await insertUser(deps);
    const { sid, runs } = await login(user.id);
    expect(sid.startsWith(`${user.id}.`)).toBe(true);
    expectExactKeys(runs);
    expectOneSlot(runs);
    expect(runs[0]!.keys).toEqual([
      keys.session(sid),
      keys.userSessions(user.id),
      keys.userSessionsGeneration(user.id),
    ]);
  });

  it('when the member makes a request, then the read touches their session, generation and snapshot (one round trip), and the fill the snapshot', async () => {
    const user = await insertUser(deps);
    const { agent, sid } = await login(user.id);
    const runs = await watch.during(async () => expect((await agent.get('/me')).status).toBe(200));
    expectExactKeys(runs);
    expectOneSlot(runs);
    expect(runs.map((run) => run.keys)).toEqual([
      [keys.session(sid), keys.userSessionsGeneration(user.id), keys.memberSnapshot(user.id)],
      [keys.memberSnapshot(user.id)],
    ]);
  });

  it('when the member logs out, then the delete touches their session and index', async () => {
    const user = await insertUser(deps);
    const { agent, sid } = await login(user.id);
    await agent.get('/me');
    const runs = await watch.during(() => agent.post('/logout').set('Origin', TEST_SITE_ORIGIN));
    expectExactKeys(runs);
    expectOneSlot(runs);
    expect(runs.at(-1)!.keys).toEqual([keys.session(sid), keys.userSessions(user.id)]);
    expect(await deps.redis.exists(keys.session(sid))).toBe(0);
  });

  it('when every session but one is ended, then the script touches the index, generation and each session, all of one slot', async () => {
    const user = await insertUser(deps);
    const kept = await login(user.id);
    const other = await login(user.id);
    const runs = await watch.during(() =>
      destroyUserSessions(deps.redis, deps.config.REDIS_PREFIX, user.id, { except: kept.sid }),
    );
    expectExactKeys(runs);
    expectOneSlot(runs);
    expect(runs[0]!.keys).toEqual([
      keys.userSessions(user.id),
      keys.userSessionsGeneration(user.id),
      keys.session(kept.sid),
      keys.session(other.sid),
    ]);
    expect((await kept.agent.get('/me')).status).toBe(200);
    expect((await other.agent.get('/me')).status).toBe(401);
  });

  it('when a session from before member-tagged ids comes back, then it still works (same key), and ending all sessions ends it', async () => {
    const user = await insertUser(deps);
    const cookie = await sessionCookieFor(deps, user.id, { legacy: true });
    const sid = /fm\.sid=([^;]+)/.exec(cookie)![1]!;
    expect(await deps.redis.exists(`${deps.config.REDIS_PREFIX}:sess:${sid}`)).toBe(1);
    expect((await request(server).get('/me').set('Cookie', cookie)).body).toEqual({ id: user.id });
    // Indexed as the code before hash tags did it.
    await deps.redis.sadd(keys.legacyUserSessions(user.id), sid);
    const runs = await watch.during(() => destroyUserSessions(deps.redis, deps.config.REDIS_PREFIX, user.id));
    for (const run of runs) expect(run.keys).toEqual(expect.arrayContaining(run.touched));
    expect((await request(server).get('/me').set('Cookie', cookie)).status).toBe(401);
  });
});

describe('the other scripts of the kit', () => {
  it('when a member snapshot is refreshed, then each version bump and the fill touch only the key they are given', async () => {
    const user = await insertUser(deps);
    const runs = await watch.during(() =>
      memberSnapshots(deps.redis, deps.config.REDIS_PREFIX, deps.mongo).refresh(user.id),
    );
    expectExactKeys(runs);
    expect(runs.map((run) => run.keys)).toEqual([
      [keys.memberSnapshot(user.id)],
      [keys.legacyMemberSnapshot(user.id)],
      [keys.memberSnapshot(user.id)],
    ]);
  });

  it('when a rate limit counts and a lock is released, then each script touches only its key', async () => {
    const limiter = new RateLimiter(deps.redis, deps.config.REDIS_PREFIX);
    const rule = { name: 'scripts-test', limit: 5, windowSeconds: 60 };
    const lockKey = keys.applyIfNewerLock('scripts-test', 'someone');
    const runs = await watch.during(async () => {
      await limiter.hit(rule, '203.0.113.9');
      await withRedisLock(deps.redis, lockKey, { ttlMs: 5000, busy: () => new Error('busy') }, async () => 1);
    });
    expectExactKeys(runs);
    expect(runs.map((run) => run.keys)).toEqual([[keys.rateLimit(rule.name, '203.0.113.9')], [lockKey]]);
  });
});
