import Router from '@koa/router';
import request from 'supertest';
import { z } from 'zod';
import { baseEnvSchema } from '../config';
import { ConflictError } from '../errors';
import { requirePremium, requireUser } from '../guards';
import { RateLimiter } from '../rate-limit';
import { createRedis } from '../redis';
import { createTestDeps, loggedInMember, type TestDeps, TEST_SITE_ORIGIN } from '../testing';
import { createApp } from './create-app';
import { parseBody } from './validate';

const schema = baseEnvSchema;
let deps: TestDeps<z.infer<typeof schema>>;
let server: ReturnType<ReturnType<typeof createApp>['callback']>;

beforeAll(async () => {
  deps = await createTestDeps(schema);
  const router = new Router();
  router.post('/echo', (ctx) => {
    ctx.body = parseBody(ctx, z.strictObject({ name: z.string({ error: 'Name is required' }).min(1, 'Name is required') }));
  });
  router.get('/boom', () => {
    throw new Error('secret internals at /srv/app.js:12');
  });
  router.get('/conflict', () => {
    throw new ConflictError('Already there');
  });
  router.get('/me', requireUser(deps.mongo), (ctx) => {
    ctx.body = ctx.state.user;
  });
  router.get('/premium', requirePremium(deps.mongo), (ctx) => {
    ctx.body = { ok: true };
  });
  server = createApp(deps, { name: 'kit-test', routers: [router] }).callback();
});

afterAll(() => deps.close());

describe('the shared Koa app', () => {
  it('when a body is valid, then the route sees it', async () => {
    const res = await request(server).post('/echo').send({ name: 'Ada' });
    expect(res).toMatchObject({ status: 200, body: { name: 'Ada' } });
  });

  it('when a field is missing, then 400 names it', async () => {
    const res = await request(server).post('/echo').send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Name is required', code: 'VALIDATION_ERROR', errors: { name: 'Name is required' } });
  });

  it('when a NoSQL operator is sent for a string, then 400', async () => {
    const res = await request(server).post('/echo').send({ name: { $gt: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('name');
  });

  it('when the JSON is malformed, then 400 with a message', async () => {
    const res = await request(server).post('/echo').set('Content-Type', 'application/json').send('{"name":');
    expect(res).toMatchObject({ status: 400, body: { message: 'Request body is not valid JSON.' } });
  });

  it('when the body is over the limit, then 413', async () => {
    const res = await request(server).post('/echo').send({ name: 'x'.repeat(200_000) });
    expect(res).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('when a handler crashes, then 500 without internals', async () => {
    const res = await request(server).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    expect(JSON.stringify(res.body)).not.toContain('srv');
  });

  it('when an operational error is thrown, then its status and message', async () => {
    expect(await request(server).get('/conflict')).toMatchObject({ status: 409, body: { message: 'Already there', code: 'CONFLICT' } });
  });

  it('when the path is unknown, then a JSON 404', async () => {
    expect(await request(server).get('/nope')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('when a POST comes from another origin, then 403; from the site, it passes', async () => {
    const bad = await request(server).post('/echo').set('Origin', 'https://evil.example').send({ name: 'x' });
    expect(bad).toMatchObject({ status: 403, body: { code: 'BAD_ORIGIN' } });
    const good = await request(server).post('/echo').set('Origin', TEST_SITE_ORIGIN).send({ name: 'x' });
    expect(good.status).toBe(200);
  });

  it('when nobody is logged in, then guarded routes answer 401', async () => {
    expect((await request(server).get('/me')).status).toBe(401);
    expect((await request(server).get('/premium')).status).toBe(401);
  });

  it('when an error is answered, then it carries the security headers too', async () => {
    const res = await request(server).get('/me');
    expect(res.status).toBe(401);
    expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
  });

  it('when a free member calls a Premium route, then 403; a Premium member passes', async () => {
    const free = await loggedInMember(deps);
    expect((await request(server).get('/me').set('Cookie', free.cookie)).body).toMatchObject({ id: free.user.id, membershipLevel: 'free' });
    expect(await request(server).get('/premium').set('Cookie', free.cookie)).toMatchObject({ status: 403, body: { code: 'PREMIUM_REQUIRED' } });
    const premium = await loggedInMember(deps, { membershipLevel: 'premium' });
    expect((await request(server).get('/premium').set('Cookie', premium.cookie)).status).toBe(200);
  });

  it('when a session cookie is forged, then it is not accepted', async () => {
    const { cookie } = await loggedInMember(deps);
    const forged = cookie.replace(/fm\.sid\.sig=[^;]+/, 'fm.sid.sig=AAAA');
    expect((await request(server).get('/me').set('Cookie', forged)).status).toBe(401);
  });

  it('when Redis cannot be reached, then a rate-limited route answers 503 instead of hanging', async () => {
    const deadRedis = createRedis('redis://127.0.0.1:1');
    const limiter = new RateLimiter(deadRedis, 'dead');
    const router = new Router();
    router.post('/limited', async (ctx) => {
      await limiter.hit({ name: 'x', limit: 5, windowSeconds: 60 }, ctx.ip);
      ctx.body = { ok: true };
    });
    const app = createApp({ ...deps, redis: deadRedis }, { name: 'dead-redis', routers: [router] }).callback();
    const started = Date.now();
    const res = await request(app).post('/limited').send({});
    expect(res).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    expect(Date.now() - started).toBeLessThan(10_000);
    deadRedis.disconnect();
  });

  it('answers /healthz and /readyz with Mongo and Redis up', async () => {
    expect((await request(server).get('/healthz')).body).toMatchObject({ status: 'ok' });
    expect(await request(server).get('/readyz')).toMatchObject({ status: 200, body: { mongo: 'ok', redis: 'ok' } });
  });
});
