/**
 * Harness of auth's account tests: the service composed on an isolated database and Redis
 * prefix, browsers (supertest agents with their own cookie jars) and the jobs auth queued.
 */
import type { QueueName } from '@fm/contracts';
import { bullPrefix } from '@fm/shared/queues';
import { closeBackground } from '@fm/shared/service';
import { createTestDeps, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import { Queue } from 'bullmq';
import request from 'supertest';
import { compose } from '../src/compose';
import { configSchema, type AuthConfig } from '../src/config';

export type AuthService = Awaited<ReturnType<typeof compose>>;
export type Browser = ReturnType<typeof request.agent>;

export interface Harness {
  deps: TestDeps<AuthConfig>;
  service: AuthService;
  server: ReturnType<AuthService['app']['callback']>;
  /** The jobs on one of auth's queues (consumed only where a test starts a worker). */
  jobs(queue: QueueName, name?: string): Promise<QueuedJob[]>;
  /** Resolves once a queue holds no job waiting, delayed or running (a worker has answered them all). */
  drained(queue: QueueName, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface QueuedJob {
  id: string | undefined;
  name: string;
  data: Record<string, unknown>;
}

export async function startAuth(env: Record<string, string> = {}): Promise<Harness> {
  const deps = await createTestDeps(configSchema, { BCRYPT_ROUNDS: '4', ...env });
  const service = await compose(deps);
  const queues = new Map<string, Queue>();
  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: { url: deps.config.REDIS_URL },
        prefix: bullPrefix(deps.config.REDIS_PREFIX),
      });
      queues.set(name, queue);
    }
    return queue;
  };
  return {
    deps,
    service,
    server: service.app.callback(),
    async jobs(queue, name) {
      const jobs = await queueOf(queue).getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed']);
      return jobs
        .filter((job) => !name || job.name === name)
        .map((job) => ({ id: job.id, name: job.name, data: job.data as Record<string, unknown> }));
    },
    async drained(queue, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const counts = await queueOf(queue).getJobCounts('waiting', 'delayed', 'prioritized', 'active');
        if (Object.values(counts).every((count) => count === 0)) return;
        if (Date.now() > until)
          throw new Error(`${queue} not drained within ${timeoutMs} ms: ${JSON.stringify(counts)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      await closeBackground(service.background);
      await deps.close();
    },
  };
}

let counter = 0;
export const uniqueEmail = (tag = 'member') => `${tag}${Date.now()}${counter++}@example.com`;

// Each test sends from its own client address (the services trust one proxy's X-Forwarded-For),
// so the per-IP ceilings of one test never touch another.
let ipCounter = 1;
export const nextIp = () => `198.51.100.${ipCounter++ % 250}`;

/** The session id a response's cookie carries (undefined: no new session cookie). */
export function sidOf(res: request.Response): string | undefined {
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('fm.sid='));
  return cookie ? /^fm\.sid=([^;]*)/.exec(cookie)![1] : undefined;
}

/** A new member signed up in a browser of their own. */
export async function signedUpMember(
  harness: Harness,
  overrides: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
) {
  const browser = request.agent(harness.server);
  const member = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'birdie-123',
    firstName: overrides.firstName ?? 'Ada',
    lastName: overrides.lastName ?? 'Lovelace',
  };
  const res = await browser
    .post('/api/auth/signup')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Forwarded-For', nextIp())
    .send(member);
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...member, id: res.body.user.id as string, browser, sid: sidOf(res)! };
}

/** Another browser of the member, logged in with the password. */
export async function loggedInBrowser(harness: Harness, email: string, password: string) {
  const browser = request.agent(harness.server);
  const res = await browser.post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({ email, password });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { browser, sid: sidOf(res)! };
}

/** Whether a browser's session still belongs to a member (GET /api/auth/user: 200 or 401). */
export async function whoAmI(browser: Browser): Promise<number> {
  return (await browser.get('/api/auth/user')).status;
}

export { TEST_SITE_ORIGIN };
