'use strict';
// The bench's report: the table of the run, the services' memory beside Ghost's, and one line
// per target of issues 26 and 44 with its goal, met or not.

const os = require('node:os');
const { fmt, ROUNDS, SECONDS, SERVICES, SETTLE_SECONDS, THREADS, CONNECTIONS } = require('./settings');
const { wrkVersion } = require('./wrk');

/**
 * The peer's memory line: Ghost 5.130 in production mode (SQLite), one process for everything,
 * measured side by side on the bench machine at 343–400 MiB RSS (issue 26); the upper figure.
 * Ghost is not run by the bench (nor in CI): a constant with its source.
 */
const GHOST_RSS_MIB = 400;
/**
 * Issue 26's goals for the service figures; the memory goal is issue 44's: the six together on
 * Node 24, shared pages once (the per-service 80 MB of issue 26 is retired: the libraries the
 * design fixes weigh 80-96 MB alone, infra/bench/library-floor.js).
 */
const GOALS = {
  publicCached: 0.6,
  memberRead: 0.4,
  memberP99: 2,
  courses: 0.3,
  media: 0.3,
  heartbeat: 0.3,
  togetherMib: 450,
};

/** RSS of the six in MiB (the per-service figures are MiB too), or undefined if one is unknown. */
function sumRss(rss) {
  const values = SERVICES.map((s) => rss[s]);
  return values.every((v) => typeof v === 'number') ? values.reduce((a, b) => a + b, 0) : undefined;
}

const verdict = (ok) => (ok ? 'met' : 'NOT met');

/** The baseline a target is measured against: the bare Koa with its own bytes, else auth/user's. */
function baselineOf(r, results, bare) {
  return (r.sameBytes && results.find((b) => b.base === r.sameBytes)) || bare;
}

/** One line per target of issue 26 (and issue 16's auth checks): figure, goal, met or not. */
function targetLines(results, bare, store, authUser, rssAfter, together, taps, rssSettled, togetherSettled) {
  const ratio = (r) => r.rps / baselineOf(r, results, bare).rps;
  const line = (r, goal, extra = '') =>
    `  ${r.name} ≥ ${goal}× bare Koa${r.sameBytes ? ' (same bytes)' : ''}: ${fmt(ratio(r), 2)}× ${verdict(ratio(r) >= goal)}${extra}`;
  const p99 = (r) =>
    `; p99 ≤ ${GOALS.memberP99}× bare's: ${fmt(r.p99 / bare.p99, 2)}× ${verdict(r.p99 <= GOALS.memberP99 * bare.p99)}`;
  const cpu = (r) => (Number.isFinite(r.cpuUs) ? `; ${r.service} ${fmt(r.cpuUs)} µs CPU/request` : '');
  const lines = ['Targets (issue 26; figures of this run, never a pass/fail test):'];
  for (const r of results) {
    if (r.public)
      lines.push(line(r, GOALS.publicCached, `; ${fmt(r.rps / bare.rps, 2)}× the auth/user bytes' bare Koa${cpu(r)}`));
    else if (r.kind === 'courses') lines.push(line(r, GOALS.courses, cpu(r)));
    else if (r.kind === 'media') lines.push(line(r, GOALS.media, cpu(r)));
    else if (r.kind === 'heartbeat') lines.push(line(r, GOALS.heartbeat, cpu(r)));
    else if (r.member) lines.push(line(r, GOALS.memberRead, `${p99(r)}${cpu(r)}`));
  }
  if (authUser?.rps !== undefined)
    lines.push(
      `  GET /api/auth/user above Koa+Redis+findOne (issue 16): ${fmt(authUser.rps / store.rps, 2)}× ${verdict(authUser.rps > store.rps)}`,
    );
  const known = SERVICES.every((s) => typeof rssAfter[s] === 'number');
  const total = sumRss(rssAfter);
  lines.push(
    `  RSS per service after the run (no goal of its own): ${
      known ? SERVICES.map((s) => `${s} ${rssAfter[s]}`).join(', ') : 'unknown (no pid found for every service)'
    }${
      SERVICES.every((s) => typeof rssSettled[s] === 'number')
        ? ` (${SETTLE_SECONDS} s after the load, settled: ${SERVICES.map((s) => `${s} ${rssSettled[s]}`).join(', ')})`
        : ''
    }`,
    `  All six in memory together ≤ ${GOALS.togetherMib} MiB (issue 44, Node ${process.versions.node}; the \`node\` binary's and other shared file pages once): ${
      together === undefined
        ? 'unknown'
        : `right after the load ${together} MiB ${verdict(together <= GOALS.togetherMib)}`
    }, ${
      togetherSettled === undefined
        ? 'settled unknown'
        : `${SETTLE_SECONDS} s later ${togetherSettled} MiB ${verdict(togetherSettled <= GOALS.togetherMib)}`
    }; below Ghost's ${GHOST_RSS_MIB} MiB (Ghost 5.130 production, one process, issue 26) is the stretch: ${
      together === undefined ? 'unknown' : verdict(together < GHOST_RSS_MIB)
    }${total === undefined ? '' : ` (sum of the six RSS ${total} MiB)`}`,
  );
  if (taps) {
    for (const t of taps.rows)
      lines.push(
        `  First tap ≤ ${taps.limit} ms before the app is live, ${t.control}${t.control.includes(t.path) ? '' : ` (${t.path})`}: ${
          t.shownMs === null ? t.problems.join('; ') : `shown ${fmt(t.shownMs)} ms, INP ${fmt(t.inpMs)} ms`
        } ${verdict(t.problems.length === 0)}`,
      );
  } else
    lines.push(
      '  First tap ≤ 200 ms on the emulated phone: not measured in this run (BENCH_FIRST_TAP=0 or no chromium)',
    );
  lines.push(
    '  Nothing entered before the app is live is lost (fill, paste, autofill on /contact, /signup, /login): e2e journey 10, not measured here',
  );
  return lines;
}

