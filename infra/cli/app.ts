// The application: build (services with tsc -b, the frontend with vite when its sources changed),
// media, seed, the services (each replica of FM_REPLICAS), the prerendered public pages and
// their watcher. The gateway: gateway.ts.
import fs from 'node:fs';
import path from 'node:path';
import { LOG_DIR, ROOT, env } from './config.ts';
import { runOrDie, runThrough } from './exec.ts';
import { die, elapsed, now, ok, step } from './log.ts';
import { pidFileNames, pidOf, startBg, stopOne, waitFor } from './procs.ts';
import { httpOk, tcpOpen } from './probes.ts';
import { type Service, portVar, servicePort } from './registry.ts';
import { type Replicas, parseReplicas, replicaList, surplusReplicas } from './replicas.ts';

export const replicasNow = (services: readonly Service[]): Replicas =>
  parseReplicas(
    env('FM_REPLICAS'),
    services.map((s) => s.name),
  );

function requireBuiltSources(services: readonly Service[]): void {
  const missing = services
    .map((s) => `services/${s.name}/src/server.ts`)
    .filter((f) => !fs.existsSync(path.join(ROOT, f)));
  if (!fs.existsSync(path.join(ROOT, 'frontend/index.html'))) missing.push('frontend/index.html');
  if (missing.length) die(`the application is not complete yet; missing: ${missing.join(' ')}`);
}

/** The first file under `dir` (node_modules and dist left out) modified after `since` (ms), or null. */
export function newerFile(dir: string, since: number): string | null {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const found = newerFile(full, since);
      if (found) return found;
    } else if (entry.isFile() && fs.statSync(full).mtimeMs > since) return full;
  }
  return null;
}

export async function buildApp(services: readonly Service[]): Promise<void> {
  step('Build');
  requireBuiltSources(services);
  let t = now();
  await runOrDie(['npm', 'run', '--silent', 'build:services'], 'build-services.log', 'service build failed', 40);
  ok(`services built (tsc -b) in ${elapsed(t)} s`);
  t = now();
  const stamp = path.join(ROOT, 'frontend/dist/index.html');
  let fresh = fs.existsSync(stamp);
  if (fresh) {
    const since = fs.statSync(stamp).mtimeMs;
    fresh =
      newerFile(path.join(ROOT, 'frontend'), since) === null &&
      fs.statSync(path.join(ROOT, 'package-lock.json')).mtimeMs <= since;
  }
  if (fresh && env('FM_FORCE_BUILD', '0') !== '1') return ok('frontend/dist up to date');
  // NODE_ENV from .env.example (development) would make vite bundle React's development build.
  await runOrDie(
    ['npm', 'run', '--silent', 'build', '-w', 'frontend'],
    'build-frontend.log',
    'frontend build failed',
    40,
    {
      env: { NODE_ENV: 'production' },
    },
  );
  const at = new Date();
  fs.utimesSync(stamp, at, at);
  ok(`frontend built (vite) in ${elapsed(t)} s`);
}

export async function generateMedia(): Promise<void> {
  step('Media');
  const code = await runThrough(
    [process.execPath, path.join(ROOT, 'infra/media/generate.js'), '--out', path.join(ROOT, 'media/generated')],
    { indent: '    ' },
  );
  if (code !== 0) die('media generation failed');
}

async function seed(): Promise<void> {
  step('Seed');
  const t = now();
  if (!fs.existsSync(path.join(ROOT, 'services/content/dist/seed.js'))) {
    die("services/content/dist/seed.js is missing (the content service's seed command)");
  }
  await runOrDie([process.execPath, 'services/content/dist/seed.js'], 'seed.log', 'seed failed', 30, { append: true });
  ok(`catalogue seeded in ${elapsed(t)} s`);
}

/**
 * The public pages as static HTML for visitors (frontend/scripts/prerender.mjs, issue 15), from
 * what the content service answers: so after the seed and the services, before the gateway.
 */
async function prerenderPages(): Promise<void> {
  step('Prerender');
  const t = now();
  const api = `http://127.0.0.1:${env('CONTENT_PORT')}`;
  const origin = env('SITE_ORIGIN');
  await runOrDie(
    [process.execPath, 'frontend/scripts/prerender.mjs', '--api', api, '--origin', origin],
    'prerender.log',
    'prerendering the public pages failed',
    20,
  );
  ok(`public pages prerendered for ${origin} in ${elapsed(t)} s`);
}

