/**
 * The auth service behind the real nginx gateway (config rendered from gateway/ as the
 * launcher does): a member signs up, is recognised and logs out through the gateway.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, eventually, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import { compose } from '../compose';
import { configSchema, type AuthConfig } from '../config';

const repoRoot = path.resolve(__dirname, '../../../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? 'nginx';

let deps: TestDeps<AuthConfig>;
let service: Composed;
let authServer: Server;
let nginx: ChildProcess;
let base: string;

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  deps = await createTestDeps(configSchema, { BCRYPT_ROUNDS: '4' });
  service = await compose(deps);
  authServer = service.app.listen(0);
  await new Promise((resolve) => authServer.once('listening', resolve));
  const authPort = (authServer.address() as AddressInfo).port;
  const probe = (await import('node:http')).createServer();
  const gatewayPort = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));

  const tmp = mkdtempSync(path.join(tmpdir(), 'fm-auth-gw-'));
  const dist = path.join(tmp, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const prefix = path.join(tmp, 'nginx');
  const env = {
    ...process.env,
    AUTH_PORT: String(authPort),
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_HOST: '127.0.0.1',
  };
  const rendered = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'gateway/render.js'),
      '--mode',
      'local',
      '--out',
      path.join(prefix, 'conf'),
      '--root',
      dist,
      '--media',
      tmp,
      '--prefix',
      prefix,
    ],
    { env, encoding: 'utf8' },
  );
  if (rendered.status !== 0) throw new Error(`gateway render failed: ${rendered.stderr}`);
  nginx = spawn(
    NGINX,
    ['-p', prefix, '-e', path.join(prefix, 'logs/error.log'), '-c', 'conf/nginx.conf', '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
  base = `http://127.0.0.1:${gatewayPort}`;
  await eventually(async () => (await fetch(`${base}/api/auth/user`)).status === 401, 10_000, 50);
});

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await new Promise((resolve) => authServer?.close(resolve));
  if (service) await closeBackground(service.background);
  await deps?.close();
});

describe('auth through the nginx gateway', () => {
  it('when a member signs up, checks who they are and logs out, then each step works end to end', async () => {
    const email = `gateway${Date.now()}@example.com`;
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: TEST_SITE_ORIGIN },
      body: JSON.stringify({ email, password: 'fairway-1' }),
    });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('x-content-type-options')).toBe('nosniff');
    expect(signup.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    const cookie = signup.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toContain('fm.sid=');

    const me = await fetch(`${base}/api/auth/user`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, membershipLevel: 'free' });

    const logout = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: TEST_SITE_ORIGIN },
    });
    expect(logout.status).toBe(204);
    expect((await fetch(`${base}/api/auth/user`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('when a browser navigates to /api/login through the gateway, then it lands on /login', async () => {
    const res = await fetch(`${base}/api/login`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\/login$/);
  });
});
