'use strict';
// Replicas (issues 17, 27) with processes the suite starts itself (lib/stack.js): two of every
// service — auth ×2, content ×3, courses ×2, contact ×2, billing ×2, practice ×2 — behind a real gateway whose
// upstreams list every replica (ports +10 per replica, as FM_REPLICAS makes the launcher do).
// Under a steady load of public and logged-in GETs one replica each of content, auth and courses
// is SIGKILLed; Stripe's events reach both billing replicas while two auth replicas consume one
// membership queue and one of them is SIGKILLed; a replica is SIGTERMed with requests in flight.
// Prints the counts.

const fs = require('node:fs');
const path = require('node:path');
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { say } = require('../lib/report');
const { Stack, replicaPort } = require('../lib/stack');
const { Client, pool, eventually } = require('../lib/http');
const { deliver, subscriptionEvent } = require('../lib/stripe-events');
const { stackMembers } = require('../lib/members');
const { appliedMembershipEvents, queuedStripeEvents } = require('../lib/records');

/** @type {Stack} */
let stack;
let base = '';
/** Logged at info, so the suite can read each job's `job completed` line and its request id. */
const INFO = { LOG_LEVEL: 'info' };

before(async () => {
  stack = new Stack();
  await stack.startRedis();
  await stack.seed();
  // Two at a time: eight Node processes starting at once on a 2-core machine is slow for all.
  const starts = [
    () => stack.startService('auth', { env: INFO }),
    () => stack.startService('auth', { replica: 2, env: INFO }),
    () => stack.startService('content'),
    () => stack.startService('content', { replica: 2 }),
    () => stack.startService('content', { replica: 3 }),
    () => stack.startService('courses'),
    () => stack.startService('courses', { replica: 2 }),
    () => stack.startService('contact'),
    () => stack.startService('contact', { replica: 2 }),
    () => stack.startService('billing', { env: INFO }),
    () => stack.startService('billing', { replica: 2, env: INFO }),
    () => stack.startService('practice'),
    () => stack.startService('practice', { replica: 2 }),
  ];
  await pool(2, starts);
  base = await stack.startGateway({
    auth: [replicaPort('auth', 1), replicaPort('auth', 2)],
    content: [replicaPort('content', 1), replicaPort('content', 2), replicaPort('content', 3)],
    courses: [replicaPort('courses', 1), replicaPort('courses', 2)],
    contact: [replicaPort('contact', 1), replicaPort('contact', 2)],
    billing: [replicaPort('billing', 1), replicaPort('billing', 2)],
    practice: [replicaPort('practice', 1), replicaPort('practice', 2)],
  });
  say(
    `replicas: own stack ${stack.run}: Redis ${stack.redisUrl}, auth :${replicaPort('auth', 1)},:${replicaPort('auth', 2)}, content :${replicaPort('content', 1)},:${replicaPort('content', 2)},:${replicaPort('content', 3)}, courses :${replicaPort('courses', 1)},:${replicaPort('courses', 2)}, contact :${replicaPort('contact', 1)},:${replicaPort('contact', 2)}, billing :${replicaPort('billing', 1)},:${replicaPort('billing', 2)}, practice :${replicaPort('practice', 1)},:${replicaPort('practice', 2)}, gateway ${base}, database ${stack.db}`,
  );
});

after(async () => {
  if (stack) await stack.close();
});

/**
 * A steady load of GETs through the gateway until stop(): the public catalogue as a visitor and
 * a member's own reads (who they are, their courses, the lessons as they see them). Counts every
 * answer; a failure is anything but a 200 of the expected shape (a wrong user counts too).
 * @param {Awaited<ReturnType<typeof stackMembers>>} list @param {number} concurrency
 */
