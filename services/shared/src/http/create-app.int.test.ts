import Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import mongoose from 'mongoose';
import pino from 'pino';
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
let listening: Server;

beforeAll(async () => {
  deps = await createTestDeps(schema);
  const router = new Router();
  router.post('/echo', (ctx) => {
    ctx.body = parseBody(
      ctx,
      z.strictObject({ name: z.string({ error: 'Name is required' }).min(1, 'Name is required') }),
    );
  });
  router.get('/boom', () => {
    throw new Error('secret internals at /srv/app.js:12');
  });
  router.get('/conflict', () => {
    throw new ConflictError('Already there');
  });
  router.get('/me', requireUser, (ctx) => {
    ctx.body = ctx.state.viewer;
  });
  router.get('/premium', requirePremium, (ctx) => {
    ctx.body = { ok: true };
  });
  router.get('/items', (ctx) => {
    ctx.body = [];
  });
  const app = createApp(
    { ...deps, logger: pino({ level: 'info' }, logStream) },
    { name: 'kit-test', routers: [router] },
  );
  server = app.callback();
  listening = app.listen(0, '127.0.0.1');
  listening.keepAliveTimeout = 65_000; // as runService sets it
  await new Promise((resolve) => listening.once('listening', resolve));
});

afterAll(async () => {
  listening.closeAllConnections();
  await new Promise((resolve) => listening.close(resolve));
  await deps.close();
});

/** The app's log lines since the last call. */
const logStream = new PassThrough();
let logged = '';
logStream.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));
function takeLogs(): { level: number; msg: string; requestId?: string; status?: number }[] {
  const lines = logged.split('\n').filter(Boolean);
  logged = '';
  return lines.map((line) => JSON.parse(line));
}

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * Writes raw bytes on one connection to the listening app; the bytes the app sent back and
 * whether it closed the connection (within `waitMs` of the last write).
 */
function rawExchange(chunks: (string | Buffer)[], waitMs = 5_000): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect((listening.address() as AddressInfo).port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ answer, closed });
    };
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('end', () => done(true));
    socket.on('error', () => done(true));
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
      }
      timer = setTimeout(() => done(false), waitMs);
    });
  });
}

const statusLines = (answer: string) => answer.match(/HTTP\/1\.1 \d{3}/g);

