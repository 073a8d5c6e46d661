'use strict';
// The suite's own processes for the fault scenarios: a Redis on its own port with append-only
// persistence (never the machine's or the app's), built services (`node dist/server.js`, as the
// launcher starts them) on ports 4101-4106 (the registry's + 100) with their own database and Redis prefix, and a
// gateway (gateway/testing/start-gateway.js) in front of them. Killed and restarted at will.

const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { execFileSync, spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { config, ROOT } = require('./config');
const { Client, eventually } = require('./http');

const REDIS_PORT = Number(process.env.RESILIENCE_REDIS_PORT || 6391);
/**
 * Each service of the registry (services/contracts/src/registry.json) on its port + 100: auth
 * 4101 … practice 4106; `<NAME>_INTERNAL_URL` points the services' calls to each other there too.
 * @type {Record<string, number>}
 */
const PORTS = Object.fromEntries(
  JSON.parse(fs.readFileSync(path.join(ROOT, 'services', 'contracts', 'src', 'registry.json'), 'utf8')).services.map(
    (/** @type {{ name: string, port: number }} */ s) => [s.name, s.port + 100],
  ),
);
/** Replica k of a service listens on its port + 10·(k-1), named <service>-k: the launcher's rule (infra/cli/replicas.ts). */
const REPLICA_PORT_STEP = 10;

/** @param {keyof typeof PORTS} name @param {number} [replica] */
const replicaName = (name, replica = 1) => (replica === 1 ? name : `${name}-${replica}`);
/** @param {keyof typeof PORTS} name @param {number} [replica] */
const replicaPort = (name, replica = 1) => PORTS[name] + REPLICA_PORT_STEP * (replica - 1);

/** @param {number} port */
function portOpen(port) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** @param {import('node:child_process').ChildProcess} child */
function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
    else child.once('exit', () => resolve(undefined));
  });
}

/** The FerretDB the launcher built (~/.cache/fairway-mind/bin/ferretdb-*), for a MongoDB of the suite's own. */
function ferretdbBin() {
  const dir = path.join(
    process.env.FM_CACHE_DIR || path.join(require('node:os').homedir(), '.cache', 'fairway-mind'),
    'bin',
  );
  const name = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => /^ferretdb-[0-9a-f]+$/.test(f)) : undefined;
  return name ? path.join(dir, name) : null;
}

class Stack {
  /** @param {{ ownMongoPort?: number }} [o] ownMongoPort: a FerretDB (SQLite) of its own on that port */
  constructor(o = {}) {
    this.run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    this.dir = path.join(config.dataDir, this.run);
    this.redisDir = path.join(this.dir, 'redis');
    this.logDir = path.join(this.dir, 'log');
    fs.mkdirSync(this.redisDir, { recursive: true });
    fs.mkdirSync(this.logDir, { recursive: true });
    /** @type {Map<string, import('node:child_process').ChildProcess>} */
    this.procs = new Map();
    /** @type {string | undefined} MONGO_CAS_LOCK for the services, once known (casLock). */
    this.cas = undefined;
    this.db = `fmres_${this.run}`;
    this.redisUrl = `redis://127.0.0.1:${REDIS_PORT}`;
    this.ownMongoPort = o.ownMongoPort;
    this.mongoUrl = o.ownMongoPort
      ? `mongodb://127.0.0.1:${o.ownMongoPort}/${this.db}`
      : config.mongoUrl.replace(/\/[^/?]*(\?|$)/, `/${this.db}$1`);
    /** @type {{ base: string, stop(): Promise<void> } | null} */
    this.gateway = null;
  }