function steadyLoad(list, concurrency) {
  const visitor = new Client(base);
  /** @type {Array<(i: number) => Promise<string | null>>} */
  const kinds = [
    async () => {
      const res = await visitor.get('/api/lessons');
      return res.status === 200 && Array.isArray(res.json) && res.json.length > 0 ? null : `lessons ${res.status}`;
    },
    async () => {
      const res = await visitor.get('/api/membership-tiers');
      return res.status === 200 && Array.isArray(res.json) ? null : `tiers ${res.status}`;
    },
    async (i) => {
      const m = /** @type {(typeof list)[number]} */ (list[i % list.length]);
      const res = await m.client.get('/api/auth/user');
      if (res.status !== 200) return `auth/user ${res.status}`;
      return String(res.json?.id) === m.id ? null : `auth/user answered another user`;
    },
    async (i) => {
      const res = await /** @type {(typeof list)[number]} */ (list[i % list.length]).client.get('/api/courses');
      return res.status === 200 && Array.isArray(res.json) ? null : `courses ${res.status}`;
    },
    async (i) => {
      const res = await /** @type {(typeof list)[number]} */ (list[i % list.length]).client.get('/api/lessons');
      return res.status === 200 && Array.isArray(res.json) ? null : `member lessons ${res.status}`;
    },
  ];
  let running = true;
  let sent = 0;
  /** @type {Record<string, number>} */
  const failures = {};
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) {
      const n = sent++;
      let problem;
      try {
        problem = await /** @type {(i: number) => Promise<string | null>} */ (kinds[n % kinds.length])(n);
      } catch (err) {
        problem = `error ${/** @type {Error} */ (err).message}`;
      }
      if (problem) failures[problem] = (failures[problem] ?? 0) + 1;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return { sent, failed: Object.values(failures).reduce((a, b) => a + b, 0), failures };
    },
  };
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The gateway's access log lines so far: which replica answered (`up=`), and retries (several addresses). */
function accessLog() {
  const file = path.join(stack.dir, 'gateway', 'nginx', 'logs', 'access.log');
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  /** @type {Record<string, number>} */
  const byPort = {};
  let retried = 0;
  for (const line of lines) {
    const up = line.match(/ up=(.*?) ut=/)?.[1] ?? '';
    const ports = [...up.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => m[1]);
    if (ports.length > 1) retried += 1;
    for (const p of ports) byPort[p] = (byPort[p] ?? 0) + 1;
  }
  return { lines: lines.length, byPort, retried };
}

test('when one replica each of content, auth and courses is SIGKILLed under a steady load of public and logged-in GETs, then no GET fails and every session still reads its own member', async () => {
  const list = await stackMembers({ baseUrl: base, run: stack.run, n: 6, tag: 'rk' });
  const before = accessLog();
  const load = steadyLoad(list, 6);
  const t0 = Date.now();
  await sleep(3000);
  const killed = [];
  for (const [name, replica] of /** @type {const} */ ([
    ['content', 2],
    ['auth', 2],
    ['courses', 2],
  ])) {
    await stack.kill(`${name}-${replica}`, 'SIGKILL');
    killed.push(`${name}-${replica} (:${replicaPort(name, replica)})`);
    await sleep(2000);
  }
  await sleep(2000);
  const result = await load.stop();
  const seconds = (Date.now() - t0) / 1000;
  const log = accessLog();
  /** @type {Record<string, number>} */
  const served = {};
  for (const [port, n] of Object.entries(log.byPort)) served[port] = n - (before.byPort[port] ?? 0);
  say(
    `replicas/kill: SIGKILLed ${killed.join(', ')} under load; ${result.sent} GETs in ${seconds.toFixed(1)} s (${(result.sent / seconds).toFixed(0)}/s, 6 in flight, 6 members), failed ${result.failed} ${JSON.stringify(result.failures)}; ` +
      `the gateway retried ${log.retried - before.retried} on the next replica; answered per replica port ${JSON.stringify(served)}`,
  );
  assert.equal(result.failed, 0, `no GET failed: ${JSON.stringify(result.failures)}`);
  for (const [name, replica] of /** @type {const} */ ([
    ['content', 2],
    ['auth', 2],
    ['courses', 2],
  ])) {
    assert.ok(
      (served[String(replicaPort(name, replica))] ?? 0) > 0,
      `${name}-${replica} took part before it was killed`,
    );
  }
  assert.ok(result.sent > 100, 'a steady load was sent');
});

/** Every `job completed` line the auth replicas logged, with the replica that logged it. */
function completedJobs() {
  /** @type {Array<{ replica: string, jobId: string, requestId?: string, queue: string }>} */
  const out = [];
  for (const replica of ['auth', 'auth-2']) {
    const file = path.join(stack.logDir, `${replica}.log`);
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes('"job completed"')) continue;
      try {
        const j = JSON.parse(line);
        out.push({ replica, jobId: j.jobId, requestId: j.requestId, queue: j.queue });
      } catch {
        // a line cut by SIGKILL
      }
    }
  }
  return out;
}