/** A JSON body of `size` bytes sent in 16 KB chunks (no Content-Length: read until the limit trips). */
function chunkedPost(path: string, size: number): string[] {
  const body = `{"name":"${'x'.repeat(size - 12)}"}`;
  const chunks = [
    `POST ${path} HTTP/1.1\r\nHost: kit\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
  ];
  for (let i = 0; i < body.length; i += 16_384) {
    const part = body.slice(i, i + 16_384);
    chunks.push(`${part.length.toString(16)}\r\n${part}\r\n`);
  }
  chunks.push('0\r\n\r\n');
  return chunks;
}

describe('the shared Koa app', () => {
  it('when a body is valid, then the route sees it', async () => {
    const res = await request(server).post('/echo').send({ name: 'Ada' });
    expect(res).toMatchObject({ status: 200, body: { name: 'Ada' } });
  });

  it('when a field is missing, then 400 names it', async () => {
    const res = await request(server).post('/echo').send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Name is required',
      code: 'VALIDATION_ERROR',
      errors: { name: 'Name is required' },
    });
  });

  it('when a NoSQL operator is sent for a string, then 400', async () => {
    const res = await request(server)
      .post('/echo')
      .send({ name: { $gt: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('name');
  });

  it('when the JSON is malformed, then 400 with a message', async () => {
    const res = await request(server).post('/echo').set('Content-Type', 'application/json').send('{"name":');
    expect(res).toMatchObject({ status: 400, body: { message: 'Request body is not valid JSON.' } });
  });

  it('when the body is over the limit, then 413', async () => {
    const res = await request(server)
      .post('/echo')
      .send({ name: 'x'.repeat(200_000) });
    expect(res).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('when a handler crashes, then 500 without internals', async () => {
    const res = await request(server).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    expect(JSON.stringify(res.body)).not.toContain('srv');
  });

  it('when an operational error is thrown, then its status and message', async () => {
    expect(await request(server).get('/conflict')).toMatchObject({
      status: 409,
      body: { message: 'Already there', code: 'CONFLICT' },
    });
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
    expect((await request(server).get('/me').set('Cookie', free.cookie)).body).toMatchObject({
      id: free.user.id,
      membershipLevel: 'free',
    });
    expect(await request(server).get('/premium').set('Cookie', free.cookie)).toMatchObject({
      status: 403,
      body: { code: 'PREMIUM_REQUIRED' },
    });
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

  it('when the MongoDB-protocol store does not answer, then a read answers 503 UNAVAILABLE with Retry-After, not 500', async () => {
    // A store that takes the connection and never answers (one going down or restarting): the
    // driver's error names no cause ("Server selection timed out after 1000 ms").
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as AddressInfo;
    const store = mongoose.createConnection(`mongodb://127.0.0.1:${port}/nothing-here`, {
      serverSelectionTimeoutMS: 1000,
    });
    const storeError = await store.asPromise().then(
      () => undefined,
      (err: Error) => err,
    );
    expect(storeError?.message).toMatch(/timed out/);
    const router = new Router();
    router.get('/read', () => {
      throw storeError;
    });
    const app = createApp(deps, { name: 'silent-store', routers: [router] }).callback();
    const res = await request(app).get('/read');
    expect(res).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    expect(res.headers['retry-after']).toBe('5');
    // A model's operation on that connection: mongoose holds it, then gives up ("buffering timed out").
    const Thing = store.model('Thing', new mongoose.Schema({ name: String }, { bufferTimeoutMS: 500 }));
    const queryError = await Thing.findOne().then(
      () => undefined,
      (err: Error) => err,
    );
    router.get('/query', () => {
      throw queryError;
    });
    const held = await request(createApp(deps, { name: 'silent-store', routers: [router] }).callback()).get('/query');
    expect(held).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    await store.close(true);
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it.each([
    ['gzip', gzipSync('{"name":"Ada"}')],
    ['deflate', deflateSync('{"name":"Ada"}')],
    ['br', brotliCompressSync('{"name":"Ada"}')],
    ['gzip', Buffer.from('not gzip at all')],
    ['br', Buffer.from([0xff, 0xff, 0xff, 0xff])],
    ['x-unheard-of', Buffer.from('{}')],
  ])(
    'when a body is %s-encoded (well-formed or not), then 415 in the envelope, never a 500',
    async (encoding, body) => {
      const res = await request(server)
        .post('/echo')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(body);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        message: 'Compressed request bodies are not accepted; send the body uncompressed.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    },
  );

  it('when a 200 KB gzip body that inflates past the limit is sent, then 415 and the connection closes', async () => {
    const bomb = gzipSync(`{"name":"${randomHex(200_000)}"}`);
    const { answer, closed } = await rawExchange([
      `POST /echo HTTP/1.1\r\nHost: kit\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${bomb.length}\r\n\r\n`,
      bomb,
    ]);
    expect(statusLines(answer)).toEqual(['HTTP/1.1 415']);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(closed).toBe(true);
  });

  it('when a body over the limit is refused before it is all read, then 413, the connection closes and the unread rest is never taken for a request', async () => {
    const { answer, closed } = await rawExchange(chunkedPost('/echo', 300_000));
    expect(statusLines(answer)).toEqual(['HTTP/1.1 413']);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(closed).toBe(true);
  });

  it('when a body over the limit declares its length, then 413 before reading it and the connection closes', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(200_000) });
    const { answer, closed } = await rawExchange([
      `POST /echo HTTP/1.1\r\nHost: kit\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    ]);
    expect(statusLines(answer)).toEqual(['HTTP/1.1 413']);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(closed).toBe(true);
  });

  it('when requests are well-formed, then the connection is kept alive for the next one', async () => {
    const body = '{"name":"Ada"}';
    const post = `POST /echo HTTP/1.1\r\nHost: kit\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    // The app closes at once when it closes; half a second of silence means it kept the connection.
    const { answer, closed } = await rawExchange([post, 'GET /items HTTP/1.1\r\nHost: kit\r\n\r\n', post], 500);
    expect(statusLines(answer)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(answer).not.toMatch(/Connection: close/i);
    expect(closed).toBe(false);
  });

  it.each(['PROPFIND', 'MOVE', 'SEARCH', 'TRACE', 'PUT'])(
    'when %s is sent to an address that does not serve it, then 405 with Allow, in the envelope, and no error log',
    async (method) => {
      takeLogs();
      const res = await request(server)[method.toLowerCase() as 'get']('/items');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('HEAD, GET');
      expect(res.body).toEqual({ message: 'Method not allowed.', code: 'METHOD_NOT_ALLOWED' });
      const logs = takeLogs();
      expect(logs.filter((line) => line.level >= 50)).toEqual([]);
      expect(logs).toContainEqual(expect.objectContaining({ msg: 'request', status: 405 }));
    },
  );

  it('when an unusual method is sent to an unknown path, then the JSON 404', async () => {
    const res = await request(server)['propfind' as 'get']('/nope');
    expect(res).toMatchObject({ status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } });
    expect(res.headers.allow).toBeUndefined();
  });

  it('when a client sends an X-Request-Id the gateway keeps, then the logs and the X-Request-Id header carry it, and nothing else does', async () => {
    const id = 'client-trace:0123456789';
    takeLogs();
    for (const res of [
      await request(server).get('/items').set('X-Request-Id', id),
      await request(server).get('/nope').set('X-Request-Id', id),
      await request(server).post('/echo').set('X-Request-Id', id).send({}),
    ]) {
      expect(res.headers['x-request-id']).toBe(id);
      expect(
        Object.entries(res.headers).filter(([name, value]) => name !== 'x-request-id' && String(value).includes(id)),
      ).toEqual([]);
      expect(res.text).not.toContain(id);
    }
    expect(takeLogs().map((line) => line.requestId)).toEqual([id, id, id]);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(129)],
    ['markup', '<script>alert(1)</script>'],
    ['spaces and quotes', 'id "with" spaces'],
    ['non-ASCII', 'caf\u00e9-0123456789'],
  ])('when a client sends an X-Request-Id that is %s, then a new id replaces it everywhere', async (_what, id) => {
    takeLogs();
    const res = await request(server).get('/items').set('X-Request-Id', id);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const logs = takeLogs();
    expect(logs.map((line) => line.requestId)).toEqual([res.headers['x-request-id']]);
    expect(JSON.stringify(logs)).not.toContain(id);
  });

  it('answers /healthz and /readyz with Mongo and Redis up', async () => {
    expect((await request(server).get('/healthz')).body).toMatchObject({ status: 'ok' });
    expect(await request(server).get('/readyz')).toMatchObject({ status: 200, body: { mongo: 'ok', redis: 'ok' } });
  });
});