/** The report of a run (Markdown lines): the targets' table, the memory table, the load, the first taps, the targets. */
function reportLines({
  results,
  started,
  loadBefore,
  loadAfter,
  rssBefore,
  rssAfter,
  privateAfter,
  rssSettled,
  together,
  togetherSettled,
  taps,
}) {
  const bare = results.find((r) => r.base === 'bare');
  const store = results.find((r) => r.base === 'store');
  const authUser = results.find((r) => r.path === '/api/auth/user');
  return [
    `Logged-in hot path, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${wrkVersion()}; ` +
      `wrk -t${THREADS} -c${CONNECTIONS}, best of ${ROUNDS} × ${SECONDS} s`,
    '',
    '| target | req/s | p50 ms | p99 ms | × bare Koa¹ | × Koa+Redis+findOne | service CPU µs/req | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.rps / baselineOf(r, results, bare).rps, 2)} | ${fmt(r.rps / store.rps, 2)} | ${Number.isFinite(r.cpuUs) ? `${fmt(r.cpuUs)} (${r.service})` : '—'} | ${r.bad + r.socketErrors} |`,
    ),
    '',
    "¹ The public reads against the bare Koa serving their own bytes; every other target against the one serving /api/auth/user's.",
    '',
    `| service | RSS before (MB) | RSS after (MB) | after: private (anon) | after: file pages (mostly \`node\`, shared) | RSS ${SETTLE_SECONDS} s after the load (MB) |`,
    '|---|---:|---:|---:|---:|---:|',
    ...SERVICES.map((s) => {
      const anon = privateAfter[s];
      const file = anon === undefined || rssAfter[s] === undefined ? undefined : rssAfter[s] - Math.round(anon);
      return `| ${s} | ${rssBefore[s] ?? '—'} | ${rssAfter[s] ?? '—'} | ${fmt(anon)} | ${file ?? '—'} | ${rssSettled[s] ?? '—'} |`;
    }),
    `| all six, sum of RSS | ${sumRss(rssBefore) ?? '—'} | ${sumRss(rssAfter) ?? '—'} | | | ${sumRss(rssSettled) ?? '—'} |`,
    `| all six in memory together (shared file pages once) | — | ${together ?? '—'} | | | ${togetherSettled ?? '—'} |`,
    `| Ghost (the peer, one process, not run here) | — | ${GHOST_RSS_MIB} | | | |`,
    '',
    `Load average (1, 5, 15 min) before the run ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after it ${loadAfter
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs (other work on the machine skews req/s; the CPU per request less).`,
    '',
    ...(taps
      ? [
          `First tap (${taps.runs} tap${taps.runs > 1 ? 's' : ''} per control, median; perf/first-tap.mjs):`,
          '',
          '| control | page | shown ms | INP ms |',
          '|---|---|---:|---:|',
          ...taps.rows.map((t) => `| ${t.control} | ${t.path} | ${fmt(t.shownMs)} | ${fmt(t.inpMs)} |`),
          '',
        ]
      : []),
    ...targetLines(results, bare, store, authUser, rssAfter, together, taps, rssSettled, togetherSettled),
  ];
}

module.exports = { reportLines };