/** The sum of a metric's samples whose labels include `labels`, on one port's /metrics. */
async function metric(
  /** @type {number} */ port,
  /** @type {string} */ name,
  /** @type {Record<string, string>} */ labels,
) {
  const res = await new Client(`http://127.0.0.1:${port}`).get('/metrics', { timeoutMs: 10_000 });
  let sum = 0;
  for (const line of res.text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) sum += Number(line.split(' ').pop());
  }
  return sum;
}

test('when two billing replicas take Stripe events and two auth replicas consume one membership queue, one of them SIGKILLed mid-stream, then every event is applied exactly once, each member ends at their newest event, and the webhook request id is in the consumer log line of its job', async () => {
  // auth-2 died in the previous test (stopped here too, should that test have failed before it): both consume again.
  await stack.kill('auth-2');
  await stack.startService('auth', { replica: 2, env: INFO });
  const list = await stackMembers({ baseUrl: base, run: stack.run, n: 60, tag: 'rq' });
  const db = await stack.mongo();
  const start = Math.floor(Date.now() / 1000) - 3600;
  /** @type {Map<string, string>} event id → the X-Request-Id its delivery carried */
  const requestIds = new Map();
  /** @type {string[]} */
  const allEvents = [];
  /** @type {Record<string, number>} */
  const statuses = {};
  let killedAfter = -1;
  const t0 = Date.now();
  // Three rounds (active, canceled, active): within a round, one event per member in parallel;
  // the next round starts once the last one is applied, so each member's events apply in order.
  for (let round = 0; round < 3; round += 1) {
    const status = round === 1 ? 'canceled' : 'active';
    const events = list.map((m) =>
      subscriptionEvent({
        created: start + round * 60,
        status,
        subscriptionId: m.sub,
        customerId: m.customer,
        userId: m.id,
      }),
    );
    let sent = 0;
    await pool(
      8,
      events.map((event, i) => async () => {
        const n = sent++;
        if (round === 1 && n === 20) {
          killedAfter = allEvents.length + n;
          await stack.kill('auth-2', 'SIGKILL');
          say(`replicas/queue: auth-2 SIGKILLed after ${killedAfter} deliveries; auth goes on alone for this round`);
        }
        const requestId = `wh-${round}-${i}-${stack.run}`;
        requestIds.set(String(event.id), requestId);
        const res = await deliver(event, base, { 'x-request-id': requestId });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }),
    );
    allEvents.push(...events.map((e) => String(e.id)));
    const ids = events.map((e) => String(e.id));
    // A job auth-2 held when it died is handed on once its lock expires (BullMQ: 30 s).
    await eventually(
      async () => (await appliedMembershipEvents(db, ids)).length >= ids.length,
      `round ${round + 1} applied`,
      180_000,
    ).catch(() => undefined);
    if (round === 1) await stack.startService('auth', { replica: 2, env: INFO });
  }
  const drainedS = (Date.now() - t0) / 1000;

  const queued = await queuedStripeEvents(db, allEvents);
  const changes = await appliedMembershipEvents(db, allEvents);
  const applied = new Set(changes.map((d) => String(d._id)));
  const lost = [...queued].filter((id) => !applied.has(id));
  const doubled = changes.length - applied.size;
  const users = await db
    .collection('users')
    .find({ _id: { $in: list.map((m) => m.id) } })
    .toArray();
  const wrong = users.filter((u) => u.membershipLevel !== 'premium').length;

  // The logs: which replica completed each job, and the request id it logged for it.
  const done = completedJobs().filter((j) => j.queue === 'membership-events');
  /** @type {Record<string, number>} */
  const byReplica = {};
  for (const j of done) byReplica[j.replica] = (byReplica[j.replica] ?? 0) + 1;
  const withId = allEvents.filter((id) =>
    done.some((j) => j.jobId === `stripe-${id}` && j.requestId === requestIds.get(id)),
  ).length;
  const lag = (
    await Promise.all([1, 2].map((k) => metric(replicaPort('auth', k), 'fm_membership_event_lag_seconds_count', {})))
  ).reduce((a, b) => a + b, 0);
  const webhooksByReplica = await Promise.all(
    [1, 2].map((k) => metric(replicaPort('billing', k), 'fm_webhook_events_total', { outcome: 'queued' })),
  );
  const webhooks = webhooksByReplica.reduce((a, b) => a + b, 0);
  say(
    `replicas/queue: ${allEvents.length} signed subscription events for ${list.length} members through the gateway (3 rounds), answers ${JSON.stringify(statuses)}; auth-2 SIGKILLed mid-round 2; all applied ${drainedS.toFixed(1)} s after the first; ` +
      `billing queued ${queued.size} (billing, billing-2: ${webhooksByReplica.join(', ')}), auth's inbox entries ${changes.length}, lost ${lost.length}, applied twice ${doubled}, members at the wrong level ${wrong} of ${list.length}; ` +
      `job completed lines per replica ${JSON.stringify(byReplica)}, ${withId} of ${allEvents.length} with the webhook's request id; /metrics: billing fm_webhook_events_total{outcome="queued"} ${webhooks} (both replicas), auth lag observations (live replicas) ${lag}`,
  );
  assert.deepEqual(Object.keys(statuses), ['200'], 'every delivery taken');
  assert.equal(queued.size, allEvents.length, 'billing queued every event');
  assert.equal(lost.length, 0, `no event lost (e.g. ${lost.slice(0, 3).join(', ')})`);
  assert.equal(doubled, 0, 'no event applied twice');
  assert.ok(
    changes.every((c) => queued.has(String(c._id))),
    'no change billing did not queue',
  );
  assert.equal(wrong, 0, 'every member Premium after their newest (active) event');
  assert.ok((byReplica.auth ?? 0) > 0 && (byReplica['auth-2'] ?? 0) > 0, 'both replicas consumed');
  assert.equal(withId, allEvents.length, "every job's completed line carries its webhook's request id");
  assert.ok(webhooks >= allEvents.length, 'billing counted the queued webhooks');
  assert.ok(
    webhooksByReplica.every((n) => n > 0),
    'both billing replicas took webhooks',
  );
  assert.ok(lag > 0, 'auth recorded membership-event lag');
});

