/**
 * Where a service listens (HOST) and whose client IP its per-IP limits count (TRUSTED_PROXIES),
 * in real child processes: a tiny service (test/ip-probe.js, on the built kit, started by
 * runService) alone and behind the real nginx gateway.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, testEnv } from './testing';

const SHARED = path.resolve(__dirname, '..');
const REPO_ROOT = path.resolve(SHARED, '..', '..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? 'nginx';

/** An IPv4 address of this machine that is not loopback (undefined when it has none). */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

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

function tryConnect(host: string, port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/** What a test started, with the signal that stops it (nginx: SIGQUIT, so its workers go too). */
const children: { child: ChildProcess; signal: NodeJS.Signals }[] = [];
afterEach(() => {
  for (const { child, signal } of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
});

beforeAll(() => {
  // The child runs the kit as built; tsc -b only rebuilds what changed.
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', SHARED], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
    timeout: 120_000,
  });
}, 150_000);

/** Starts the probe with `env` on a free port; resolves once it answers on `host`. */
async function startProbe(env: Record<string, string>, host = '127.0.0.1') {
  const port = await freePort();
  const vars = testEnv({ PORT: String(port), ...env });
  const url = new URL(vars.MONGO_URL!);
  url.pathname = `/${vars.TEST_DB_NAME}`;
  const child = spawn(process.execPath, [path.join(SHARED, 'test', 'ip-probe.js')], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...vars, MONGO_URL: url.toString() },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push({ child, signal: 'SIGKILL' });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the probe exited (${child.exitCode}): ${stderr}`);
      return (await tryConnect(host, port)) === 'connected';
    },
    15_000,
    50,
  );
  return { port, child };
}

/** GET the probe's per-IP limited route with a forged X-Forwarded-For. */
async function probe(base: string, forged: string): Promise<{ status: number; ip?: string }> {
  const res = await fetch(`${base}/api/auth/ip-probe`, { headers: { 'X-Forwarded-For': forged } });
  const body = (await res.json()) as { ip?: string };
  return { status: res.status, ip: body.ip };
}

/** Four requests, each claiming another client address: the limit is 3 per real client. */
async function fourForgedRequests(base: string) {
  const answers = [];
  for (let i = 1; i <= 4; i++) answers.push(await probe(base, `203.0.113.${i}`));
  return answers;
}

describe('HOST', () => {
  it('when HOST=127.0.0.1, then the service answers on loopback and refuses connections on the machine’s other addresses', async () => {
    const { port } = await startProbe({ HOST: '127.0.0.1' });
    expect(await tryConnect('127.0.0.1', port)).toBe('connected');
    if (!outsideAddress) {
      console.warn('HOST test: this machine has no non-loopback IPv4 address; the refusal on one is not checked');
      return;
    }
    expect(await tryConnect(outsideAddress, port)).toBe('ECONNREFUSED');
  });

  it('when HOST is not an address or a host name, then the service stops at start naming HOST', () => {
    const vars = testEnv({ PORT: '0', HOST: 'not a host!' });
    const run = spawnSync(process.execPath, [path.join(SHARED, 'test', 'ip-probe.js')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...vars },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('HOST: must be an IP address');
  });

  it('when TRUSTED_PROXIES holds something that is not an address or range, then the service stops naming it', () => {
    const vars = testEnv({ PORT: '0', TRUSTED_PROXIES: 'loopback,10.0.0.0/33' });
    const run = spawnSync(process.execPath, [path.join(SHARED, 'test', 'ip-probe.js')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...vars },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('TRUSTED_PROXIES: "10.0.0.0/33" is not');
  });
});

describe('client IPs come from a trusted proxy only', () => {
  it('when a client that is not a trusted proxy forges X-Forwarded-For, then the per-IP limit counts its real address', async () => {
    // The probe trusts a range the test's client is not in (loopback is the client here).
    const { port } = await startProbe({ HOST: '127.0.0.1', TRUSTED_PROXIES: '10.200.0.0/16' });
    const answers = await fourForgedRequests(`http://127.0.0.1:${port}`);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.ip).toBe('127.0.0.1');
  });

  it('when a client reaches a service port over the network and forges X-Forwarded-For, then the limit counts its real address', async () => {
    if (!outsideAddress) {
      console.warn('forged X-Forwarded-For over the network: no non-loopback IPv4 address here; not checked');
      return;
    }
    // As in the images: every interface, loopback and the private ranges trusted.
    const { port } = await startProbe({ HOST: '0.0.0.0', TRUSTED_PROXIES: 'loopback,private' }, outsideAddress);
    const answers = await fourForgedRequests(`http://${outsideAddress}:${port}`);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.ip).toBe(outsideAddress);
  });

  it('when a request comes through the nginx gateway with a forged X-Forwarded-For, then it is keyed on the address nginx saw', async () => {
    const { port } = await startProbe({ HOST: '127.0.0.1' });
    const gatewayPort = await freePort();
    const tmp = mkdtempSync(path.join(tmpdir(), 'fm-ip-gw-'));
    const dist = path.join(tmp, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const prefix = path.join(tmp, 'nginx');
    const rendered = spawnSync(
      process.execPath,
      [
        path.join(REPO_ROOT, 'gateway/render.js'),
        ...['--mode', 'local', '--out', path.join(prefix, 'conf'), '--root', dist, '--media', tmp, '--prefix', prefix],
      ],
      {
        env: { ...process.env, AUTH_PORT: String(port), GATEWAY_PORT: String(gatewayPort), GATEWAY_HOST: '127.0.0.1' },
        encoding: 'utf8',
      },
    );
    if (rendered.status !== 0) throw new Error(`gateway render failed: ${rendered.stderr}`);
    const nginx = spawn(
      NGINX,
      ['-p', prefix, '-e', path.join(prefix, 'logs/error.log'), '-c', 'conf/nginx.conf', '-g', 'daemon off;'],
      { stdio: 'ignore' },
    );
    children.push({ child: nginx, signal: 'SIGQUIT' });
    const base = `http://127.0.0.1:${gatewayPort}`;
    await eventually(async () => (await tryConnect('127.0.0.1', gatewayPort)) === 'connected', 10_000, 50);
    const answers = await fourForgedRequests(base);
    // nginx appended the address it saw (this test's, 127.0.0.1) after the forged one.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.ip).toBe('127.0.0.1');
  });
});
