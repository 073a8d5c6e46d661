// make status: the launcher's processes (.data/run) and what answers where.
import { env, urlHost, urlPort } from './config.ts';
import { say } from './log.ts';
import { pidFileNames, pidOf } from './procs.ts';
import { httpAny, httpOk, mongoPing, redisPing } from './probes.ts';
import { type Service, servicePort } from './registry.ts';
import { parseReplicas, replicaList, replicasFromPidFiles } from './replicas.ts';

export async function cmdStatus(services: readonly Service[]): Promise<void> {
  say('Launcher processes (.data/run):');
  for (const name of pidFileNames()) {
    if (name === 'test') continue;
    const pid = pidOf(name);
    say(pid !== null ? `  running  ${name} (pid ${pid})` : `  gone     ${name} (stale pid file)`);
  }
  say('Probes:');
  const redis = env('REDIS_URL');
  const mongo = env('MONGO_URL');
  say(
    (await redisPing(urlHost(redis), urlPort(redis, 6379))) ? `  Redis     up   ${redis}` : `  Redis     down ${redis}`,
  );
  say(mongoPing(mongo) ? `  MongoDB   up   ${mongo}` : `  MongoDB   down ${mongo}`);
  const names = services.map((s) => s.name);
  let counts = parseReplicas(env('FM_REPLICAS'), names);
  if (!env('FM_REPLICAS')) counts = replicasFromPidFiles(counts, pidFileNames());
  for (const s of names) {
    for (const { name, port } of replicaList(s, servicePort(s), counts)) {
      const up = await httpOk('127.0.0.1', port, '/readyz');
      say(`  ${name.padEnd(9)} ${up ? 'up  ' : 'down'} :${port}`);
    }
  }
  const port = env('GATEWAY_PORT');
  say(
    (await httpAny(env('GATEWAY_HOST', '127.0.0.1'), Number(port), '/index.html'))
      ? `  gateway   up   http://localhost:${port}`
      : `  gateway   down :${port}`,
  );
}
