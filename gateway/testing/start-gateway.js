'use strict';
// Runs the real gateway for tests: renders the local config with gateway/render.js and starts
// Debian's nginx on it (ephemeral port, files under a temporary folder). Used by
// gateway/test/gateway.test.js (stand-in upstreams) and by service tests that put a real Koa
// service behind it.

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const RENDER = path.join(__dirname, '..', 'render.js');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) || 'nginx';
const { readRegistry } = require('../render.js');
/** The registry's services (services/contracts/src/registry.json). */
const SERVICES = readRegistry().services.map((s) => s.name);

/** @returns {Promise<number>} a port nobody listens on (free when asked) */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/**
 * @param {{ dir: string, ports: Partial<Record<string, number | number[]>>, root: string, media: string }} o
 *   dir: an empty folder for nginx's config, logs and temp files; ports: the upstream port per
 *   service, or the ports of its replicas (a service left out gets a closed port, so the gateway
 *   answers 503 for it).
 * @returns {Promise<{ base: string, stop(): Promise<void> }>}
 */
async function startGateway(o) {
  /** @type {Record<string, string>} */
  const env = { GATEWAY_HOST: '127.0.0.1', GATEWAY_PORT: String(await freePort()) };
  for (const s of SERVICES) {
    const given = o.ports[s];
    const list = Array.isArray(given) ? given : [given ?? (await freePort())];
    env[`${s.toUpperCase()}_PORT`] = String(list[0]);
    // Replicas: every port in the upstream (gateway/render.js).
    if (list.length > 1) env[`${s.toUpperCase()}_UPSTREAM_PORTS`] = list.join(',');
  }
  const prefix = path.join(o.dir, 'nginx');
  const args = ['-p', prefix, '-e', path.join(prefix, 'logs/error.log'), '-c', 'conf/nginx.conf'];
  const r = spawnSync(
    process.execPath,
    [
      RENDER,
      '--mode',
      'local',
      '--out',
      path.join(prefix, 'conf'),
      '--root',
      o.root,
      '--media',
      o.media,
      '--prefix',
      prefix,
    ],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`gateway/render.js failed: ${r.stderr}`);
  const t = spawnSync(NGINX, ['-t', '-q', ...args], { encoding: 'utf8' });
  if (t.status !== 0) throw new Error(`nginx -t failed: ${t.stderr}`);
  const nginx = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  const base = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  const stop = async () => {
    if (nginx.exitCode === null) nginx.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < 100; i++) {
    if (nginx.exitCode !== null) break;
    const up = await new Promise((resolve) => {
      const socket = net.connect(Number(env.GATEWAY_PORT), '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`nginx did not start; see ${path.join(prefix, 'logs/error.log')}`);
}

module.exports = { startGateway, NGINX, RENDER, SERVICES };
