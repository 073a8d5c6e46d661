// The infrastructure, found or started: Redis, the MongoDB-protocol store (mongod, or FerretDB on
// PostgreSQL or SQLite), stripe-mock, the SMTP sink. Each is a component (data: its name, how to
// find it, how to start it); `start_infra` runs them in order after building, side by side, the
// Go binaries a cold machine needs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, ROOT, env, isLoopback, urlHost, urlPort } from './config.ts';
import {
  type MongoServer,
  casLockFor,
  mongoPlan,
  mongoServer,
  postgresAdminUrl,
  postgresDatabase,
  redisPlan,
} from './decisions.ts';
import { STRIPE_MOCK_VERSION, ferretdbBin, stripeMockBin } from './gobuild.ts';
import { die, elapsed, now, ok, step } from './log.ts';
import { startBg, waitFor } from './procs.ts';
import { httpOk, mongoKind, mongoPing, redisPing, tcpOpen } from './probes.ts';
import { hasCommand } from './provision.ts';

export type Component = { name: string; start: () => Promise<void> };

async function startRedis(): Promise<void> {
  const url = env('REDIS_URL');
  const host = urlHost(url);
  const port = urlPort(url, 6379);
  const t = now();
  const answers = await redisPing(host, port);
  const plan = redisPlan({
    url,
    host,
    port,
    answers,
    portTaken: !answers && isLoopback(host) && (await tcpOpen(host, port)),
  });
  if (plan.do === 'reuse') return ok(`Redis on ${host}:${port} (already running)`);
  if (plan.do === 'fail') die(plan.reason);
  if (!hasCommand('redis-server')) die('redis-server is not installed (make provision installs it)');
  fs.mkdirSync(path.join(DATA_DIR, 'redis'), { recursive: true });
  // A memory ceiling (REDIS_MAXMEMORY, 256mb), and at it writes fail rather than keys go
  // (noeviction: BullMQ loses no job to eviction); docs/RELIABILITY.md says what then happens.
  const maxmemory = env('REDIS_MAXMEMORY', '256mb');
  await startBg('redis', 'redis-server', [
    'redis-server', '--bind', host, '--port', String(port), '--dir', path.join(DATA_DIR, 'redis'),
    '--daemonize', 'no', '--appendonly', 'no', '--save', '60 1', '--logfile', '',
    '--maxmemory', maxmemory, '--maxmemory-policy', 'noeviction',
  ]); // prettier-ignore
  await waitFor(20, `Redis did not answer on ${host}:${port}`, 'redis', () => redisPing(host, port));
  ok(`Redis on ${host}:${port} (started, ${elapsed(t)} s, data in .data/redis, maxmemory ${maxmemory})`);
}

