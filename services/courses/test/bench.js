#!/usr/bin/env node
/**
 * A short benchmark of the courses service against the real Redis and MongoDB-protocol server,
 * in its own throw-away database (removed at the end). Build first: `npx tsc -b services/courses`.
 *
 *   node services/courses/test/bench.js [courses=200] [members=20]
 *
 * Prints latency percentiles per endpoint, as a member's browser would see them (HTTP over
 * loopback with keep-alive, session cookie, Origin on writes).
 */
/* global fetch */
/* eslint-disable no-console -- a command-line report */
'use strict';

const { closeBackground } = require('@fm/shared/service');
const { createTestDeps, loggedInMember, TEST_SITE_ORIGIN } = require('@fm/shared/testing');
const { compose } = require('../dist/compose');
const { configSchema } = require('../dist/config');

const COURSES = Number(process.argv[2] ?? 200);
const MEMBERS = Number(process.argv[3] ?? 20);
const PARS = [4, 5, 4, 4, 3, 5, 3, 4, 4, 4, 4, 3, 4, 5, 4, 4, 3, 5];
const PLACES = [
  ['Monterey', 'California', 'USA'],
  ['St Andrews', 'Fife', 'Scotland'],
  ['Black Rock', 'Victoria', 'Australia'],
  ['Augusta', 'Georgia', 'USA'],
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const deps = await createTestDeps(configSchema, {
    LOG_LEVEL: 'silent',
    COURSES_MAX_PER_MEMBER: String(COURSES + 10),
    COURSES_WRITES_PER_MINUTE: '10000',
  });
  const service = compose(deps);
  const server = service.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const results = [];

  async function call(cookie, method, path, body) {
    const started = process.hrtime.bigint();
    const res = await fetch(base + path, {
      method,
      headers: {
        cookie,
        ...(method === 'GET' ? {} : { origin: TEST_SITE_ORIGIN }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return { ms, body: text ? JSON.parse(text) : undefined };
  }

  /** Runs `count` calls, `concurrency` at a time, and records their latencies under `label`. */
  async function measure(label, count, concurrency, makeCall) {
    const times = [];
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const i = next++;
          times.push((await makeCall(i)).ms);
        }
      }),
    );
    const wall = (Date.now() - started) / 1000;
    times.sort((a, b) => a - b);
    results.push({
      endpoint: label,
      n: count,
      conc: concurrency,
      'p50 ms': percentile(times, 50).toFixed(1),
      'p95 ms': percentile(times, 95).toFixed(1),
      'max ms': times[times.length - 1].toFixed(1),
      'req/s': (count / wall).toFixed(0),
    });
  }

  try {
    const owner = await loggedInMember(deps, { firstName: 'Bench', lastName: 'Owner' });
    const others = await Promise.all(Array.from({ length: MEMBERS }, () => loggedInMember(deps)));
    const ids = [];

    await measure('POST /api/courses', COURSES, 1, async (i) => {
      const [city, state, country] = PLACES[i % PLACES.length];
      const res = await call(owner.cookie, 'POST', '/api/courses', {
        name: `Bench Course ${i}`,
        city,
        state,
        country,
        pars: PARS,
        isPublic: i % 2 === 0,
      });
      ids.push(res.body.id);
      return res;
    });
    const publicIds = ids.filter((_, i) => i % 2 === 0);

    await measure('PUT /:id/like (members × courses)', MEMBERS * 10, 8, (i) =>
      call(others[i % MEMBERS].cookie, 'PUT', `/api/courses/${publicIds[i % publicIds.length]}/like`, {
        isLike: i % 3 !== 0,
      }),
    );
    await measure('PUT /:id/favorite', MEMBERS * 10, 8, (i) =>
      call(others[i % MEMBERS].cookie, 'PUT', `/api/courses/${publicIds[(i * 7) % publicIds.length]}/favorite`),
    );
    await measure('PUT /:id/like same record ×20', 20, 20, () =>
      call(others[0].cookie, 'PUT', `/api/courses/${publicIds[0]}/like`, { isLike: true }),
    );
    await measure('GET /api/courses (50 of many)', 50, 4, () => call(owner.cookie, 'GET', '/api/courses'));
    await measure('GET /api/courses?q=fife', 50, 4, () => call(owner.cookie, 'GET', '/api/courses?q=fife&limit=20'));
    await measure('GET /api/courses/public', 50, 4, () => call(others[1].cookie, 'GET', '/api/courses/public'));
    await measure('GET /api/courses/favorites', 50, 4, (i) =>
      call(others[i % MEMBERS].cookie, 'GET', '/api/courses/favorites'),
    );
    await measure('GET /api/courses/:id', 200, 8, (i) =>
      call(others[i % MEMBERS].cookie, 'GET', `/api/courses/${publicIds[i % publicIds.length]}`),
    );
    await measure('DELETE /api/courses/:id (cascade)', Math.min(20, publicIds.length), 1, (i) =>
      call(owner.cookie, 'DELETE', `/api/courses/${publicIds[i]}`),
    );

    console.log(`courses bench: ${COURSES} courses, ${MEMBERS} members, Node ${process.version}`);
    console.table(results);
  } finally {
    server.close();
    await closeBackground(service.background);
    await deps.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
