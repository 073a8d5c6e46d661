/**
 * /metrics is for Prometheus on the service's own port, never for the public: behind the real
 * nginx gateway (config rendered from gateway/ as the launcher does), with the kit's app standing
 * in as all five services, no path the gateway accepts returns the exposition.
 */
import Router from '@koa/router';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { z } from 'zod';
import { startGateway } from '../../../gateway/testing/start-gateway';
import { baseEnvSchema } from './config';
import { createApp } from './http/create-app';
import { createTestDeps, type TestDeps } from './testing';

let deps: TestDeps<z.infer<typeof baseEnvSchema>>;
let service: Server;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let tmp: string;

/** One raw request (the path is sent exactly as written), or undefined if unanswered in 10 s. */
function get(base: string, rawPath: string): Promise<{ status: number; body: string } | undefined> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET', agent: false });
    req.setTimeout(10_000, () => {
      req.destroy();
      resolve(undefined);
    });
    req.on('error', () => resolve(undefined));
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.end();
  });
}

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  const router = new Router();
  router.get('/api/courses', (ctx) => {
    ctx.body = { ok: true };
  });
  service = createApp(deps, { name: 'courses', routers: [router] }).listen(0, '127.0.0.1');
  await new Promise((resolve) => service.once('listening', resolve));
  const port = (service.address() as AddressInfo).port;
  tmp = mkdtempSync(path.join(tmpdir(), 'fm-metrics-gw-'));
  mkdirSync(path.join(tmp, 'dist'));
  writeFileSync(path.join(tmp, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
  gateway = await startGateway({
    dir: tmp,
    ports: { auth: port, content: port, courses: port, contact: port, billing: port },
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

const EXPOSITION = /^# (HELP|TYPE) /m;

test('when /metrics is asked on the service port, then it answers the Prometheus exposition (the control)', async () => {
  const res = await get(`http://127.0.0.1:${(service.address() as AddressInfo).port}`, '/metrics');
  expect(res?.status).toBe(200);
  expect(res?.body).toMatch(EXPOSITION);
  // …and the gateway does reach this service for its API paths.
  expect((await get(gateway.base, '/api/courses'))?.status).toBe(200);
});

test.each([
  '/metrics',
  '/metrics/',
  '/api/metrics',
  '/api/auth/metrics',
  '/api/courses/metrics',
  '/api/billing/metrics',
  '/api/auth/../metrics',
  '/api/auth/%2e%2e/metrics',
  '/api/courses/..%2fmetrics',
  '/api/courses/%2E%2E%2F%2E%2E%2Fmetrics',
  '//metrics',
  '/api//../metrics',
])('when %s is asked through the gateway, then no metrics come back', async (rawPath) => {
  const res = await get(gateway.base, rawPath);
  expect(res).toBeDefined();
  expect(res?.body).not.toMatch(EXPOSITION);
  expect(res?.body).not.toContain('http_requests_total');
});
