/**
 * The Redis the services share, at and near its memory ceiling (issue 43 §6): /metrics reports
 * used memory and the ceiling (one INFO memory per scrape), so an alert can fire before writes fail
 * at maxmemory; and a write refused there (noeviction's OOM) answers 503 with Retry-After, not 500.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import Router from '@koa/router';
import request from 'supertest';
import type { z } from 'zod';
import { baseEnvSchema } from './config';
import { createApp } from './http/create-app';
import { watchRedisMemory } from './metrics';
import { RateLimiter } from './rate-limit';
import { createRedis } from './redis';
import { createTestDeps, eventually, type TestDeps } from './testing';

let deps: TestDeps<z.infer<typeof baseEnvSchema>>;

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
});

afterAll(async () => {
  watchRedisMemory(undefined);
  await deps.close();
});

/** The sample of fm_redis_memory_bytes{kind}, or undefined when it is absent. */
const memory = (text: string, kind: string) => {
  const line = text.split('\n').find((l) => l.startsWith('fm_redis_memory_bytes{') && l.includes(`kind="${kind}"`));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};

it('when Redis is watched, then /metrics has its used memory and its ceiling, from one INFO memory per scrape', async () => {
  const info = jest.spyOn(deps.redis, 'info');
  watchRedisMemory(deps.redis);
  const app = createApp(deps, { name: 'content', routers: [] }).callback();
  const res = await request(app).get('/metrics');
  expect(res.status).toBe(200);
  const [, max] = (await deps.redis.config('GET', 'maxmemory')) as [string, string];
  expect(memory(res.text, 'used')).toBeGreaterThan(100_000);
  expect(memory(res.text, 'max')).toBe(Number(max));
  // (ioredis's own ready check calls INFO too, with a callback.)
  expect(info.mock.calls.filter(([section]) => section === 'memory')).toHaveLength(1);
  info.mockRestore();
});

it('when Redis does not answer, then the scrape still answers, without the Redis figures', async () => {
  watchRedisMemory({ info: () => Promise.reject(new Error('down')) });
  const app = createApp(deps, { name: 'content', routers: [] }).callback();
  const res = await request(app).get('/metrics');
  expect(res.status).toBe(200);
  expect(memory(res.text, 'used')).toBeUndefined();
  expect(res.text).toMatch(/http_requests_total|process_cpu/);
});

it('when Redis is at its maxmemory (noeviction), then a write answers 503 UNAVAILABLE with Retry-After, a read goes on', async () => {
  // A Redis of its own (the shared one is everyone's): its ceiling is then set just below its use.
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const server: ChildProcess = spawn('redis-server', [...args, '--maxmemory-policy', 'noeviction'], {
    stdio: 'ignore',
  });
  const full = createRedis(`redis://127.0.0.1:${port}`);
  try {
    await eventually(async () => (await full.ping()) === 'PONG');
    await full.set('kept', 'a value');
    const used = Number(/used_memory:(\d+)/.exec(await full.info('memory'))![1]);
    await full.config('SET', 'maxmemory', String(used - 1024));
    const limiter = new RateLimiter(full, 'full');
    const router = new Router();
    router.post('/write', async (ctx) => {
      await limiter.hit({ name: 'x', limit: 5, windowSeconds: 60 }, ctx.ip);
      ctx.body = { ok: true };
    });
    router.get('/read', async (ctx) => {
      ctx.body = { kept: await full.get('kept') };
    });
    const app = createApp({ ...deps, redis: full }, { name: 'full-redis', routers: [router] }).callback();
    const write = await request(app).post('/write').send({});
    expect(write).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    expect(write.headers['retry-after']).toBe('5');
    expect((await request(app).get('/read')).body).toEqual({ kept: 'a value' });
  } finally {
    full.disconnect();
    server.kill('SIGTERM');
  }
});
