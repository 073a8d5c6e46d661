// Provisioning: the Debian packages and node_modules every command needs (the Node.js itself:
// the bootstrap in infra/stack.sh, node-choice.ts).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, LOG_DIR, ROOT, env } from './config.ts';
import { die, elapsed, now, ok, say, step, warn } from './log.ts';
import { nodeOrigin } from './node-choice.ts';

/** Where a command is on PATH, or null. */
export function whichCommand(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const file = path.join(dir || '.', cmd);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** A command is on PATH (or in /usr/sbin, where Debian puts nginx). */
export const hasCommand = (cmd: string): boolean => whichCommand(cmd) !== null || fs.existsSync(`/usr/sbin/${cmd}`);

/** Runs a command as root (itself, or through sudo), output to `log` (or discarded). */
function asRoot(cmd: string[], log?: string): boolean {
  const root = process.getuid?.() === 0;
  if (!root && !hasCommand('sudo')) {
    die(`need root for: ${cmd.join(' ')} (run it yourself, or set FM_SKIP_APT=1 if the tools are installed)`);
  }
  const full = root ? cmd : ['sudo', ...cmd];
  const out = log ? fs.openSync(log, 'w') : 'ignore';
  const r = spawnSync(full[0] as string, full.slice(1), { stdio: ['ignore', out, out] });
  if (typeof out === 'number') fs.closeSync(out);
  return r.status === 0;
}

/** The Debian package of each command every command needs (plus chromium for the browsers, and `extra`). */
export function wantedPackages(withBrowser: boolean, extra: string[] = []): [string, string][] {
  // wget: the gateway image's prerender hook (infra/docker/prerender) is tested here with it.
  const pairs = ['nginx:nginx', 'redis-server:redis-server', 'espeak-ng:espeak-ng', 'sox:sox', 'lame:lame'];
  pairs.push('wget:wget', 'pdftotext:poppler-utils', ...extra);
  if (withBrowser) pairs.push('chromium:chromium');
  return pairs.map((p) => p.split(':') as [string, string]);
}

/** Installs the Debian packages whose commands are missing (FM_SKIP_APT=1: only says which). */
export function provisionApt(withBrowser: boolean, extra: string[] = []): void {
  const missing = wantedPackages(withBrowser, extra)
    .filter(([cmd]) => !hasCommand(cmd))
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return ok('Debian packages present');
  const list = missing.join(' ');
  if (env('FM_SKIP_APT', '0') === '1')
    die(`missing Debian packages: ${list} (FM_SKIP_APT=1 is set, so not installing)`);
  if (!hasCommand('apt-get')) die(`missing ${list} and no apt-get to install them`);
  say(`    installing ${list} (apt-get)`);
  const t = now();
  const apt = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  if (!asRoot([...apt, 'update', '-qq'])) die('apt-get update failed');
  const log = path.join(LOG_DIR, 'apt.log');
  if (!asRoot([...apt, 'install', '-y', '-qq', '--no-install-recommends', ...missing], log)) {
    tailTo(log, 20);
    die(`apt-get install ${list} failed (log: .data/log/apt.log)`);
  }
  ok(`installed ${list} in ${elapsed(t)} s`);
}

function tailTo(file: string, lines: number): void {
  if (fs.existsSync(file))
    process.stderr.write(`${fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')}\n`);
}

/**
 * Whether node_modules needs `npm ci`: the stamp (node_modules/.fm-lock-sha) holds the lock's
 * sha256 and the Node.js major that installed it. 'hand' when npm's own marker is newer than the
 * lock and the stamp's major is this one (an `npm install` by hand after the last lock change).
 */
export function npmDecision(o: {
  hasNodeModules: boolean;
  stamp: string | null;
  sum: string;
  markerNewerThanLock: boolean;
}): 'up-to-date' | 'hand' | 'install' {
  if (!o.hasNodeModules) return 'install';
  if (o.stamp === o.sum) return 'up-to-date';
  const stampMajor = o.stamp?.split(' ')[1];
  if (stampMajor !== undefined && stampMajor === o.sum.split(' ')[1] && o.markerNewerThanLock) return 'hand';
  return 'install';
}

const mtime = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** npm ci when node_modules is missing, package-lock.json changed, or another Node.js major installed it. */
export function provisionNpm(root = ROOT): void {
  ok(
    `Node.js ${process.versions.node} (${nodeOrigin(process.execPath, path.join(CACHE_DIR, 'node'), env('FM_MACHINE_NODE'))})`,
  );
  const lock = path.join(root, 'package-lock.json');
  const stampFile = path.join(root, 'node_modules', '.fm-lock-sha');
  const hash = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  let sum = `${hash(lock)} node${process.versions.node.split('.')[0]}`;
  const decision = npmDecision({
    hasNodeModules: fs.existsSync(path.join(root, 'node_modules')),
    stamp: fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : null,
    sum,
    markerNewerThanLock: mtime(path.join(root, 'node_modules', '.package-lock.json')) > mtime(lock),
  });
  if (decision === 'up-to-date') return ok('node_modules up to date');
  if (decision === 'hand') {
    fs.writeFileSync(stampFile, `${sum}\n`);
    return ok('node_modules up to date (installed after the last package-lock.json change)');
  }
  say('    npm ci (node_modules missing, package-lock.json changed or installed by another Node.js major)');
  const t = now();
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const log = path.join(LOG_DIR, 'npm-ci.log');
  const npm = (args: string[], flag: 'w' | 'a'): boolean => {
    const fd = fs.openSync(log, flag);
    const r = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: root,
      stdio: ['ignore', fd, fd],
    });
    fs.closeSync(fd);
    return r.status === 0;
  };
  if (!npm(['ci'], 'w')) {
    const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
    if (!text.includes('can only install packages when your package.json and package-lock.json')) {
      tailTo(log, 30);
      die('npm ci failed (log: .data/log/npm-ci.log)');
    }
    // Typically npm/cli#4828: a lock regenerated over an existing node_modules loses the
    // other platforms' optional packages. Install anyway, but say so: the lock needs a fix.
    warn("npm ci refused package-lock.json (npm/cli#4828: other platforms' optional builds are not in the lock):");
    const lines = text
      .split('\n')
      .filter((l) => /Missing:|Invalid:/.test(l))
      .slice(0, 5);
    process.stderr.write(lines.map((l) => `        ${l}\n`).join(''));
    warn('falling back to npm install, which keeps the locked versions (README: Known issues)');
    if (!npm(['install'], 'a')) {
      tailTo(log, 30);
      die('npm install failed (log: .data/log/npm-ci.log)');
    }
    sum = `${hash(lock)} ${sum.split(' ')[1]}`;
  }
  fs.writeFileSync(stampFile, `${sum}\n`);
  ok(`node_modules installed in ${elapsed(t)} s`);
}

/** make provision and the first step of run, up, infra, build, test. */
export function provision(withBrowser: boolean): void {
  step('Provision');
  const t = now();
  provisionApt(withBrowser);
  provisionNpm();
  ok(`provisioned in ${elapsed(t)} s`);
}
