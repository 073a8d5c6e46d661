/**
 * runService's shutdown, in a real child process: a tiny service (test/drain-service.js, on the
 * built kit) gets SIGTERM while a request is in flight.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eventually, testEnv } from './testing';

const SHARED = path.resolve(__dirname, '..');
const REPO_ROOT = path.resolve(SHARED, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The child's stdout, line by line: `next(match)` resolves with the first line (seen or coming) that matches. */
function linesOf(child: ChildProcessWithoutNullStreams) {
  const seen: string[] = [];
  const waiting = new Set<{ match: (line: string) => boolean; resolve: (line: string) => void }>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    seen.push(line);
    for (const waiter of waiting) {
      if (waiter.match(line)) {
        waiting.delete(waiter);
        waiter.resolve(line);
      }
    }
  });
  return {
    seen,
    next(match: (line: string) => boolean): Promise<string> {
      const found = seen.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.add({ match, resolve }));
    },
  };
}

const logged = (message: string) => (line: string) => {
  try {
    return (JSON.parse(line) as { msg?: unknown }).msg === message;
  } catch {
    return false;
  }
};

/** GET on a keep-alive connection, as nginx and browsers hold them. */
function get(port: number, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

function tryConnect(port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

let child: ChildProcessWithoutNullStreams | undefined;

beforeAll(() => {
  // The child runs the kit as built; tsc -b only rebuilds what changed.
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', SHARED], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
    timeout: 120_000,
  });
}, 150_000);

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe('runService shutdown', () => {
  it('when SIGTERM arrives during a request, then that request completes, new connections are refused and the process exits 0 after closing its parts', async () => {
    const port = await freePort();
    const env = testEnv({ PORT: String(port), LOG_LEVEL: 'info' });
    const url = new URL(env.MONGO_URL!);
    url.pathname = `/${env.TEST_DB_NAME}`;
    const running = spawn(process.execPath, [path.join(SHARED, 'test', 'drain-service.js')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env, MONGO_URL: url.toString() },
    });
    child = running;
    let stderr = '';
    running.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    const lines = linesOf(running);
    await Promise.race([
      lines.next(logged('drain-probe listening')),
      exited.then((code) => Promise.reject(new Error(`the service exited (${code}) while starting: ${stderr}`))),
    ]);

    const agent = new http.Agent({ keepAlive: true });
    const inFlight = get(port, agent);
    await lines.next((line) => line === 'slow request started');

    running.kill('SIGTERM');
    await lines.next(logged('shutting down'));
    // The log line comes just before the listener closes: poll until it has.
    await eventually(async () => (await tryConnect(port)) === 'ECONNREFUSED');
    expect(running.exitCode).toBeNull();

    running.stdin.write('release\n');
    expect(await inFlight).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    const started = Date.now();
    expect(await exited).toBe(0);
    // The kit gives up after 15 s with exit code 1; a drained server closes at once.
    expect(Date.now() - started).toBeLessThan(5000);
    // Its background part was started before the service listened, and closed on the way out.
    const seen = lines.seen.map((line) => (line.startsWith('{') ? (JSON.parse(line) as { msg: string }).msg : line));
    expect(seen.indexOf('background started')).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf('background started')).toBeLessThan(seen.indexOf('drain-probe listening'));
    expect(seen).toContain('background closed');
    agent.destroy();
  });
});
