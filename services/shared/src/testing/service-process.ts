/**
 * Another service's built server as a child process, for end-to-end tests: services never
 * import each other's src, so billing's tests run auth's (or contact's) real consumer, and
 * contact's run billing's.
 * Same Mongo database and Redis prefix as the test's deps, so sessions and queues are shared.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** The workspace root: the nearest folder above with services/shared (works from src and from a build). */
function findRepoRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'services', 'shared', 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no workspace root above ${from}`);
    dir = parent;
  }
  return dir;
}

let repoRoot: string | undefined;
/** The workspace root, found on first use. */
const REPO_ROOT = () => (repoRoot ??= findRepoRoot(__dirname));

const built = new Set<string>();

/** Brings services/<name>/dist up to date (tsc -b is incremental: quick when nothing changed). */
export function buildService(name: string): string {
  const server = path.join(REPO_ROOT(), 'services', name, 'dist', 'server.js');
  if (!built.has(name)) {
    execFileSync(
      process.execPath,
      [path.join(REPO_ROOT(), 'node_modules/typescript/bin/tsc'), '-b', `services/${name}`],
      {
        cwd: REPO_ROOT(),
        stdio: 'pipe',
        timeout: 120_000,
      },
    );
    built.add(name);
  }
  if (!existsSync(server)) throw new Error(`services/${name} has no dist/server.js after building`);
  return server;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** MONGO_URL naming the test's own database in its path (runService connects to the URL's database). */
export function mongoUrlFor(env: Record<string, string>): string {
  const url = new URL(env.MONGO_URL ?? 'mongodb://127.0.0.1:27017');
  url.pathname = `/${env.TEST_DB_NAME}`;
  return url.toString();
}

export interface ServiceProcess {
  readonly url: string;
  readonly port: number;
  /** Starts it (again) and resolves once /readyz answers 200. */
  start(): Promise<void>;
  /** SIGTERM, then waits for the exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
  readonly running: boolean;
  /** Its last output lines (for failure messages). */
  output(): string;
}

export function serviceProcess(
  name: string,
  testEnv: Record<string, string>,
  extraEnv: Record<string, string> = {},
  port?: number,
): Promise<ServiceProcess> {
  return (async () => {
    const server = buildService(name);
    const listenPort = port ?? (await freePort());
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_SERVICE_LOG_LEVEL ?? 'warn',
      PORT: String(listenPort),
      SITE_ORIGIN: testEnv.SITE_ORIGIN ?? 'http://localhost:8080',
      MONGO_URL: mongoUrlFor(testEnv),
      REDIS_URL: testEnv.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: testEnv.REDIS_PREFIX ?? 'fm',
      SESSION_KEYS: testEnv.SESSION_KEYS ?? '',
      JWT_SECRET: testEnv.JWT_SECRET ?? '',
      ...extraEnv,
    };
    let child: ChildProcess | undefined;
    /** The processes stop() ended (their exit is expected). */
    const stopping = new WeakSet<ChildProcess>();
    let lines: string[] = [];
    const keep = (chunk: Buffer) => {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (lines.length > 200) lines = lines.slice(-200);
    };

    const handle: ServiceProcess = {
      url: `http://127.0.0.1:${listenPort}`,
      port: listenPort,
      get running() {
        return Boolean(child && child.exitCode === null && child.signalCode === null);
      },
      output: () => lines.join('\n'),
      async start() {
        if (handle.running) return;
        const started = spawn(process.execPath, [server], { cwd: REPO_ROOT(), env, stdio: ['ignore', 'pipe', 'pipe'] });
        child = started;
        started.stdout?.on('data', keep);
        started.stderr?.on('data', keep);
        // A process that ends without stop() (a crash, a port taken meanwhile) says so with its last
        // output in the suite's log: the test itself sees only ECONNREFUSED on its port.
        started.once('exit', (code, signal) => {
          if (stopping.has(started)) return;
          process.stderr.write(
            `[service-process] ${name} on port ${listenPort} (pid ${started.pid}) exited by itself ` +
              `(code ${code}, signal ${signal}); its last output:\n${handle.output()}\n`,
          );
        });
        const deadline = Date.now() + 30_000;
        for (;;) {
          if (started.exitCode !== null) {
            throw new Error(`${name} exited with ${started.exitCode} while starting:\n${handle.output()}`);
          }
          try {
            const res = await fetch(`${handle.url}/readyz`, { signal: AbortSignal.timeout(1000) });
            if (res.status === 200) return;
          } catch {
            // not listening yet
          }
          if (Date.now() > deadline) {
            await handle.stop();
            throw new Error(`${name} was not ready within 30 s:\n${handle.output()}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      async stop() {
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return;
        stopping.add(running);
        await new Promise<void>((resolve) => {
          const killer = setTimeout(() => running.kill('SIGKILL'), 10_000);
          running.once('exit', () => {
            clearTimeout(killer);
            resolve();
          });
          running.kill('SIGTERM');
        });
      },
    };
    return handle;
  })();
}
