'use strict';
// The bench's members and its HTTP client: the free and Premium members through the real API,
// the heartbeat's many Premium members in the store (the kit's test helpers).

const path = require('node:path');
const { env, GATEWAY, PASSWORD, ROOT, sleep } = require('./settings');

async function call(pathname, { method = 'GET', cookie, body, headers = {} } = {}) {
  const res = await fetch(`${GATEWAY}${pathname}`, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body ? { 'Content-Type': 'application/json', Origin: env.SITE_ORIGIN } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers };
}

/** The session cookie pair (fm.sid and its signature) a response set. */
function cookieOf(res) {
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const cookie = pairs.filter((p) => p.startsWith('fm.sid')).join('; ');
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie;
}

/** A bench member, signed up the first time and logged in after. */
async function member(tag) {
  const email = `bench-${tag}@fairwaymind.bench`;
  let res = await call('/api/auth/signup', {
    method: 'POST',
    body: { email, password: PASSWORD, firstName: 'Bench', lastName: tag },
  });
  if (res.status === 409) res = await call('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
  if (res.status !== 200 && res.status !== 201) throw new Error(`bench member ${email}: ${res.status} ${res.text}`);
  const cookie = cookieOf(res);
  const user = JSON.parse(res.text).user;
  return { id: user.id, email, cookie, level: user.membershipLevel };
}

/** Premium through auth's own consumer: a membership-upgraded event on its queue. */
async function makePremium(m) {
  if (m.level === 'premium') return;
  const { QueueProducer } = require(path.join(ROOT, 'services/shared/dist/queues/index.js'));
  const { jobIdFor, QUEUES } = require(path.join(ROOT, 'services/contracts/dist/index.js'));
  const producer = new QueueProducer(QUEUES.membershipEvents, {
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
  });
  const eventId = `evt_bench_${Date.now()}`;
  await producer.publish(
    'membership-upgraded',
    {
      userId: m.id,
      stripeCustomerId: 'cus_bench',
      stripeSubscriptionId: 'sub_bench',
      eventId,
      occurredAt: new Date().toISOString(),
    },
    jobIdFor('stripe', eventId),
  );
  await producer.close();
  for (let i = 0; i < 100; i++) {
    const res = await call('/api/auth/user', { cookie: m.cookie });
    if (JSON.parse(res.text).membershipLevel === 'premium') return;
    await sleep(100);
  }
  throw new Error('the bench member did not become Premium within 10 s (is auth consuming its queue?)');
}

/**
 * The heartbeat target's players. One member's beats are limited (issue 43 §6: 5 a session in 10 s,
 * 30 new sessions an hour; 429 beyond), so the load is many members' beats, as it is in life:
 * BENCH_BEAT_MEMBERS (300) Premium members, `bench-beat-<i>`, made once in the store (the kit's
 * test helper: a user record; a second run finds them) with a new session each run (in Redis, as
 * the kit's tests log in). Their cookies, in order.
 */
async function beatMembers(count) {
  const shared = require(path.join(ROOT, 'services/shared/dist/store/index.js'));
  const testing = require(path.join(ROOT, 'services/shared/dist/testing/index.js'));
  const mongo = await shared.connectMongo(env.MONGO_URL);
  const redis = shared.createRedis(env.REDIS_URL);
  const config = {
    REDIS_PREFIX: env.REDIS_PREFIX || 'fm',
    SESSION_KEYS: env.SESSION_KEYS.split(',').map((k) => k.trim()),
  };
  try {
    const cookies = [];
    for (let i = 0; i < count; i += 25) {
      const ids = Array.from({ length: Math.min(25, count - i) }, (_, j) => `bench-beat-${i + j}`);
      await Promise.all(
        ids.map((id) =>
          testing
            .insertUser({ mongo }, { id, email: `${id}@fairwaymind.bench`, lastName: id, membershipLevel: 'premium' })
            .catch((err) => {
              if (err?.code !== 11000) throw err; // made by an earlier run
            }),
        ),
      );
      cookies.push(...(await Promise.all(ids.map((id) => testing.sessionCookieFor({ redis, config }, id)))));
    }
    return cookies;
  } finally {
    await redis.quit();
    await mongo.close();
  }
}

module.exports = { call, cookieOf, member, makePremium, beatMembers };
