// The processes the launcher starts: .data/run/<name>.pid holds the pid and a marker (a piece of
// the command line: a pid that now belongs to something else is not ours), the output goes to
// .data/log/<name>.log, each runs in a session of its own (Ctrl-C reaches only the launcher,
// which then stops things in order), and what a command started is stopped newest first.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOG_DIR, RUN_DIR } from './config.ts';
import { die, say, sleep, warn } from './log.ts';

/** Names of the processes this invocation started, in start order (stopped in reverse). */
export const started: string[] = [];
/** The children this invocation started, by name (a run waits on them). */
export const children = new Map<string, ChildProcess>();

export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

const pidFile = (name: string): string => path.join(RUN_DIR, `${name}.pid`);

/** The pid of our process NAME while it is alive and its command line still holds the marker. */
export function pidOf(name: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(pidFile(name), 'utf8');
  } catch {
    return null;
  }
  const [pidText = '', marker = ''] = text.split('\n');
  const pid = Number(pidText);
  if (!pidText || !Number.isInteger(pid) || !isAlive(pid)) return null;
  if (marker) {
    let cmdline = '';
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      return null;
    }
    if (!cmdline.includes(marker)) return null;
  }
  return pid;
}

/** The names of the pid files in .data/run (without .pid). */
export const pidFileNames = (): string[] =>
  fs.existsSync(RUN_DIR)
    ? fs
        .readdirSync(RUN_DIR)
        .filter((f) => f.endsWith('.pid'))
        .map((f) => f.slice(0, -4))
        .sort()
    : [];

/** Runs CMD detached in its own session, output appended to .data/log/NAME.log; records it. */
export async function startBg(
  name: string,
  marker: string,
  cmd: string[],
  extraEnv: Record<string, string> = {},
): Promise<void> {
  fs.mkdirSync(RUN_DIR, { recursive: true });
  fs.mkdirSync(LOG_DIR, { recursive: true });
  // Ours but not answering as configured (e.g. the port changed): replace it.
  if (pidOf(name) !== null) await stopOne(name);
  const log = path.join(LOG_DIR, `${name}.log`);
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
  fs.appendFileSync(log, `\n--- ${stamp} start: ${cmd.join(' ')}\n`);
  const fd = fs.openSync(log, 'a');
  const [bin = '', ...args] = cmd;
  const child = spawn(bin, args, {
    detached: true,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...extraEnv },
  });
  fs.closeSync(fd);
  child.on('error', () => {}); // a missing binary: waitFor reports it dead, with the log
  if (child.pid === undefined) die(`could not start ${name} (${bin})`);
  child.unref();
  children.set(name, child);
  fs.writeFileSync(pidFile(name), `${child.pid}\n${marker}\n`);
  started.push(name);
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    try {
      process.kill(pid, sig);
    } catch {
      /* gone */
    }
  }
}

/** Stops our process NAME (SIGTERM to its group, SIGKILL after 10 s) and removes its pid file. */
export async function stopOne(name: string): Promise<void> {
  const pid = pidOf(name);
  if (pid !== null) {
    signal(pid, 'SIGTERM');
    for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
    if (isAlive(pid)) {
      warn(`${name} (pid ${pid}) ignored SIGTERM for 10 s; killing it`);
      signal(pid, 'SIGKILL');
      for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
    }
    say(`    stopped ${name} (pid ${pid})`);
  }
  fs.rmSync(pidFile(name), { force: true });
  children.delete(name);
}

/** Stops what this invocation started, newest first. */
export async function stopStarted(): Promise<void> {
  while (started.length > 0) await stopOne(started.pop() as string);
}

/** Forget what this invocation started (up, infra: it stays running). */
export const keepStarted = (): void => void started.splice(0);

/** Stops everything any launcher run left running (make stop): the gateway, the replicas beyond the first, then the rest. */
export async function stopAllKnown(services: readonly string[]): Promise<void> {
  await stopOne('gateway');
  for (const name of pidFileNames()) if (/-[2-9]$/.test(name)) await stopOne(name);
  const order = [
    'gateway',
    'prerender-watch',
    ...[...services].reverse(),
    'smtp-sink',
    'stripe-mock',
    'mongo',
    'redis',
  ];
  for (const name of order) await stopOne(name);
  for (const name of pidFileNames()) await stopOne(name);
}

/** The last lines of .data/log/NAME.log on stderr, indented. */
export function logTail(name: string, lines = 15): void {
  const log = path.join(LOG_DIR, `${name}.log`);
  if (!fs.existsSync(log)) return;
  const text = fs.readFileSync(log, 'utf8').replace(/\n$/, '').split('\n').slice(-lines);
  process.stderr.write(text.map((l) => `      | ${l}\n`).join(''));
}

/** The pid the file of NAME names, alive or not (right after startBg). */
function recordedPid(name: string): number | null {
  try {
    const pid = Number(fs.readFileSync(pidFile(name), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Polls `probe` every 0.2 s; fails with `message` (and the log tail) after `seconds`, or at once
 * when the process `name` died.
 */
export async function waitFor(
  seconds: number,
  message: string,
  name: string,
  probe: () => boolean | Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (await probe()) return;
    const pid = name ? recordedPid(name) : null;
    if (name && pid !== null && !isAlive(pid)) {
      logTail(name);
      die(`${name} exited during start-up (log: .data/log/${name}.log)`);
    }
    if (Date.now() >= deadline) {
      if (name) logTail(name);
      die(`${message} within ${seconds} s${name ? ` (log: .data/log/${name}.log)` : ''}`);
    }
    await sleep(200);
  }
}
