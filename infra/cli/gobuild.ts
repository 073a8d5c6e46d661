// The Go binaries the launcher builds on first use, cached in ~/.cache/fairway-mind/bin as
// <name>-<version or hash of the sources> (an edit rebuilds): FerretDB (infra/ferretdb),
// stripe-mock, and the docker-compose/Kubernetes checker (infra/compose-check). A lock (flock)
// keeps two launchers from building the same binary at once.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BIN_CACHE, LOG_DIR, ROOT } from './config.ts';
import { die, elapsed, now } from './log.ts';
import { hasCommand } from './provision.ts';

export const STRIPE_MOCK_VERSION = 'v0.197.0';
const FERRETDB_SRC = path.join(ROOT, 'infra/ferretdb');
const COMPOSE_CHECK_SRC = path.join(ROOT, 'infra/compose-check');

const note = (line: string): void => void process.stderr.write(`${line}\n`);

function needGo(label: string, minGo = '1.24'): void {
  if (!hasCommand('go')) die(`Go is needed to build ${label} (Go ${minGo}+ on PATH, GOTOOLCHAIN=local)`);
}

/** Runs `cmd` under the lock `lockFile`, output to `log`; resolves with its exit code. */
function underLock(lockFile: string, cmd: string[], cwd: string, log: string, extraEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const fd = fs.openSync(log, 'w');
    const child = spawn('flock', [lockFile, ...cmd], {
      cwd,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, GOTOOLCHAIN: 'local', ...extraEnv },
    });
    fs.closeSync(fd);
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

type Build = {
  label: string;
  name: string;
  bin: string;
  minGo: string;
  hint: string;
  cwd: string;
  cmd: string[];
  /** Where the command leaves the binary (bin.tmp by default), renamed to bin. */
  output?: string;
  env?: Record<string, string>;
};

/** The binary of `b`, built (to a temporary name, then renamed) unless cached. */
async function buildCached(b: Build): Promise<string> {
  if (isExecutable(b.bin)) return b.bin;
  needGo(b.label, b.minGo);
  fs.mkdirSync(BIN_CACHE, { recursive: true });
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const lock = path.join(BIN_CACHE, `.${b.name}.lock`);
  // Another launcher building it: wait for its lock, then use what it built.
  spawnSync('flock', [lock, 'true']);
  if (isExecutable(b.bin)) return b.bin;
  note(`    building ${b.label} (${b.hint})`);
  const t = now();
  const log = path.join(LOG_DIR, `build-${b.name}.log`);
  const code = await underLock(lock, b.cmd, b.cwd, log, b.env);
  const tmp = b.output ?? `${b.bin}.tmp`;
  if (code !== 0 || !fs.existsSync(tmp)) {
    note(fs.readFileSync(log, 'utf8').trimEnd().split('\n').slice(-20).join('\n'));
    die(`${b.label} build failed (log: .data/log/build-${b.name}.log)`);
  }
  fs.renameSync(tmp, b.bin);
  if (b.output) fs.rmSync(path.dirname(b.output), { recursive: true, force: true });
  note(`    built ${b.label} in ${elapsed(t)} s`);
  return b.bin;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** sha256 of the files' bytes, one after another: the first 12 hex digits. */
export const filesKey = (files: string[]): string => {
  const hash = createHash('sha256');
  for (const f of files) hash.update(fs.readFileSync(f));
  return hash.digest('hex').slice(0, 12);
};

function goModuleBuild(label: string, name: string, src: string, minGo: string, hint: string, files: string[]): Build {
  const bin = path.join(BIN_CACHE, `${name}-${filesKey(files)}`);
  const rel = path.relative(ROOT, src);
  return {
    label,
    name,
    bin,
    minGo,
    hint: `${rel}, first time only${hint ? `; ${hint}` : ''}`,
    cwd: src,
    cmd: ['go', 'build', '-trimpath', '-o', `${bin}.tmp`, '.'],
  };
}

export const ferretdbBin = (): Promise<string> =>
  buildCached(
    goModuleBuild('FerretDB', 'ferretdb', FERRETDB_SRC, '1.24', 'a few minutes on a cold machine', [
      path.join(FERRETDB_SRC, 'go.mod'),
      path.join(FERRETDB_SRC, 'go.sum'),
      path.join(FERRETDB_SRC, 'main.go'),
    ]),
  );

/** The docker-compose and Kubernetes checker (compose-go, Kustomize, k8s.io/api), keyed by its module files and sources. */
export function composeCheckBin(): Promise<string> {
  const go = fs
    .readdirSync(COMPOSE_CHECK_SRC)
    .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'))
    .sort()
    .map((f) => path.join(COMPOSE_CHECK_SRC, f));
  const files = [path.join(COMPOSE_CHECK_SRC, 'go.mod'), path.join(COMPOSE_CHECK_SRC, 'go.sum'), ...go];
  return buildCached(
    goModuleBuild(
      'compose-check',
      'compose-check',
      COMPOSE_CHECK_SRC,
      '1.24.3',
      'compose-go, Kustomize and the k8s.io/api types: about 2 minutes on a cold 2-core machine',
      files,
    ),
  );
}

export function stripeMockBin(): Promise<string> {
  const bin = path.join(BIN_CACHE, `stripe-mock-${STRIPE_MOCK_VERSION}`);
  const gobin = `${bin}.gobin`;
  return buildCached({
    label: `stripe-mock ${STRIPE_MOCK_VERSION}`,
    name: 'stripe-mock',
    bin,
    minGo: '1.24',
    hint: 'first time only',
    cwd: ROOT,
    cmd: ['go', 'install', `github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}`],
    output: path.join(gobin, 'stripe-mock'),
    env: { GOBIN: gobin },
  });
}
