// A real Redis Cluster of three masters (Debian's redis-server, --cluster-enabled yes) for the
// kit's Cluster suite (jest.cluster.config.js): started on free ports by the suite's global
// setup, joined with `redis-cli --cluster create`, stopped and removed by its teardown.
// REDIS_CLUSTER_URL names one of its nodes (ioredis' Cluster client finds the others).
const { spawn, execFile } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);
const NODES = 3;

/** Whether nothing listens on 127.0.0.1:port. */
function free(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Three ports whose cluster bus ports (+10000) are free too, from 7301 up (never 6379). */
async function freePorts() {
  const ports = [];
  for (let port = 7301; ports.length < NODES && port < 7400; port += 1) {
    if ((await free(port)) && (await free(port + 10000))) ports.push(port);
  }
  if (ports.length < NODES) throw new Error('no free ports for a Redis Cluster in 7301-7399');
  return ports;
}

const cli = (port, ...args) => run('redis-cli', ['-p', String(port), ...args], { timeout: 10_000 });

async function until(what, probe, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Redis Cluster: ${what} not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startCluster() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fm-redis-cluster-'));
  const ports = await freePorts();
  const servers = ports.map((port) =>
    spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        path.join(dir, `nodes-${port}.conf`),
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: 'ignore' },
    ),
  );
  const stop = () => {
    for (const server of servers) server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports)
      await until(`node ${port} up`, async () => (await cli(port, 'ping')).stdout.trim() === 'PONG');
    await cli(
      ports[0],
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    );
    for (const port of ports) {
      await until(`node ${port} cluster_state:ok`, async () =>
        (await cli(port, 'cluster', 'info')).stdout.includes('cluster_state:ok'),
      );
    }
  } catch (err) {
    stop();
    throw err;
  }
  return { url: `redis://127.0.0.1:${ports[0]}`, ports, stop };
}

module.exports = { startCluster };
