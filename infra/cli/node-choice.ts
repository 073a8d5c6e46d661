// Which Node.js the launcher runs on. .nvmrc holds the one pinned version (package.json's engines
// and devEngines, the Dockerfiles' node:<major> images and @types/node agree with it:
// infra/test/node-pin.js). A machine whose `node` is at least that version uses its own; an
// older one (Debian 12 ships 18) gets the pinned build from the npm registry (package
// node-linux-<arch>) in $CACHE_DIR/node/v<version>. The fetch itself is the shell bootstrap's
// (infra/stack.sh: this file needs Node 24 to run); the rule is here, where it is tested, and the
// bootstrap follows it (infra/test/provision-node.test.js runs both).
import fs from 'node:fs';
import path from 'node:path';

/** Dotted version a >= b. */
export function versionAtLeast(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

/** The pin in ROOT/.nvmrc (x.y.z, a leading v dropped), or an Error naming the problem. */
export function nodePin(root: string): string {
  const file = path.join(root, '.nvmrc');
  if (!fs.existsSync(file)) throw new Error('.nvmrc is missing (the pinned Node.js version)');
  const pin = fs.readFileSync(file, 'utf8').replace(/\s/g, '').replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(pin)) throw new Error(`.nvmrc: '${pin}' is not a Node.js version (x.y.z)`);
  return pin;
}

export type NodeChoice =
  { use: 'machine'; node: string } | { use: 'cache'; node: string; fetch: boolean } | { use: 'none'; reason: string };

/**
 * The machine's node (version `have`, '' when missing, at `nodePath`) if it is at least `pin`,
 * else the pinned build in `cacheDir`/v<pin> (fetched when `cached` is false), which needs some
 * node and npm to fetch it with.
 */
export function chooseNode(o: {
  have: string;
  pin: string;
  nodePath: string;
  cacheDir: string;
  cached: boolean;
  hasNpm: boolean;
  arch: string;
}): NodeChoice {
  if (o.have && versionAtLeast(o.have, o.pin)) return { use: 'machine', node: o.nodePath };
  const node = path.join(o.cacheDir, `v${o.pin}`, 'bin', 'node');
  if (o.cached) return { use: 'cache', node, fetch: false };
  const arch = { x86_64: 'x64', amd64: 'x64', aarch64: 'arm64', arm64: 'arm64' }[o.arch];
  if (!arch) {
    return {
      use: 'none',
      reason: `Node.js ${o.pin}+ is required and the npm registry has no build for ${o.arch}: install it yourself`,
    };
  }
  if (!o.have || !o.hasNpm) {
    return {
      use: 'none',
      reason: `Node.js ${o.pin}+ is required; with any Node.js and npm on PATH (Debian: apt-get install nodejs npm) the launcher fetches it (npm registry: node-linux-${arch}@${o.pin})`,
    };
  }
  return { use: 'cache', node, fetch: true };
}

/** Provision's line: which node runs, and where it came from. */
export function nodeOrigin(execPath: string, cacheDir: string, machineVersion: string): string {
  if (!execPath.startsWith(`${cacheDir}/`)) return `the machine's, ${execPath}`;
  const machine = machineVersion ? `; the machine's node is ${machineVersion}` : '';
  return `the launcher's copy from the npm registry, ${execPath}${machine}`;
}
