'use strict';
// Races through the real gateway: many requests at the same moment, each from its own loopback
// address (so only the per-account rules apply, as for members behind different IPs).

const { test, after } = require('node:test');
const assert = require('node:assert/strict');
const { say } = require('../lib/report');
const { randomBytes } = require('node:crypto');
const { ObjectId } = require('mongodb');
const { config } = require('../lib/config');
const { Client, pool } = require('../lib/http');
const { PASSWORD, signUp, appDb, closeAppDb } = require('../lib/members');

after(closeAppDb);

const SIGNUP_CONCURRENCY = Number(process.env.RESILIENCE_SIGNUP_CONCURRENCY || 50);

/** @param {Array<{ status: number }>} answers */
function byStatus(answers) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

test('when 200 sign-ups race over 20 emails (case and whitespace variants), then exactly 20 accounts exist, one per email', async () => {
  const tag = `${Date.now()}-${randomBytes(3).toString('hex')}`;
  const emails = Array.from({ length: 20 }, (_, i) => `race-${tag}-${i}@example.com`);
  const variants = (/** @type {string} */ e) => [
    e,
    e.toUpperCase(),
    ` ${e}`,
    `${e}  `,
    e.replace('race', 'RaCe'),
    `\t${e.toUpperCase()}`,
  ];
  const attempts = Array.from({ length: 200 }, (_, i) => {
    const list = variants(/** @type {string} */ (emails[i % 20]));
    return list[Math.floor(i / 20) % list.length];
  });
  // In flight at once: SIGNUP_CONCURRENCY (50). The first 50 hold 2-3 variants of every email,
  // so each email is raced; all 200 at once make 200 bcrypt hashes (cost 12), which on a busy
  // 2-core machine outlast the gateway's 60 s timeout (504s; the accounts stay exactly 20).
  const answers = await pool(
    SIGNUP_CONCURRENCY,
    attempts.map(
      (email) => () => new Client().post('/api/auth/signup', { email, password: PASSWORD }, { timeoutMs: 120_000 }),
    ),
  );
  const counts = byStatus(answers);
  const created = answers.filter((a) => a.status === 201).map((a) => a.json.user.email);
  const db = await appDb();
  const stored = await db.collection('users').countDocuments({ email: { $in: emails } });
  say(
    `races/signup: sent 200 over 20 emails (${SIGNUP_CONCURRENCY} in flight); answers ${JSON.stringify(counts)}; accounts stored ${stored}`,
  );
  assert.equal(counts[201], 20, 'exactly 20 × 201');
  assert.equal(counts[409], 180, 'the other 180 × 409 (email exists)');
  assert.deepEqual([...created].sort(), [...emails].sort(), 'one account per email, stored lower-case and trimmed');
  assert.equal(stored, 20);
  // Each account logs in with its plain address.
  const logins = await Promise.all(
    emails.map((email) => new Client().post('/api/auth/login', { email, password: PASSWORD })),
  );
  assert.deepEqual(byStatus(logins), { 200: 20 });
});

/**
 * 100 toggles (10 members × 10, each member's at once) on a fresh public course; answers the
 * statuses, the non-200 bodies, the course's counts and its rows.
 */
