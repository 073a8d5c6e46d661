'use strict';
// The services' processes: pid, RSS, private memory, CPU time, and the memory the six take
// together (their shared file pages once), from /proc.

const { execFileSync } = require('node:child_process');
const { closeSync, existsSync, openSync, readFileSync, readSync } = require('node:fs');
const path = require('node:path');
const { env, ROOT, SERVICES } = require('./settings');

/** The pid listening on a port: the launcher's pid file when it names a live process, else ss. */
function pidOf(service) {
  const file = path.join(ROOT, '.data', 'run', `${service}.pid`);
  if (existsSync(file)) {
    const pid = readFileSync(file, 'utf8').split('\n')[0];
    if (pid && existsSync(`/proc/${pid}`)) return pid;
  }
  try {
    const port = env[`${service.toUpperCase()}_PORT`];
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    return /pid=(\d+)/.exec(out)?.[1];
  } catch {
    return undefined;
  }
}

function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) a process has used so far. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** The RssAnon of a process (MiB, fractional): its private memory. */
function anonMb(pid) {
  try {
    const kb = /RssAnon:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const PAGE = 4096;
/**
 * The file pages a process has in memory (the `node` binary's code and data above all: 34 MB of a
 * bare `node`, 42–50 MB of a service), as "device:inode:page" keys, from /proc/<pid>/pagemap
 * (bit 63 present, bit 61 file page; readable by the process's owner, no root needed). The six
 * services map the same pages of the same files: in the machine's memory they are there once.
 */
function filePages(pid, into) {
  const maps = readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n');
  const fd = openSync(`/proc/${pid}/pagemap`, 'r');
  try {
    for (const line of maps) {
      const [range, , offset, dev, inode] = line.split(/\s+/);
      if (!range || !inode || inode === '0') continue;
      const [start, end] = range.split('-').map((h) => Number.parseInt(h, 16));
      const pages = (end - start) / PAGE;
      const buf = Buffer.alloc(pages * 8);
      readSync(fd, buf, 0, buf.length, (start / PAGE) * 8);
      const first = Number.parseInt(offset, 16) / PAGE;
      for (let i = 0; i < pages; i++) {
        const hi = buf.readUInt32LE(i * 8 + 4);
        if (hi & 0x80000000 && hi & 0x20000000) into.add(`${dev}:${inode}:${first + i}`);
      }
    }
  } finally {
    closeSync(fd);
  }
  return into;
}

/**
 * The memory the six take together (MiB): their private pages each, plus every shared file page
 * once (a page of the `node` binary that all six map is in memory once, as in one process);
 * undefined when a process cannot be read.
 */
function togetherMb() {
  try {
    const pids = SERVICES.map(pidOf);
    if (pids.some((p) => !p)) return undefined;
    const pages = new Set();
    let anon = 0;
    for (const pid of pids) {
      anon += anonMb(pid);
      filePages(pid, pages);
    }
    return Math.round(anon + (pages.size * PAGE) / 2 ** 20);
  } catch {
    return undefined;
  }
}

function rssAll() {
  return Object.fromEntries(
    SERVICES.map((s) => [
      s,
      (() => {
        const pid = pidOf(s);
        return pid ? rssMb(pid) : undefined;
      })(),
    ]),
  );
}

module.exports = { pidOf, rssMb, cpuMs, anonMb, filePages, togetherMb, rssAll };
