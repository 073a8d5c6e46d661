// make bench: the logged-in hot path measured through nginx (infra/bench/run.js prints the table).
//
// Uses the app when every service answers on its port (make up, or a run), else brings it up
// (build, media, seed, services, gateway) and stops the app at the end (infrastructure it had to
// start is left running, as `make infra` leaves it). A second nginx, the bench gateway, runs the
// product's own rendered config on BENCH_GATEWAY_PORT (18089) plus the bench-only locations
// /_bench/bare (and /_bench/bare/<name>) and /_bench/store, proxied (keep-alive) to the baselines
// of infra/bench/baseline.js on BENCH_BARE_PORT (4690) and BENCH_STORE_PORT (4691) (+2 per 10
// gateway ports above 8080). Knobs: BENCH_SECONDS, BENCH_ROUNDS, BENCH_THREADS,
// BENCH_CONNECTIONS, BENCH_PROPAGATION=0, BENCH_PROPAGATION_EVENTS/RATE, BENCH_FIRST_TAP=0,
// BENCH_FIRST_TAP_RUNS, BENCH_ONLY, BENCH_SETTLE_SECONDS, BENCH_BEAT_MEMBERS (infra/bench/run.js).
// With FM_REPLICAS the bench gateway has every replica upstream; RSS and CPU are replica 1's.
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, ROOT, env } from './config.ts';
import { runThrough } from './exec.ts';
import { startInfra } from './infra.ts';
import { die, ok, step } from './log.ts';
import { keepStarted } from './procs.ts';
import { httpOk } from './probes.ts';
import { provisionApt, provisionNpm } from './provision.ts';
import { type Service, servicePort } from './registry.ts';
import { buildApp, startAppParts } from './app.ts';
import { startGateway, startNginx } from './gateway.ts';

async function appAnswers(services: readonly Service[]): Promise<boolean> {
  for (const s of services) if (!(await httpOk('127.0.0.1', servicePort(s.name), '/readyz'))) return false;
  return true;
}

/** The bench-only upstreams and locations added to the product's config in prefix/conf. */
export function addBenchLocations(prefix: string): void {
  const conf = path.join(prefix, 'conf');
  const file = path.join(conf, 'nginx.conf');
  let text = fs.readFileSync(file, 'utf8');
  // The baselines keep as many idle connections as the product's upstreams (gateway/render.js).
  const keepalive = /keepalive [0-9]+;/.exec(text)?.[0] ?? die('no upstream keepalive in the rendered nginx config');
  const upstream = (name: string, port: string): string =>
    `  upstream ${name} {\n    server 127.0.0.1:${port};\n    ${keepalive}\n  }\n`;
  fs.writeFileSync(
    path.join(conf, 'bench-upstreams.conf'),
    upstream('fm_bench_bare', env('BENCH_BARE_PORT')) + upstream('fm_bench_store', env('BENCH_STORE_PORT')),
  );
  fs.writeFileSync(
    path.join(conf, 'bench-locations.conf'),
    [
      '    location = /_bench/bare  { proxy_pass http://fm_bench_bare; }',
      '    location /_bench/bare/   { proxy_pass http://fm_bench_bare; }',
      '    location = /_bench/store { proxy_pass http://fm_bench_store; }',
      '',
    ].join('\n'),
  );
  // Upstreams before the server block, locations at the top of it (fm-proxy.conf applies to them).
  text = text.replace(/^ {2}server \{$/m, '  include bench-upstreams.conf;\n\n  server {');
  text = text.replace(/^ {4}server_name _;$/m, '    server_name _;\n    include bench-locations.conf;');
  if (!text.includes('include bench-locations.conf;')) die('could not add the bench locations to the nginx config');
  fs.writeFileSync(file, text);
}

export async function cmdBench(services: readonly Service[]): Promise<number> {
  // Defaults follow GATEWAY_PORT (8080 → 18089, 4690, 4691), so two checkouts' stacks on other
  // gateway ports bench side by side without a port clash.
  const gateway = Number(env('GATEWAY_PORT', '8080'));
  const slot = Math.trunc((gateway - 8080) / 10) * 2;
  process.env.BENCH_GATEWAY_PORT = env('BENCH_GATEWAY_PORT', String(gateway + 10009));
  process.env.BENCH_BARE_PORT = env('BENCH_BARE_PORT', String(4690 + slot));
  process.env.BENCH_STORE_PORT = env('BENCH_STORE_PORT', String(4691 + slot));
  provisionApt(false, ['wrk:wrk']); // the load generator: only the bench needs it
  step('Application');
  if (await appAnswers(services)) {
    ok(`using the app already running on ports ${env('AUTH_PORT')}-${env('BILLING_PORT')}`);
  } else {
    provisionNpm();
    await startInfra();
    // Infrastructure it had to start stays up, as after `make infra`: others may be using it by
    // the time the bench ends. Only the app, the gateway and the bench gateway are stopped.
    keepStarted();
    await buildApp(services);
    await startAppParts(services);
    await startGateway(services);
  }
  step('Bench gateway');
  const port = env('BENCH_GATEWAY_PORT');
  await startNginx(
    services,
    'bench-gateway',
    path.join(DATA_DIR, 'bench/nginx'),
    '127.0.0.1',
    'BENCH_GATEWAY_PORT',
    addBenchLocations,
  );
  ok(`bench gateway on http://127.0.0.1:${port} (the product's config + /_bench/bare, /_bench/store)`);
  step('Bench');
  return runThrough([process.execPath, path.join(ROOT, 'infra/bench/run.js')]);
}