  /** The environment a service gets: the launcher's, pointed at this stack's stores and ports. */
  env(/** @type {string} */ name) {
    return {
      ...config.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(PORTS[/** @type {keyof typeof PORTS} */ (name)]),
      MONGO_URL: this.mongoUrl,
      REDIS_URL: this.redisUrl,
      REDIS_PREFIX: `fmres${this.run}`,
      BCRYPT_ROUNDS: '4',
      AUTH_SIGNUPS_PER_HOUR: '100000',
      CONTACT_RATE_LIMIT: '100000',
      MONGO_CAS_LOCK: this.casLock(),
      ...Object.fromEntries(Object.entries(PORTS).map(([s, p]) => [`${s.toUpperCase()}_PORT`, String(p)])),
      ...Object.fromEntries(
        Object.entries(PORTS).map(([s, p]) => [`${s.toUpperCase()}_INTERNAL_URL`, `http://127.0.0.1:${p}`]),
      ),
    };
  }

  /**
   * MONGO_CAS_LOCK as the launcher sets it: true on FerretDB (the suite's own, or the one the
   * launcher started at MONGO_URL, which infra/lib/mongo-ping.js tells apart from a mongod).
   */
  casLock() {
    if (this.ownMongoPort || config.env.MONGO_CAS_LOCK === 'true') return 'true';
    if (this.cas === undefined) {
      const ping = path.join(ROOT, 'infra', 'lib', 'mongo-ping.js');
      const kind = execFileSync(process.execPath, [ping, this.mongoUrl], { encoding: 'utf8' }).trim();
      this.cas = kind === 'ferretdb' ? 'true' : 'false';
    }
    return /** @type {string} */ (this.cas);
  }

  /** @param {string} name @param {string} cmd @param {string[]} args @param {Record<string, string>} [env] */
  spawn(name, cmd, args, env) {
    const log = fs.openSync(path.join(this.logDir, `${name}.log`), 'a');
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    this.procs.set(name, child);
    return child;
  }

  async startRedis() {
    if (await portOpen(REDIS_PORT)) throw new Error(`port ${REDIS_PORT} is taken; set RESILIENCE_REDIS_PORT`);
    const bin = ['/usr/bin/redis-server', '/usr/sbin/redis-server'].find((p) => fs.existsSync(p)) ?? 'redis-server';
    this.spawn('redis', bin, [
      '--bind',
      '127.0.0.1',
      '--port',
      String(REDIS_PORT),
      '--dir',
      this.redisDir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
      '--daemonize',
      'no',
    ]);
    await eventually(() => portOpen(REDIS_PORT), `the suite's Redis on ${REDIS_PORT}`, 15_000);
  }

  /** Starts (or restarts, same data) the stack's own FerretDB (SQLite under its dir). */
  async startMongo() {
    const port = /** @type {number} */ (this.ownMongoPort);
    const bin = ferretdbBin();
    if (!bin) throw new Error('no FerretDB binary in ~/.cache/fairway-mind/bin (the launcher builds it)');
    if (await portOpen(port)) throw new Error(`port ${port} is taken`);
    this.spawn('mongo', bin, [
      '-listen-addr',
      `127.0.0.1:${port}`,
      '-data-dir',
      path.join(this.dir, 'ferretdb'),
      '-log-level',
      'warn',
    ]);
    await eventually(() => portOpen(port), `the suite's FerretDB on ${port}`, 20_000);
  }

  /**
   * Waits until the suite's FerretDB answers `ping` (its port opens before it serves; on a loaded
   * machine the gap can be seconds). Resolves with when it first did (ms since the epoch).
   */
  async mongoAnswers(timeoutMs = 60_000) {
    const { MongoClient } = require('mongodb');
    const url = `mongodb://127.0.0.1:${this.ownMongoPort}/admin`;
    return eventually(
      async () => {
        const client = new MongoClient(url, { serverSelectionTimeoutMS: 1000, connectTimeoutMS: 1000 });
        try {
          await client.db('admin').command({ ping: 1 });
          return Date.now();
        } finally {
          await client.close().catch(() => undefined);
        }
      },
      `the suite's FerretDB to answer ping on ${this.ownMongoPort}`,
      timeoutMs,
    );
  }