test('when a replica is SIGTERMed with requests in flight, then it answers every one of them before it exits (0), and GETs through the gateway meanwhile all succeed', async () => {
  // A third auth replica, outside the gateway, whose sign-ups are slow (bcrypt cost 12, hashed on
  // libuv's 4 threads): when the first of 8 answers, at least 4 others are still in flight.
  await stack.startService('auth', { replica: 3, env: { ...INFO, BCRYPT_ROUNDS: '12' } });
  const direct = `http://127.0.0.1:${replicaPort('auth', 3)}`;
  const list = await stackMembers({ baseUrl: base, run: stack.run, n: 4, tag: 'rt' });
  const load = steadyLoad(list, 4);
  await sleep(1000);
  const emails = Array.from({ length: 8 }, (_, i) => `replica-drain-${stack.run}-${i}@example.com`);
  const t0 = Date.now();
  const signups = emails.map((email) =>
    new Client(direct).post('/api/auth/signup', { email, password: 'replica-pass-1' }).catch((err) => ({
      status: 0,
      headers: /** @type {Record<string, string>} */ ({}),
      text: String(err),
    })),
  );
  await Promise.race(signups);
  const exitP = stack.kill('auth-3', 'SIGTERM');
  // Meanwhile a content replica behind the gateway is SIGTERMed under the GET load.
  const contentExit = await stack.kill('content-3', 'SIGTERM');
  const answers = await Promise.all(signups);
  const exit = await exitP;
  const exitS = (Date.now() - t0) / 1000;
  await sleep(1500);
  const result = await load.stop();
  const db = await stack.mongo();
  const created = await db.collection('users').countDocuments({ email: { $in: emails } });
  const duringDrain = answers.filter((a) => String(a.headers.connection).toLowerCase() === 'close').length;
  /** @type {Record<string, number>} */
  const statuses = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  say(
    `replicas/drain: SIGTERM to auth-3 when the first of 8 slow sign-ups answered: answers ${JSON.stringify(statuses)}, ${duringDrain} answered during the drain (Connection: close), ${created} accounts stored, exit ${JSON.stringify(exit)} ${exitS.toFixed(1)} s after the first request; ` +
      `SIGTERM to content-3 under load: exit ${JSON.stringify(contentExit)}; GETs through the gateway meanwhile ${result.sent}, failed ${result.failed} ${JSON.stringify(result.failures)}`,
  );
  assert.deepEqual(statuses, { 201: 8 }, 'every in-flight sign-up answered 201, none cut');
  assert.ok(duringDrain >= 4, 'the others were still in flight when the signal came');
  assert.equal(created, 8);
  assert.deepEqual(exit, { code: 0, signal: null }, 'auth-3 exited by itself after draining');
  assert.deepEqual(contentExit, { code: 0, signal: null }, 'content-3 exited by itself after draining');
  assert.equal(result.failed, 0, `no GET failed: ${JSON.stringify(result.failures)}`);
});
