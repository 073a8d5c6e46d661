import Router from '@koa/router';
import type { Server } from 'node:http';
import request from 'supertest';
import { baseEnvSchema, type BaseConfig } from './config';
import { createApp } from './http/create-app';
import {
  destroyUserSessions,
  listUserSessions,
  SESSION_MAX_AGE_MS,
  SESSION_RENEW_WITHIN_MS,
  sessionKey,
  userSessionsKey,
} from './session';
import { createTestDeps, sessionCookieFor, TEST_SITE_ORIGIN, type TestDeps } from './testing';

let deps: TestDeps<BaseConfig>;
let server: Server;
let prefix: string;

/** Requests to /slow wait here until the test lets them finish. */
const held: (() => void)[] = [];

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  prefix = deps.config.REDIS_PREFIX;
  const router = new Router();
  router.post('/login', async (ctx) => {
    ctx.session!.userId = (ctx.request as unknown as { body: { userId: string } }).body.userId;
    await ctx.session!.regenerate();
    ctx.status = 204;
  });
  router.get('/me', (ctx) => {
    ctx.body = { userId: ctx.session?.userId ?? null, sid: ctx.session?.externalKey };
  });
  router.get('/slow', async (ctx) => {
    const userId = ctx.session?.userId ?? null;
    await new Promise<void>((resolve) => held.push(resolve));
    ctx.body = { userId };
  });
  server = createApp(deps, { name: 'session-test', routers: [router] }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await deps.close();
});

let counter = 0;
const memberId = () => `member-${Date.now()}-${counter++}`;

/** The session id a response's cookie carries. */
function sidOf(res: request.Response): string {
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('fm.sid='));
  return /^fm\.sid=([^;]+)/.exec(cookie ?? '')![1]!;
}

/** A browser logged in as `userId` (its own cookie jar), and its session id. */
async function browserOf(userId: string) {
  const agent = request.agent(server);
  const res = await agent.post('/login').set('Origin', TEST_SITE_ORIGIN).send({ userId });
  expect(res.status).toBe(204);
  return { agent, sid: sidOf(res) };
}

async function whoIs(agent: ReturnType<typeof request.agent>): Promise<string | null> {
  return (await agent.get('/me')).body.userId;
}

/** Resolves once the server holds `count` /slow requests. */
async function heldRequests(count: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (held.length < count) {
    if (Date.now() > deadline) throw new Error('the slow request never arrived');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the session index', () => {
  it('when a member logs in from two browsers, then both sessions are indexed under that member only', async () => {
    const ada = memberId();
    const bob = memberId();
    const one = await browserOf(ada);
    const two = await browserOf(ada);
    const other = await browserOf(bob);
    expect(await listUserSessions(deps.redis, prefix, ada)).toEqual([one.sid, two.sid].sort());
    expect(await listUserSessions(deps.redis, prefix, bob)).toEqual([other.sid]);
    const indexTtl = await deps.redis.pttl(userSessionsKey(prefix, ada));
    expect(indexTtl).toBeGreaterThanOrEqual(SESSION_MAX_AGE_MS);
  });

  it("when every session of one member ends, then both of that member's browsers are logged out and the other member's is not", async () => {
    const ada = memberId();
    const bob = memberId();
    const one = await browserOf(ada);
    const two = await browserOf(ada);
    const other = await browserOf(bob);
    expect(await destroyUserSessions(deps.redis, prefix, ada)).toBe(2);
    expect([await whoIs(one.agent), await whoIs(two.agent), await whoIs(other.agent)]).toEqual([null, null, bob]);
    expect(await deps.redis.exists(sessionKey(prefix, one.sid), sessionKey(prefix, two.sid))).toBe(0);
    expect(await listUserSessions(deps.redis, prefix, ada)).toEqual([]);
  });

  it('when every other session ends, then exactly the kept one still works, and a new login works too', async () => {
    const ada = memberId();
    const kept = await browserOf(ada);
    const others = [await browserOf(ada), await browserOf(ada)];
    expect(await destroyUserSessions(deps.redis, prefix, ada, { except: kept.sid })).toBe(2);
    expect(await whoIs(kept.agent)).toBe(ada);
    expect(await whoIs(kept.agent)).toBe(ada); // and again, after its rolling save
    for (const other of others) expect(await whoIs(other.agent)).toBeNull();
    expect(await listUserSessions(deps.redis, prefix, ada)).toEqual([kept.sid]);
    const later = await browserOf(ada);
    expect(await whoIs(later.agent)).toBe(ada);
  });

  it('when a session that was never indexed (saved before the index existed) belongs to the member, then it ends too', async () => {
    const ada = memberId();
    const cookie = await sessionCookieFor(deps, ada);
    expect((await request(server).get('/me').set('Cookie', cookie)).body.userId).toBe(ada);
    await destroyUserSessions(deps.redis, prefix, ada);
    expect((await request(server).get('/me').set('Cookie', cookie)).body.userId).toBeNull();
  });

  it('when a request is still in flight while every session ends, then its rolling save cannot bring the session back', async () => {
    const ada = memberId();
    const browser = await browserOf(ada);
    const inFlight = browser.agent.get('/slow').then((res) => res);
    await heldRequests(1);
    await destroyUserSessions(deps.redis, prefix, ada);
    held.shift()!();
    const finished = await inFlight;
    expect(finished.body).toEqual({ userId: ada }); // it started while logged in
    expect(await deps.redis.exists(sessionKey(prefix, browser.sid))).toBe(0);
    expect(await whoIs(browser.agent)).toBeNull();
    expect(await listUserSessions(deps.redis, prefix, ada)).toEqual([]);
  });

  it('when an old session of the member is in flight while every other session ends, then the kept one lives and the old one stays dead', async () => {
    const ada = memberId();
    const kept = await browserOf(ada);
    const old = await browserOf(ada);
    const inFlight = old.agent.get('/slow').then((res) => res);
    await heldRequests(1);
    await destroyUserSessions(deps.redis, prefix, ada, { except: kept.sid });
    held.shift()!();
    await inFlight;
    expect([await whoIs(kept.agent), await whoIs(old.agent)]).toEqual([ada, null]);
    expect(await listUserSessions(deps.redis, prefix, ada)).toEqual([kept.sid]);
  });

  it('when a browser logs in again, then its replaced session leaves the index', async () => {
    const ada = memberId();
    const one = await browserOf(ada);
    const two = await browserOf(ada);
    // Logging in again from the same browser replaces its session (regenerate destroys the old id).
    const again = await one.agent.post('/login').set('Origin', TEST_SITE_ORIGIN).send({ userId: ada });
    expect(await listUserSessions(deps.redis, prefix, ada)).toEqual([sidOf(again), two.sid].sort());
    expect(await deps.redis.sismember(userSessionsKey(prefix, ada), one.sid)).toBe(0);
  });
});