async function toggleRace() {
  const owner = await signUp();
  const created = await owner.client.post('/api/courses', {
    name: 'Race Links',
    city: 'St Andrews',
    state: 'Fife',
    country: 'Scotland',
    isPublic: true,
  });
  assert.equal(created.status, 201);
  const id = created.json.id;
  const members = await Promise.all(Array.from({ length: 10 }, () => signUp()));
  const ops = [
    (/** @type {Client} */ c) => c.put(`/api/courses/${id}/like`, { isLike: true }),
    (/** @type {Client} */ c) => c.put(`/api/courses/${id}/like`, { isLike: false }),
    (/** @type {Client} */ c) => c.del(`/api/courses/${id}/like`),
    (/** @type {Client} */ c) => c.put(`/api/courses/${id}/favorite`),
    (/** @type {Client} */ c) => c.del(`/api/courses/${id}/favorite`),
  ];
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) => {
      const m = /** @type {any} */ (members[i % 10]);
      return /** @type {(c: Client) => Promise<any>} */ (ops[(i * 7 + Math.floor(i / 10)) % ops.length])(m.client);
    }),
  );
  const db = await appDb();
  const likeRows = await db
    .collection('course_likes')
    .find({ courseId: new ObjectId(id) })
    .toArray();
  const favoriteRows = await db
    .collection('course_favorites')
    .find({ courseId: new ObjectId(id) })
    .toArray();
  const view = (await owner.client.get(`/api/courses/${id}`)).json;
  const rows = {
    likes: likeRows.filter((r) => r.isLike === true).length,
    dislikes: likeRows.filter((r) => r.isLike === false).length,
    favorites: favoriteRows.length,
  };
  const refusals = [...new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text}`))];
  return { id, members, answers, counts: byStatus(answers), refusals, view, rows, likeRows, favoriteRows };
}

test('when 100 like/unlike/favorite toggles race on one course, then its counts equal its rows', async () => {
  const { id, members, counts, refusals, view, rows, likeRows, favoriteRows } = await toggleRace();
  say(
    `races/toggles: sent 100 (10 members × 10); answers ${JSON.stringify(counts)}${refusals.length ? ` (${refusals.join('; ')})` : ''}; course shows likes ${view.likes}, dislikes ${view.dislikes}, favorites ${view.favorites}; rows ${JSON.stringify(rows)}`,
  );
  assert.ok(
    Object.keys(counts).every((s) => Number(s) < 500),
    'no 5xx',
  );
  assert.deepEqual({ likes: view.likes, dislikes: view.dislikes, favorites: view.favorites }, rows, 'counts = rows');
  const perMember = (/** @type {any[]} */ list) => new Set(list.map((r) => String(r.userId))).size === list.length;
  assert.ok(perMember(likeRows), 'at most one like row per member');
  assert.ok(perMember(favoriteRows), 'at most one favorite row per member');
  // Each member sees their own row.
  for (const m of members) {
    const mine = (await m.client.get(`/api/courses/${id}`)).json;
    const row = likeRows.find((r) => String(r.userId) === m.user.id);
    assert.equal(mine.myLike, row ? row.isLike : null);
    assert.equal(
      mine.isFavorite,
      favoriteRows.some((r) => String(r.userId) === m.user.id),
    );
  }
});

// A member's own toggles racing (a double click): like/favorite are idempotent, so none may
// answer 409 (docs/RELIABILITY.md, finding 4).
test("when one member's like/favorite toggles race, then every toggle answers 200 with the course (none 409)", async () => {
  const runs = [];
  for (let i = 0; i < 3; i += 1) runs.push(await toggleRace());
  const counts = runs.map((r) => r.counts);
  say(
    `races/toggles-strict: 3 × 100 toggles; answers ${JSON.stringify(counts)} ${runs.flatMap((r) => r.refusals).join('; ')}`,
  );
  for (const c of counts) assert.deepEqual(c, { 200: 100 });
});

test('when one member calls create-subscription 8 times at once, then there is one Stripe subscription', async () => {
  const m = await signUp();
  const answers = await Promise.all(Array.from({ length: 8 }, () => m.client.post('/api/create-subscription', {})));
  const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.json.subscriptionId));
  const db = await appDb();
  const stored = await db.collection('billing_subscriptions').countDocuments({ userId: m.user.id });
  say(
    `races/subscription: sent 8; answers ${JSON.stringify(byStatus(answers))}; subscription ids answered ${ids.size}; stored for the member ${stored}`,
  );
  assert.ok(
    answers.every((a) => a.status < 500),
    'no 5xx',
  );
  assert.equal(ids.size, 1, 'every 200 names the same subscription');
  assert.ok(stored <= 1, 'billing holds at most one subscription for the member');
});

test('when 50 wrong passwords race for one account, then it locks at the configured count, not later', async () => {
  const m = await signUp();
  const limit = config.loginFailuresPerAccount;
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      new Client().post('/api/auth/login', { email: m.email, password: `wrong-${i}` }),
    ),
  );
  const counts = byStatus(answers);
  const right = await new Client().post('/api/auth/login', { email: m.email, password: PASSWORD });
  say(
    `races/lockout: sent 50 wrong passwords; answers ${JSON.stringify(counts)} (limit ${limit}); then the right one → ${right.status}`,
  );
  assert.deepEqual(counts, { 401: limit, 429: 50 - limit }, `exactly ${limit} tries were checked`);
  assert.ok(
    answers.filter((a) => a.status === 429).every((a) => a.headers['retry-after']),
    '429s carry Retry-After',
  );
  assert.equal(right.status, 429, 'the locked account stays locked, right password included');
});

// All 200 at once: only one sign-up per email hashes a password, the rest answer 409 at once,
// well within the gateway timeout (docs/RELIABILITY.md, finding 5).
test('when 200 sign-ups over 20 emails arrive all at once, then every one is answered 201 or 409 within the gateway timeout', async () => {
  const tag = `${Date.now()}-${randomBytes(3).toString('hex')}`;
  const emails = Array.from({ length: 20 }, (_, i) => `burst-${tag}-${i}@example.com`);
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      new Client().post(
        '/api/auth/signup',
        { email: i % 3 ? emails[i % 20] : ` ${emails[i % 20]?.toUpperCase()}`, password: PASSWORD },
        { timeoutMs: 240_000 },
      ),
    ),
  );
  const counts = byStatus(answers);
  const stored = await (await appDb()).collection('users').countDocuments({ email: { $in: emails } });
  say(
    `races/signup-burst: sent 200 at once over 20 emails; answers ${JSON.stringify(counts)}; accounts stored ${stored}`,
  );
  assert.equal(stored, 20);
  assert.deepEqual(counts, { 201: 20, 409: 180 });
});
