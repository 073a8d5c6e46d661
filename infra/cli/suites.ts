// How `make test` runs its suites: one at a time (output as it comes) or in lanes side by side
// (each one's output in one block when it ends), each one's result recorded in
// .data/test/suites.tsv for the summary (infra/test/summarize.js), and the suites themselves.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, env } from './config.ts';
import { type CpuMark, cpuBusy, cpuMark } from './cpu-meter.ts';
import { childEnv } from './exec.ts';
import { elapsed, now, say, step, warn } from './log.ts';

export type Suite = { name: string; report: string; cmd: string[]; env?: Record<string, string | undefined> };
export type Runner = (suite: Suite) => Promise<number>;

export class Suites {
  dir: string;
  /** The suites running in lanes (stopped on an interrupt). */
  running = new Set<ChildProcess>();
  constructor(dir: string) {
    this.dir = dir;
  }

  private record(s: Suite, code: number, seconds: string): void {
    const log = path.join(this.dir, `${s.name}.log`);
    fs.appendFileSync(path.join(this.dir, 'suites.tsv'), `${s.name}\t${code}\t${s.report}\t${log}\t${seconds}\n`);
  }

  private timeout = (): string => env('FM_TEST_TIMEOUT', '1800');

  /** One suite, its output shown as it comes and kept in .data/test/<name>.log. */
  run: Runner = (s) => {
    step(`Tests: ${s.name}`);
    say(`    $ ${s.cmd.join(' ')}`);
    const t = now();
    const cpu = cpuMark();
    const log = fs.openSync(path.join(this.dir, `${s.name}.log`), 'w');
    return new Promise((resolve) => {
      const child = spawn('timeout', ['--foreground', '--kill-after=30', this.timeout(), ...s.cmd], {
        cwd: ROOT,
        env: childEnv(s.env),
        stdio: ['inherit', 'pipe', 'pipe'],
      });
      const out = (chunk: Buffer): void => {
        process.stdout.write(chunk);
        fs.writeSync(log, chunk);
      };
      child.stdout?.on('data', out);
      child.stderr?.on('data', out);
      child.on('close', (c) => {
        fs.closeSync(log);
        resolve(this.finish(s, c ?? 1, t, cpu));
      });
    });
  };

  private finish(s: Suite, code: number, t: number, cpu: CpuMark): number {
    if (code === 124) warn(`${s.name} timed out after ${this.timeout()} s`);
    const seconds = elapsed(t);
    this.record(s, code, seconds);
    say(`    (${s.name}: exit ${code}, ${seconds} s${busy(cpu)})`);
    return code;
  }

  /** One suite beside others: its output to its log only, printed whole when it ends. */
  quiet: Runner = (s) => {
    const file = path.join(this.dir, `${s.name}.log`);
    const t = now();
    const cpu = cpuMark();
    say(`    started ${s.name} (log .data/test/${s.name}.log)`);
    const log = fs.openSync(file, 'w');
    // timeout without --foreground: the suite in a process group of its own (stopped whole).
    const child = spawn('timeout', ['--kill-after=30', this.timeout(), ...s.cmd], {
      cwd: ROOT,
      env: childEnv(s.env),
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.running.add(child);
    return new Promise((resolve) => {
      child.on('close', (c) => {
        this.running.delete(child);
        const code = c ?? 1;
        if (code === 124) warn(`${s.name} timed out after ${this.timeout()} s`);
        const seconds = elapsed(t);
        this.record(s, code, seconds);
        step(`Tests: ${s.name}`);
        say(`    $ ${s.cmd.join(' ')}`);
        process.stdout.write(fs.readFileSync(file));
        say(`    (${s.name}: exit ${code}, ${seconds} s${busy(cpu)})`);
        resolve(code);
      });
    });
  };

  /** Lanes side by side, each a list of suites run one after another. */
  lanes(lanes: Suite[][]): Promise<void> {
    return Promise.all(
      lanes.map(async (lane) => {
        for (const s of lane) await this.quiet(s);
      }),
    ).then(() => undefined);
  }

  /** After an interrupt: the suites the lanes run, each process group. */
  stopLanes(): void {
    for (const child of this.running) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }
  }

  /** suites.tsv in the order `make test` shows them (whatever order they finished in). */
  order(known: readonly string[]): void {
    const file = path.join(this.dir, 'suites.tsv');
    if (!fs.existsSync(file)) return;
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const nameOf = (l: string): string => l.split('\t')[0] ?? '';
    const ordered = [
      ...known.flatMap((n) => lines.filter((l) => nameOf(l) === n)),
      ...lines.filter((l) => !known.includes(nameOf(l))),
    ];
    fs.writeFileSync(file, ordered.map((l) => `${l}\n`).join(''));
  }
}

/** ", the machine's cores 1.8 of 2 busy (90 %)" since `from`, for a suite's closing line. */
export function busy(from: CpuMark): string {
  const figure = cpuBusy(from, cpuMark(), os.availableParallelism());
  return figure ? `; the machine's ${figure}` : '';
}

export const SUITE_ORDER = ['static', 'compose', 'infra', 'cluster', 'resilience-stack', 'services', 'frontend'];
SUITE_ORDER.push('e2e', 'resilience', 'lighthouse', 'budget', 'premium');
