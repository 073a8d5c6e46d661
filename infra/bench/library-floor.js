#!/usr/bin/env node
'use strict';
/* eslint-disable no-console -- a command-line tool: the console is its output */
// The memory floor the chosen libraries set (issue 44 §2): a child Node that only `require`s the
// libraries every service loads, with the services' flags, then collects until the heap settles
// (global.gc() four times, 2 s of rest, four more) and waits; its RSS and PSS are read from
// /proc/<pid>/smaps_rollup (PSS: a page shared with other processes counts its share).
//
//   node infra/bench/library-floor.js [--node <binary>] [--flags "<node flags>"] [--runs <n>] [--bare]
//
// --node: the Node binary of the child (default: the one running this). --flags: its flags, on its
// command line (default: the registry's nodeFlags, the services' own; infra/lib/node-flags.js).
// --runs: children one after another (3), each line printed, then the median. --bare: require
// nothing (Node's own floor). The child's environment is this process's (MALLOC_ARENA_MAX, ...).

const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { REGISTRY_PATH } = require('../lib/node-flags.js');

const ROOT = path.resolve(__dirname, '..', '..');
const LIBRARIES = ['koa', 'koa-session', 'ioredis', 'bullmq', 'mongoose', 'zod', 'pino', 'prom-client'];

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
}

const node = option('--node', process.execPath);
const flags = option('--flags', require(REGISTRY_PATH).nodeFlags.join(' '));
const runs = Number(option('--runs', 3));
const bare = process.argv.includes('--bare');

// The child: requires from the repository's node_modules, collects, rests, says so, then waits.
const CHILD = `
const { createRequire } = require('node:module');
const load = createRequire(${JSON.stringify(path.join(ROOT, 'package.json'))});
for (const name of ${JSON.stringify(bare ? [] : LIBRARIES)}) load(name);
const settle = () => { for (let i = 0; i < 4; i++) global.gc(); };
settle();
setTimeout(() => { settle(); setTimeout(() => process.stdout.write('settled\\n'), 200); }, 2000);
setInterval(() => {}, 1 << 30);
`;

/** The kB fields of /proc/<pid>/smaps_rollup, in MB. */
function rollup(pid) {
  const fields = {};
  for (const [, key, kb] of readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').matchAll(/^(\w+):\s+(\d+) kB/gm)) {
    fields[key] = Number(kb) / 1024;
  }
  return fields;
}

function once() {
  const args = [...flags.split(/\s+/).filter(Boolean), '--expose-gc', '-e', CHILD];
  const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before it settled`)));
    child.stdout.on('data', (chunk) => {
      if (!String(chunk).includes('settled')) return;
      const r = rollup(child.pid);
      child.removeAllListeners('exit');
      child.kill();
      resolve({ rss: r.Rss, pss: r.Pss, anon: r.Anonymous, file: r.Rss - r.Anonymous });
    });
  });
}

const fmt = (m) =>
  `RSS ${m.rss.toFixed(1)} MB (anon ${m.anon.toFixed(1)}, file ${m.file.toFixed(1)}), PSS ${m.pss.toFixed(1)} MB`;

async function main() {
  const version = require('node:child_process').execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`node ${version}, flags "${flags}", ${bare ? 'no libraries' : LIBRARIES.join(' ')}`);
  const all = [];
  for (let i = 0; i < runs; i++) {
    const m = await once();
    all.push(m);
    console.log(`  run ${i + 1}: ${fmt(m)}`);
  }
  const median = (key) => all.map((m) => m[key]).sort((a, b) => a - b)[Math.floor(all.length / 2)];
  console.log(
    `  median: ${fmt({ rss: median('rss'), pss: median('pss'), anon: median('anon'), file: median('file') })}`,
  );
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
