// The product's nginx as a launcher process: the gateway (GATEWAY_PORT) and the bench gateway.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, LOG_DIR, ROOT, env } from './config.ts';
import { childEnv } from './exec.ts';
import { die, ok, step } from './log.ts';
import { startBg, stopOne, waitFor } from './procs.ts';
import { httpAny, tcpOpen } from './probes.ts';
import { whichCommand } from './provision.ts';
import { type Service, servicePort } from './registry.ts';
import { upstreamPorts } from './replicas.ts';
import { replicasNow } from './app.ts';

const nginxCmd = (): string => whichCommand('nginx') ?? '/usr/sbin/nginx';

/**
 * The product's nginx as the process `name`: stops an older `name`, refuses a port (the value of
 * `portVar`) that another process holds, renders the product's config (gateway/render.js --mode
 * local, every replica of FM_REPLICAS upstream) for that port into prefix/conf, lets `extend` add
 * to it, checks it with nginx -t, starts nginx and waits until it answers on `host`.
 */
export async function startNginx(
  services: readonly Service[],
  name: string,
  prefix: string,
  host: string,
  portVar: string,
  extend?: (prefix: string) => void,
): Promise<void> {
  const port = Number(env(portVar));
  const nginx = nginxCmd();
  await stopOne(name);
  if (await tcpOpen(host, port)) die(`port ${port} is already in use by another process; stop it or change ${portVar}`);
  const upstreams = upstreamPorts(
    services.map((s) => s.name),
    servicePort,
    replicasNow(services),
  );
  for (const [k, v] of Object.entries(upstreams)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.mkdirSync(path.join(prefix, 'conf'), { recursive: true });
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const render = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'gateway/render.js'), '--mode', 'local', '--out', path.join(prefix, 'conf'), '--prefix', prefix,
      '--root', path.join(ROOT, 'frontend/dist'), '--media', path.join(ROOT, 'media/generated'),
    ], // prettier-ignore
    { env: childEnv({ GATEWAY_PORT: String(port) }), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (render.status !== 0) die(`rendering the nginx config (${name}) failed`);
  extend?.(prefix);
  const base = ['-p', prefix, '-e', path.join(prefix, 'logs/error.log'), '-c', 'conf/nginx.conf'];
  const check = spawnSync(nginx, ['-t', '-q', ...base], { encoding: 'utf8' });
  fs.writeFileSync(path.join(LOG_DIR, `${name}-nginx-test.log`), check.stderr ?? '');
  if (check.status !== 0) {
    process.stderr.write(check.stderr ?? '');
    die(`nginx -t rejected the config of ${name} (${path.relative(ROOT, prefix)}/conf/nginx.conf)`);
  }
  await startBg(name, prefix, [nginx, ...base, '-g', 'daemon off;']);
  await waitFor(15, `nginx (${name}) did not answer on ${host}:${port}`, name, () =>
    httpAny(host, port, '/index.html'),
  );
}

export async function startGateway(services: readonly Service[]): Promise<void> {
  step('Gateway');
  await startNginx(services, 'gateway', path.join(DATA_DIR, 'nginx'), env('GATEWAY_HOST', '127.0.0.1'), 'GATEWAY_PORT');
  ok(`nginx on http://localhost:${env('GATEWAY_PORT')} (config .data/nginx/conf, logs .data/nginx/logs)`);
}