const DAY = 24 * 60 * 60 * 1000;

/** Moves a stored session to `left` ms before its end (as if it had been made long ago). */
async function ageSession(sid: string, left: number): Promise<void> {
  const key = sessionKey(prefix, sid);
  const data = JSON.parse((await deps.redis.get(key))!) as Record<string, unknown>;
  await deps.redis.set(key, JSON.stringify({ ...data, _expire: Date.now() + left }), 'PX', left + 10_000);
}

const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);

describe('renewal', () => {
  it('when a member reads a page, then no cookie is sent and the stored session is not rewritten', async () => {
    const ada = memberId();
    const browser = await browserOf(ada);
    const key = sessionKey(prefix, browser.sid);
    const before = await deps.redis.get(key);
    const ttlBefore = await deps.redis.pttl(key);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = await browser.agent.get('/me');
    expect(res.body.userId).toBe(ada);
    expect(setCookies(res)).toEqual([]);
    expect(await deps.redis.get(key)).toBe(before);
    expect(await deps.redis.pttl(key)).toBeLessThanOrEqual(ttlBefore);
  });

  it('when a session has more than a quarter of its life left, then it is not renewed', async () => {
    const browser = await browserOf(memberId());
    await ageSession(browser.sid, SESSION_RENEW_WITHIN_MS + DAY);
    const res = await browser.agent.get('/me');
    expect(setCookies(res)).toEqual([]);
    expect(await deps.redis.pttl(sessionKey(prefix, browser.sid))).toBeLessThan(SESSION_RENEW_WITHIN_MS + 2 * DAY);
  });

  it('when a session is in the last quarter of its life, then one request renews cookie and store for the full 30 days', async () => {
    const ada = memberId();
    const browser = await browserOf(ada);
    await ageSession(browser.sid, 3 * DAY);
    const res = await browser.agent.get('/me');
    expect(res.body.userId).toBe(ada);
    const cookie = setCookies(res).find((c) => c.startsWith('fm.sid='));
    expect(cookie).toBeDefined();
    expect(sidOf(res)).toBe(browser.sid); // the same session, renewed
    const expires = Date.parse(/expires=([^;]+)/i.exec(cookie!)![1]!);
    expect(expires).toBeGreaterThan(Date.now() + SESSION_MAX_AGE_MS - DAY);
    expect(await deps.redis.pttl(sessionKey(prefix, browser.sid))).toBeGreaterThan(SESSION_MAX_AGE_MS - DAY);
    // Renewed: the next request is an ordinary read again.
    expect(setCookies(await browser.agent.get('/me'))).toEqual([]);
    expect(await listUserSessions(deps.redis, prefix, ada)).toEqual([browser.sid]);
  });

  it('when a renewing request is in flight while every session ends, then its save cannot bring the session back', async () => {
    const ada = memberId();
    const browser = await browserOf(ada);
    await ageSession(browser.sid, 3 * DAY);
    const inFlight = browser.agent.get('/slow').then((res) => res);
    await heldRequests(1);
    await destroyUserSessions(deps.redis, prefix, ada);
    held.shift()!();
    const finished = await inFlight;
    expect(finished.body).toEqual({ userId: ada });
    expect(await deps.redis.exists(sessionKey(prefix, browser.sid))).toBe(0);
    expect(await whoIs(browser.agent)).toBeNull();
    expect(await listUserSessions(deps.redis, prefix, ada)).toEqual([]);
  });
});
