// Commands the launcher runs to completion: output to a log under .data/log (its tail shown when
// they fail), or passed through.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOG_DIR, ROOT } from './config.ts';
import { die } from './log.ts';

/** The last `lines` lines of a file on stderr. */
export function tailFile(file: string, lines: number, indent = ''): void {
  if (!fs.existsSync(file)) return;
  const text = fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').slice(-lines);
  process.stderr.write(text.map((l) => `${indent}${l}\n`).join(''));
}

export type RunOptions = { cwd?: string; env?: Record<string, string | undefined>; append?: boolean };

/** The environment of a child: process.env with `extra` (an undefined value unsets). */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** Runs `cmd` with its output to .data/log/<log>; resolves with its exit code. */
export function runToLog(cmd: string[], log: string, o: RunOptions = {}): Promise<number> {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const fd = fs.openSync(path.join(LOG_DIR, log), o.append ? 'a' : 'w');
  return new Promise((resolve) => {
    const child = spawn(cmd[0] as string, cmd.slice(1), {
      cwd: o.cwd ?? ROOT,
      env: childEnv(o.env),
      stdio: ['ignore', fd, fd],
    });
    fs.closeSync(fd);
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** runToLog, and on failure the log's last `lines` lines and `message` (log: …) as the error. */
export async function runOrDie(
  cmd: string[],
  log: string,
  message: string,
  lines: number,
  o: RunOptions = {},
): Promise<void> {
  if ((await runToLog(cmd, log, o)) === 0) return;
  tailFile(path.join(LOG_DIR, log), lines);
  die(`${message} (log: .data/log/${log})`);
}

/** Runs `cmd` with its output passed through (each line prefixed by `indent`); resolves with the exit code. */
export function runThrough(cmd: string[], o: RunOptions & { indent?: string } = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd[0] as string, cmd.slice(1), {
      cwd: o.cwd ?? ROOT,
      env: childEnv(o.env),
      stdio: ['ignore', o.indent ? 'pipe' : 'inherit', 'inherit'],
    });
    if (o.indent && child.stdout) {
      let rest = '';
      child.stdout.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const l of lines) process.stdout.write(`${o.indent}${l}\n`);
      });
      child.stdout.on('end', () => rest && process.stdout.write(`${o.indent}${rest}\n`));
    }
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
  });
}
