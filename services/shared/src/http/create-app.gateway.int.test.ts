/**
 * The kit's Koa app behind the real nginx gateway (config rendered from gateway/ as the launcher
 * does), standing in as the courses service: what one client sends must not harm the next
 * client's request on nginx's reused upstream connections.
 */
import Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { startGateway } from '../../../../gateway/testing/start-gateway';
import { baseEnvSchema } from '../config';
import { createTestDeps, type TestDeps } from '../testing';
import { createApp } from './create-app';
import { parseBody } from './validate';

let deps: TestDeps<z.infer<typeof baseEnvSchema>>;
let service: Server;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let tmp: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on its own connection (another client), or `undefined` if unanswered in 10 s. */
function send(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer | undefined> {
  return new Promise((resolve) => {
    const req = http.request(`${gateway.base}${url}`, { method, headers: options.headers, agent: false });
    req.setTimeout(10_000, () => {
      req.destroy();
      resolve(undefined);
    });
    req.on('error', () => resolve(undefined));
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.end(options.body);
  });
}

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  const router = new Router();
  router.get('/api/courses', (ctx) => {
    ctx.body = { ok: true };
  });
  router.post('/api/courses', (ctx) => {
    ctx.body = parseBody(ctx, z.object({ name: z.string() }));
  });
  service = createApp(deps, { name: 'courses', routers: [router] }).listen(0, '127.0.0.1');
  service.keepAliveTimeout = 65_000; // as runService sets it: longer than nginx's 60 s read timeout
  await new Promise((resolve) => service.once('listening', resolve));
  tmp = mkdtempSync(path.join(tmpdir(), 'fm-kit-gw-'));
  mkdirSync(path.join(tmp, 'dist'));
  writeFileSync(path.join(tmp, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
  gateway = await startGateway({
    dir: tmp,
    ports: { courses: (service.address() as AddressInfo).port },
    root: path.join(tmp, 'dist'),
    media: tmp,
  });
});

afterAll(async () => {
  await gateway?.stop();
  service?.closeAllConnections();
  await new Promise((resolve) => service?.close(resolve));
  await deps?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** 20 requests, each from a new client, one after the other: their statuses (undefined: no answer). */
async function twentyOtherClients(): Promise<(number | undefined)[]> {
  const statuses: (number | undefined)[] = [];
  for (let i = 0; i < 20; i++) statuses.push((await send('GET', '/api/courses'))?.status);
  return statuses;
}

describe('a kit service behind the gateway', () => {
  it('when a 200 KB gzip body that inflates past the body limit is sent, then 415 and the next 20 clients are all answered', async () => {
    // Random hex compresses about 2:1: ~200 KB on the wire, ~400 KB inflated (limit 100 KB).
    const bomb = gzipSync(`{"name":"${randomBytes(200_000).toString('hex')}"}`);
    expect(bomb.length).toBeGreaterThan(190_000);
    const refused = await send('POST', '/api/courses', {
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: bomb,
    });
    const others = await twentyOtherClients();
    expect({ status: refused?.status, body: refused && JSON.parse(refused.body), others }).toEqual({
      status: 415,
      body: { message: expect.any(String), code: 'UNSUPPORTED_MEDIA_TYPE' },
      others: Array(20).fill(200),
    });
  });

  // The gateway caps API bodies at the services' limit (BODY_LIMIT): it answers the 413 itself, so
  // a service never answers before reading a body and closes under nginx (a 503; resilience suite).
  it('when a plain body over the service limit is sent, then the gateway answers 413 in the envelope and the next 20 clients are all answered', async () => {
    const refused = await send('POST', '/api/courses', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(500_000) }),
    });
    const others = await twentyOtherClients();
    expect({ status: refused?.status, body: refused && JSON.parse(refused.body), others }).toEqual({
      status: 413,
      body: { message: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' },
      others: Array(20).fill(200),
    });
  });

  it.each(['PROPFIND', 'MOVE', 'SEARCH'])(
    'when %s is sent to an API path, then 405 in the error envelope with Allow',
    async (method) => {
      const res = await send(method, '/api/courses');
      expect(res?.status).toBe(405);
      expect(res?.headers.allow).toBe('HEAD, GET, POST');
      expect(JSON.parse(res?.body ?? '')).toEqual({ message: 'Method not allowed.', code: 'METHOD_NOT_ALLOWED' });
    },
  );

  it('when a client sends its own X-Request-Id, then it comes back in that header only, never in a body or another header', async () => {
    const id = 'client-trace:0123456789';
    for (const [method, url] of [
      ['GET', '/api/courses'],
      ['PROPFIND', '/api/courses'],
      ['GET', '/api/nope'],
    ] as const) {
      const res = await send(method, url, { headers: { 'X-Request-Id': id } });
      expect(res?.headers['x-request-id']).toBe(id);
      const elsewhere = Object.entries(res?.headers ?? {}).filter(
        ([name, value]) => name !== 'x-request-id' && String(value).includes(id),
      );
      expect({ elsewhere, inBody: res?.body.includes(id) }).toEqual({ elsewhere: [], inBody: false });
    }
  });
});