/** The watcher's log since its last start says it subscribed. */
function watcherSubscribed(): boolean {
  const log = path.join(LOG_DIR, 'prerender-watch.log');
  if (!fs.existsSync(log)) return false;
  let subscribed = false;
  for (const line of fs.readFileSync(log, 'utf8').split('\n')) {
    if (/^--- .* start: /.test(line)) subscribed = false;
    if (line.includes('prerender-watch: subscribed to ')) subscribed = true;
  }
  return subscribed;
}

/**
 * The watcher that renders the public pages again after every catalogue change (issue 25): it
 * listens to content's announcements on Redis and swaps the new pages into frontend/dist.
 */
async function startPrerenderWatch(): Promise<void> {
  step('Prerender watcher');
  const prefix = env('REDIS_PREFIX', 'fm');
  // NODE_ENV=production: React and Redux without their development checks (a render is faster).
  await startBg(
    'prerender-watch',
    'frontend/scripts/prerender-watch.mjs',
    [
      process.execPath, path.join(ROOT, 'frontend/scripts/prerender-watch.mjs'),
      '--api', `http://127.0.0.1:${env('CONTENT_PORT')}`, '--origin', env('SITE_ORIGIN'),
      '--out', path.join(ROOT, 'frontend/dist'), '--redis-url', env('REDIS_URL'), '--redis-prefix', prefix,
    ], // prettier-ignore
    { NODE_ENV: 'production' },
  );
  await waitFor(
    30,
    'the prerender watcher did not subscribe to the catalogue announcements',
    'prerender-watch',
    watcherSubscribed,
  );
  ok(`public pages follow the catalogue (${prefix}:content:catalogue-changed; log .data/log/prerender-watch.log)`);
}

/**
 * The command line and environment of a service's process on `port`. HOST: loopback only (the
 * local gateway and the other services reach them there). The registry's flags on the command
 * line, none from NODE_OPTIONS (the image's way too).
 */
export function serviceProcess(s: Service, port: number, root = ROOT): { cmd: string[]; env: Record<string, string> } {
  const server = path.join(root, `services/${s.name}/dist/server.js`);
  return {
    cmd: [process.execPath, ...s.nodeFlags, server],
    env: { HOST: '127.0.0.1', PORT: String(port), NODE_OPTIONS: '' },
  };
}

/** Each service's replicas (FM_REPLICAS; one each by default), started, then waited for. */
async function startServices(services: readonly Service[]): Promise<void> {
  step('Services');
  const counts = replicasNow(services);
  for (const s of services) {
    for (const name of surplusReplicas(s.name, counts, pidFileNames())) await stopOne(name);
    for (const { name, port } of replicaList(s.name, servicePort(s.name), counts)) {
      if (pidOf(name) !== null) await stopOne(name);
      if (await tcpOpen('127.0.0.1', port)) {
        die(`port ${port} (${name}) is already in use by another process; stop it or change ${portVar(s.name)}`);
      }
      const { cmd, env: vars } = serviceProcess(s, port);
      if (!fs.existsSync(cmd.at(-1) as string)) die(`services/${s.name}/dist/server.js is missing (build failed?)`);
      await startBg(name, `services/${s.name}/dist/server.js`, cmd, vars);
    }
  }
  for (const s of services) {
    for (const { name, port } of replicaList(s.name, servicePort(s.name), counts)) {
      await waitFor(30, `${name} did not answer /healthz on 127.0.0.1:${port}`, name, () =>
        httpOk('127.0.0.1', port, '/healthz'),
      );
      await waitFor(
        30,
        `${name} is up but not ready (/readyz on 127.0.0.1:${port}: Mongo or Redis unreachable?)`,
        name,
        () => httpOk('127.0.0.1', port, '/readyz'),
      );
      ok(`${name} on 127.0.0.1:${port}`);
    }
  }
}

/** The built application started: media, seed, services, prerendered pages, the watcher (the gateway: after). */
export async function startAppParts(services: readonly Service[]): Promise<void> {
  await generateMedia();
  await seed();
  await startServices(services);
  await prerenderPages();
  await startPrerenderWatch();
}
