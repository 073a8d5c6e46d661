// How busy the machine's CPUs were while something ran (/proc/stat; Linux): `make test` prints it
// for each suite and for the whole run, so a slow run shows whether the cores were full (cut CPU)
// or idle (run more side by side). The figure is the whole machine's, the services and browsers
// of the suite included; suites in lanes overlap, so theirs add up to more than the run's.
import fs from 'node:fs';

export type CpuMark = { busy: number; total: number } | null;

/** The machine's CPU time so far, busy and in all (clock ticks, all cores). */
export function cpuMark(stat = '/proc/stat'): CpuMark {
  let line: string | undefined;
  try {
    line = fs.readFileSync(stat, 'utf8').split('\n')[0];
  } catch {
    return null;
  }
  const ticks = (line ?? '').split(/\s+/).slice(1).filter(Boolean).map(Number);
  if (line?.split(/\s+/)[0] !== 'cpu' || ticks.length < 5 || ticks.some((n) => !Number.isFinite(n))) return null;
  // user nice system idle iowait irq softirq steal (guest time is in user already)
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/** "cores 1.7 of 2 busy (85 %)" between two marks; '' where /proc/stat is not there. */
export function cpuBusy(from: CpuMark, to: CpuMark, cores: number): string {
  if (!from || !to || to.total <= from.total) return '';
  const share = (to.busy - from.busy) / (to.total - from.total);
  return `cores ${(share * cores).toFixed(1)} of ${cores} busy (${Math.round(share * 100)} %)`;
}