/** psql's answer to `sql` at `url`, or null when it fails. */
function psql(url: string, sql: string): string | null {
  const r = spawnSync('psql', [url, '-tAc', sql], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** What the machine offers for a store at MONGO_URL (mongod installed, a PostgreSQL that answers). */
function chooseMongoServer(): MongoServer {
  const handler = env('FM_FERRETDB_HANDLER', 'auto');
  const postgresUrl = env('FM_FERRETDB_POSTGRESQL_URL', 'postgres://postgres@127.0.0.1:5432/fairwaymind_ferretdb');
  const admin = postgresAdminUrl(postgresUrl);
  const asks = handler !== 'sqlite' && !hasCommand('mongod') && hasCommand('psql') && psql(admin, 'select 1') !== null;
  const db = postgresDatabase(postgresUrl);
  const postgres = asks
    ? { databaseExists: psql(admin, `select 1 from pg_database where datname = '${db}'`) === '1' }
    : null;
  return mongoServer({ hasMongod: hasCommand('mongod'), handler, postgresUrl, postgres });
}

async function startMongoServer(): Promise<void> {
  const url = env('MONGO_URL');
  const host = urlHost(url);
  const port = urlPort(url, 27017);
  const t = now();
  const answers = mongoPing(url);
  const plan = mongoPlan({
    url,
    host,
    port,
    answers,
    portTaken: !answers && isLoopback(host) && (await tcpOpen(host, port)),
  });
  if (plan.do === 'reuse') return ok(`MongoDB protocol on ${host}:${port} (already running)`);
  if (plan.do === 'fail') die(plan.reason);
  const choice = chooseMongoServer();
  if (choice.server === 'none') die(choice.reason);
  if (choice.server === 'mongod') {
    fs.mkdirSync(path.join(DATA_DIR, 'mongod'), { recursive: true });
    await startBg('mongo', 'mongod', [
      'mongod',
      '--dbpath',
      path.join(DATA_DIR, 'mongod'),
      '--bind_ip',
      host,
      '--port',
      String(port),
    ]);
    await waitFor(60, `mongod did not answer on ${host}:${port}`, 'mongo', () => mongoPing(url));
    return ok(`MongoDB (mongod) on ${host}:${port} (started, ${elapsed(t)} s, data in .data/mongod)`);
  }
  const bin = await ferretdbBin();
  if (choice.backend === 'postgresql') {
    const admin = postgresAdminUrl(choice.url);
    const db = postgresDatabase(choice.url);
    if (choice.createDatabase && psql(admin, `create database "${db}"`) === null) {
      if (env('FM_FERRETDB_HANDLER') === 'postgresql') die(`could not create PostgreSQL database ${db} for FerretDB`);
    } else {
      const args = ['-listen-addr', `${host}:${port}`, '-handler', 'postgresql', '-postgresql-url', choice.url];
      await startBg('mongo', 'ferretdb-', [bin, ...args]);
      await waitFor(30, `FerretDB did not answer on ${host}:${port}`, 'mongo', () => mongoPing(url));
      const where = choice.url.split('?')[0];
      return ok(
        `MongoDB protocol (FerretDB/PostgreSQL) on ${host}:${port} (started, ${elapsed(t)} s, data in ${where})`,
      );
    }
  }
  fs.mkdirSync(path.join(DATA_DIR, 'ferretdb'), { recursive: true });
  await startBg('mongo', 'ferretdb-', [
    bin,
    '-listen-addr',
    `${host}:${port}`,
    '-data-dir',
    path.join(DATA_DIR, 'ferretdb'),
  ]);
  await waitFor(30, `FerretDB did not answer on ${host}:${port}`, 'mongo', () => mongoPing(url));
  ok(`MongoDB protocol (FerretDB/SQLite) on ${host}:${port} (started, ${elapsed(t)} s, data in .data/ferretdb)`);
}

/**
 * FerretDB v1 applies a conditional update as a read and a write: the services' applyIfNewer then
 * holds a Redis lock per record (MONGO_CAS_LOCK, services/shared/src/apply-if-newer.ts). Set for
 * a FerretDB this starts or finds; MongoDB (mongod here, compose, Kubernetes) leaves it off.
 */
export function mongoCasLockFor(url = env('MONGO_URL')): void {
  if (casLockFor(mongoKind(url))) process.env.MONGO_CAS_LOCK = 'true';
}

const stripeMockOk = (host: string, port: number): Promise<boolean> =>
  httpOk(host, port, '/v1/customers', 'Authorization: Bearer sk_test_123');

async function startStripeMock(): Promise<void> {
  const base = env('STRIPE_API_BASE');
  if (!base) return ok('stripe-mock not needed (STRIPE_API_BASE empty: real Stripe)');
  const host = urlHost(base);
  const port = urlPort(base, 12111);
  const t = now();
  if (await stripeMockOk(host, port)) return ok(`stripe-mock on ${host}:${port} (already running)`);
  if (!isLoopback(host)) return ok(`Stripe API at ${base} (remote, not started here)`);
  if (await tcpOpen(host, port)) {
    die(`port ${port} is taken by something that is not stripe-mock; free it or change STRIPE_API_BASE`);
  }
  const bin = await stripeMockBin();
  // -https-addr on a random loopback port: otherwise stripe-mock also opens HTTPS on *:12112.
  await startBg('stripe-mock', 'stripe-mock-', [bin, '-http-addr', `${host}:${port}`, '-https-addr', '127.0.0.1:0']);
  await waitFor(20, `stripe-mock did not answer on ${host}:${port}`, 'stripe-mock', () => stripeMockOk(host, port));
  ok(`stripe-mock ${STRIPE_MOCK_VERSION} on ${host}:${port} (started, ${elapsed(t)} s)`);
}

async function startSmtpSink(): Promise<void> {
  const url = env('SMTP_URL');
  const host = urlHost(url);
  const port = urlPort(url, 25);
  const httpPort = Number(env('SMTP_SINK_HTTP_PORT', '1080'));
  const t = now();
  if (!isLoopback(host)) return ok(`SMTP relay at ${host}:${port} (remote, no sink started)`);
  const where = `${host}:${port}, http://${host}:${httpPort}/messages`;
  if ((await httpOk(host, httpPort, '/healthz')) && (await tcpOpen(host, port))) {
    return ok(`SMTP sink on ${where} (already running)`);
  }
  const cli = path.join(ROOT, 'infra/smtp-sink/src/cli.js');
  await startBg('smtp-sink', 'infra/smtp-sink/src/cli.js', [
    process.execPath, cli, '--smtp-port', String(port), '--http-port', String(httpPort), '--host', host,
  ]); // prettier-ignore
  await waitFor(15, `SMTP sink did not answer on ${host}:${port}`, 'smtp-sink', () =>
    httpOk(host, httpPort, '/healthz'),
  );
  ok(`SMTP sink on ${where} (started, ${elapsed(t)} s)`);
}

/** The infrastructure, in start order. */
export const INFRA: Component[] = [
  { name: 'redis', start: startRedis },
  {
    name: 'mongo',
    start: async () => {
      await startMongoServer();
      mongoCasLockFor();
    },
  },
  { name: 'stripe-mock', start: startStripeMock },
  { name: 'smtp-sink', start: startSmtpSink },
];

/**
 * On a cold machine several Go builds are needed (FerretDB, stripe-mock, and the `extra` the
 * caller needs, e.g. compose-check for the tests): side by side (downloads overlap).
 */
async function prebuildGoBinaries(extra: (() => Promise<string>)[]): Promise<void> {
  const need = [...extra];
  const mongo = env('MONGO_URL');
  if (isLoopback(urlHost(mongo)) && !hasCommand('mongod') && !mongoPing(mongo)) need.push(ferretdbBin);
  const base = env('STRIPE_API_BASE');
  if (base && isLoopback(urlHost(base)) && !(await stripeMockOk(urlHost(base), urlPort(base, 12111)))) {
    need.push(stripeMockBin);
  }
  if (need.length < 2) return;
  await Promise.all(need.map((build) => build()));
}

/** make infra, and the infrastructure of run, up, test: `extra` are Go binaries the caller needs besides. */
export async function startInfra(extra: (() => Promise<string>)[] = []): Promise<void> {
  step('Infrastructure');
  await prebuildGoBinaries(extra);
  for (const component of INFRA) await component.start();
}