  /** The last `lines` lines a process of this stack wrote (its log), for a failure's report. */
  logTail(/** @type {string} */ name, lines = 20) {
    try {
      return fs
        .readFileSync(path.join(this.logDir, `${name}.log`), 'utf8')
        .trimEnd()
        .split('\n')
        .slice(-lines)
        .join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** Stops the suite's Redis (SIGTERM: it writes its append-only file and exits). */
  async stopRedis() {
    const child = this.procs.get('redis');
    if (!child) return;
    child.kill('SIGTERM');
    await exited(child);
    this.procs.delete('redis');
  }

  /**
   * Starts a service (or one more replica of it: `replica` 2, 3… on its port + 10·(k-1), process
   * name <service>-k) and waits until it is ready.
   * @param {keyof typeof PORTS} name @param {{ replica?: number, env?: Record<string, string> }} [o]
   */
  async startService(name, o = {}) {
    const port = replicaPort(name, o.replica);
    const proc = replicaName(name, o.replica);
    if (await portOpen(port)) throw new Error(`port ${port} (${proc}) is taken`);
    this.spawn(proc, process.execPath, [path.join(ROOT, 'services', name, 'dist', 'server.js')], {
      ...this.env(name),
      PORT: String(port),
      ...o.env,
    });
    await eventually(
      async () => (await new Client(`http://127.0.0.1:${port}`).get('/readyz', { timeoutMs: 2000 })).status === 200,
      `${proc} ready on ${port}`,
      60_000,
    );
  }

  /** The content service's seed command on the stack's database (the catalogue). */
  async seed() {
    const child = this.spawn('seed', process.execPath, [path.join(ROOT, 'services', 'content', 'dist', 'seed.js')], {
      ...this.env('content'),
    });
    await exited(child);
    this.procs.delete('seed');
    if (child.exitCode !== 0) throw new Error(`seed failed (exit ${child.exitCode}); see ${this.logDir}/seed.log`);
  }

  /**
   * Sends `signal` to a process (a service: its name, a replica: <service>-k) and waits for its
   * exit; returns how it ended.
   * @param {string} name @param {NodeJS.Signals} [signal]
   * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null } | undefined>}
   */
  async kill(name, signal = 'SIGKILL') {
    const child = this.procs.get(name);
    if (!child) return undefined;
    child.kill(signal);
    await exited(child);
    this.procs.delete(name);
    return { code: child.exitCode, signal: child.signalCode };
  }

  /** @param {Partial<Record<keyof typeof PORTS, number | number[]>>} ports the port, or the ports of the replicas, per service */
  async startGateway(ports) {
    const { startGateway } = require(path.join(ROOT, 'gateway', 'testing', 'start-gateway.js'));
    const dir = path.join(this.dir, 'gateway');
    fs.mkdirSync(dir, { recursive: true });
    this.gateway = await startGateway({
      dir,
      ports,
      root: path.join(ROOT, 'frontend', 'dist'),
      media: path.join(ROOT, 'media', 'generated'),
    });
    return /** @type {{ base: string }} */ (this.gateway).base;
  }

  /** Stops everything this stack started and drops its database. */
  async stop() {
    if (this.gateway) await this.gateway.stop();
    for (const name of [...this.procs.keys()].reverse()) await this.kill(name, 'SIGTERM');
    const { MongoClient } = require('mongodb');
    const client = new MongoClient(this.mongoUrl, { serverSelectionTimeoutMS: 5000 });
    try {
      if (this.ownMongoPort) throw new Error('own FerretDB: its files go with the folder');
      await client.connect();
      await client.db(this.db).dropDatabase();
    } catch {
      // best effort: a left database is named fmres_<run>
    } finally {
      await client.close();
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** The stack's database (test inspection). */
  async mongo() {
    const { MongoClient } = require('mongodb');
    if (!this.client) {
      this.client = new MongoClient(this.mongoUrl, { serverSelectionTimeoutMS: 5000 });
      await this.client.connect();
    }
    return this.client.db(this.db);
  }

  async close() {
    if (this.client) await this.client.close();
    this.client = undefined;
    await this.stop();
  }
}

module.exports = { Stack, PORTS, REDIS_PORT, replicaName, replicaPort };
