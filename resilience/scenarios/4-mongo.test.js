'use strict';
// The MongoDB-protocol server restarted under logged-in reads: a FerretDB of the suite's own
// (SQLite, its own port and folder), auth and courses on it, a gateway in front.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { say } = require('../lib/report');
const { Stack, PORTS } = require('../lib/stack');
const { Client, eventually } = require('../lib/http');

const MONGO_PORT = Number(process.env.RESILIENCE_MONGO_PORT || 27117);
// Longer than a read may wait for the server (~10 s), so that reads meet the outage itself.
const DOWN_MS = 15_000;

/** @type {Stack} */
let stack;
/** @type {string} */
let base;

before(async () => {
  stack = new Stack({ ownMongoPort: MONGO_PORT });
  await stack.startRedis();
  await stack.startMongo();
  await Promise.all([stack.startService('auth'), stack.startService('courses')]);
  base = await stack.startGateway({ auth: PORTS.auth, courses: PORTS.courses });
  say(
    `mongo: own stack ${stack.run}: FerretDB :${MONGO_PORT} (SQLite), Redis ${stack.redisUrl}, auth :${PORTS.auth}, courses :${PORTS.courses}, gateway ${base}`,
  );
});

after(async () => {
  if (stack) await stack.close();
});

const readyz = async () =>
  (await new Client(`http://127.0.0.1:${PORTS.courses}`).get('/readyz', { timeoutMs: 10_000 })).status;

test('when the MongoDB-protocol server restarts under logged-in reads, then reads fail fast as 503 JSON with Retry-After while it is down and recover on their own within 5 s', async () => {
  const member = new Client(base);
  const signup = await member.post('/api/auth/signup', {
    email: `mongo-${stack.run}@example.com`,
    password: 'mongo-pass-1',
  });
  assert.equal(signup.status, 201);
  const created = await member.post('/api/courses', { name: 'Restart Links', city: 'a', state: 'b', country: 'c' });
  assert.equal(created.status, 201);
  // One course, read from the store on every request (the course list is answered from Redis,
  // courses' course-list-cache, and so does not meet an outage of the store).
  const coursePath = `/api/courses/${created.json.id}`;

  /** @type {Array<{ at: number, status: number, ms: number, body: string, retryAfter: unknown }>} */
  const reads = [];
  let reading = true;
  const readers = Array.from({ length: 3 }, async () => {
    while (reading) {
      const at = Date.now();
      try {
        const res = await member.get(coursePath, { timeoutMs: 70_000 });
        reads.push({
          at,
          status: res.status,
          ms: res.ms,
          body: res.text.slice(0, 200),
          retryAfter: res.headers['retry-after'],
        });
      } catch (err) {
        reads.push({ at, status: 0, ms: Date.now() - at, body: String(err), retryAfter: undefined });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await stack.kill('mongo', 'SIGTERM');
  const downAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const readyDown = await readyz();
  await new Promise((resolve) => setTimeout(resolve, DOWN_MS - 1500));
  await stack.startMongo();
  const portAt = Date.now();
  // "Restarted" is when the server answers again, not when its port opens: on a loaded machine
  // FerretDB has taken seconds between the two, and the services cannot be faster than it.
  const upAt = await stack.mongoAnswers();
  const backAfter = await eventually(
    async () => {
      const r = reads.filter((x) => x.at > upAt && x.status === 200);
      return r.length >= 3 ? /** @type {any} */ (r[0].at + /** @type {any} */ (r[0]).ms - upAt) / 1000 || 0.001 : 0;
    },
    'reads to succeed again',
    30_000,
  ).catch(() => NaN);
  const readyUp = await readyz();
  reading = false;
  await Promise.all(readers);

  const during = reads.filter((r) => r.at >= downAt && r.at < upAt);
  /** @type {Record<string, number>} */
  const byStatus = {};
  for (const r of during) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const slowest = Math.max(0, ...during.map((r) => r.ms));
  // A read already under way when the server stops may still be answered (200); every other
  // one is the 503 envelope.
  const bad = during.filter(
    (r) => r.status !== 200 && (r.status !== 503 || !/"code":"UNAVAILABLE"/.test(r.body) || !r.retryAfter),
  );
  say(
    `mongo: injected a ${DOWN_MS / 1000} s stop of the MongoDB-protocol server; reads while down ${JSON.stringify(byStatus)}, slowest ${slowest} ms` +
      `${bad.length ? `, e.g. ${bad[0]?.status} ${bad[0]?.body}` : ''}; /readyz down ${readyDown}, after ${readyUp}; the server answered ${((upAt - portAt) / 1000).toFixed(1)} s after its port opened; reads back ${backAfter.toFixed(1)} s after that`,
  );
  if (!(backAfter <= 5) || readyUp !== 200) {
    say(
      `mongo: courses' log, last lines:\n${stack.logTail('courses')}\nFerretDB's log, last lines:\n${stack.logTail('mongo')}`,
    );
  }
  assert.ok((byStatus[503] ?? 0) > 0, 'reads met the outage');
  assert.equal(readyDown, 503, '/readyz says not ready while it is down');
  assert.deepEqual(
    bad.map((r) => `${r.status} ${r.body}`),
    [],
    'every read while down: 503 UNAVAILABLE with Retry-After',
  );
  assert.ok(slowest < 15_000, `no read hangs (slowest ${slowest} ms; the gateway gives up at 60 s)`);
  assert.ok(backAfter <= 5, `reads recover within 5 s of the restart (${backAfter} s)`);
  assert.equal(readyUp, 200);
});
