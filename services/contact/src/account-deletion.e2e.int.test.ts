/**
 * A member's account deletion across every service, end to end: auth, courses, billing and practice as
 * their built servers (child processes), contact composed here with an SMTP sink, all on one
 * database and Redis prefix. The member writes as a visitor, signs up with that address, verifies
 * it, uses every service, then deletes the account. Afterwards no document of any collection and
 * no Redis key holds their address, and their id only where ../../auth/test/personal-data.ts says it is kept
 * without personal data; a collection not listed there fails the test.
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNT_EVENT_QUEUES, QUEUES } from '@fm/contracts';
import { USERS_COLLECTION } from '@fm/shared/auth';
import { bullPrefix } from '@fm/shared/queues';
import { closeBackground } from '@fm/shared/service';
import {
  createTestDeps,
  loggedInAdmin,
  serviceProcess,
  type ServiceProcess,
  TEST_SITE_ORIGIN,
  type TestDeps,
} from '@fm/shared/testing';
import { type SmtpSink, startSmtpSink } from '@fm/smtp-sink';
import { Queue } from 'bullmq';
import request from 'supertest';
import { COLLECTIONS } from '../../auth/test/personal-data';
import { billingEnv } from '../../billing/test/stripe-events';
import { compose } from './compose';
import { configSchema, type Config } from './config';

jest.setTimeout(60_000);

let sink: SmtpSink;
let deps: TestDeps<Config>;
let contact: ReturnType<typeof compose>;
let auth: ServiceProcess;
let courses: ServiceProcess;
let billing: ServiceProcess;
let practice: ServiceProcess;

beforeAll(async () => {
  sink = await startSmtpSink({ smtpPort: 0, httpPort: false });
  deps = await createTestDeps(configSchema, { SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}` });
  contact = compose(deps);
  await contact.background.notifications.start();
  await contact.background.accountEvents.start();
  auth = await serviceProcess('auth', deps.env, { BCRYPT_ROUNDS: '4' });
  courses = await serviceProcess('courses', deps.env);
  billing = await serviceProcess('billing', deps.env, billingEnv());
  practice = await serviceProcess('practice', deps.env);
  for (const service of [auth, courses, billing, practice]) await service.start();
}, 600_000);

afterAll(async () => {
  for (const service of [practice, billing, courses, auth]) await service?.stop();
  if (contact) await closeBackground(contact.background);
  await deps?.close();
  await sink?.close();
});

const contactApp = () => contact.app.callback();
const cookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('fm.sid'))
    .join('; ');

/** Every document of every collection of the database that mentions `needle` (case aside). */
async function holders(needle: string): Promise<Record<string, number>> {
  const db = deps.mongo.db!;
  const found: Record<string, number> = {};
  for (const { name } of await db.listCollections().toArray()) {
    const docs = await db.collection(name).find({}).toArray();
    const count = docs.filter((doc) => JSON.stringify(doc).toLowerCase().includes(needle.toLowerCase())).length;
    if (count) found[name] = count;
  }
  return found;
}

/** Every Redis key of the test's prefix whose name or value mentions `needle` (case aside). */
async function redisHolders(needle: string): Promise<string[]> {
  const { redis, config } = deps;
  const lower = needle.toLowerCase();
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${config.REDIS_PREFIX}:*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'list'
              ? JSON.stringify(await redis.lrange(key, 0, -1))
              : type === 'set'
                ? JSON.stringify(await redis.smembers(key))
                : type === 'zset'
                  ? JSON.stringify(await redis.zrange(key, 0, -1))
                  : type === 'stream'
                    ? JSON.stringify(await redis.xrange(key, '-', '+'))
                    : '';
      if (`${key} ${value ?? ''}`.toLowerCase().includes(lower)) found.push(key);
    }
  } while (cursor !== '0');
  return found;
}

async function drained(queue: string, timeoutMs = 30_000): Promise<void> {
  const q = new Queue(queue, {
    connection: { url: deps.config.REDIS_URL },
    prefix: bullPrefix(deps.config.REDIS_PREFIX),
  });
  try {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const counts = await q.getJobCounts('waiting', 'delayed', 'prioritized', 'active', 'failed');
      if (Object.values(counts).every((n) => n === 0)) return;
      if (Date.now() > until) throw new Error(`${queue} not done within ${timeoutMs} ms: ${JSON.stringify(counts)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await q.close();
  }
}

describe('deleting an account reaches every service', () => {
  it('when a verified member who used every service deletes their account, then no collection holds their address, and their id only where it is kept without personal data', async () => {
    const address = `val-${Date.now()}@example.test`;
    // As a visitor first, in other letters' case, with something personal.
    const visitor = await request(contactApp())
      .post('/api/contact')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ name: 'Val Visitor', email: address.toUpperCase(), message: 'My phone is 555-0100.' });
    expect(visitor.status).toBe(201);

    const password = 'birdie-123';
    const signup = await request(auth.url)
      .post('/api/auth/signup')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ email: address, password, firstName: 'Val', lastName: 'Verdon' });
    expect(signup.status).toBe(201);
    // The member's round starts now (a round cannot start before the account was created).
    const roundStartedAt = new Date();
    const userId = signup.body.user.id as string;
    const cookie = cookieOf(signup);
    // The address is proved (the verification flow's outcome on the users record).
    await deps.mongo
      .collection(USERS_COLLECTION)
      .updateOne({ _id: userId as never }, { $set: { emailVerified: true } });

    const signedIn = await request(contactApp())
      .post('/api/contact')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Cookie', cookie)
      .send({ name: 'Val Verdon', email: address, message: 'Signed in now.' });
    expect(signedIn.status).toBe(201);
    const course = await request(courses.url)
      .post('/api/courses')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Cookie', cookie)
      .send({ name: 'Home Course', city: 'Carmel', state: 'California', country: 'USA', isPublic: true });
    expect(course.status).toBe(201);
    for (const path of ['like', 'favorite']) {
      const res = await request(courses.url)
        .put(`/api/courses/${course.body.id}/${path}`)
        .set('Origin', TEST_SITE_ORIGIN)
        .set('Cookie', cookie)
        .send(path === 'like' ? { isLike: true } : {});
      expect(res.status).toBeLessThan(300);
    }
    // The member's bag and one round's mental scorecard (courses' course_bags, course_rounds).
    const bag = await request(courses.url)
      .put('/api/courses/bag')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Cookie', cookie)
      .send({ clubIds: ['driver', 'putter'] });
    expect(bag.status).toBe(200);
    const finishedAt = new Date();
    const round = await request(courses.url)
      .post(`/api/courses/${course.body.id}/rounds`)
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Cookie', cookie)
      .send({
        id: randomUUID(),
        startedAt: roundStartedAt.toISOString(),
        finishedAt: finishedAt.toISOString(),
        holes: [{ hole: 1, routine: 4 }],
      });
    expect(round.status).toBe(201);
    const coaching = await request(billing.url)
      .post('/api/create-coaching-payment')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Cookie', cookie);
    expect(coaching.status).toBe(200);
    // The founder marks the visitor's message handled (the audit log).
    const founder = await loggedInAdmin(deps);
    const handled = await request(contactApp())
      .patch(`/api/admin/contact-messages/${visitor.body.id}`)
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Cookie', founder.cookie)
      .send({ handled: true });
    expect(handled.status).toBe(200);
    await sink.waitFor((m) => m.to.includes(address), 20_000); // the welcome mail
    await drained(QUEUES.notifications);

    // The flow reached every kind of record: the check below is not vacuous.
    const before = { ...(await holders(address)), ...(await holders(userId)) };
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'users',
        'courses',
        'course_likes',
        'course_favorites',
        'course_bags',
        'course_rounds',
        'coaching_bookings',
        'billing_customers',
        'contact_submissions',
        'contact_inbox',
      ]),
    );

    const deleted = await request(auth.url)
      .delete('/api/auth/user')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Cookie', cookie)
      .send({ password });
    expect(deleted.status).toBe(204);
    await sink.waitFor((m) => m.to.includes(address) && /deleted/.test(m.subject), 20_000);
    for (const queue of [...ACCOUNT_EVENT_QUEUES, QUEUES.notifications]) await drained(queue);

    expect(await holders(address)).toEqual({});
    // Nor does Redis: the jobs that carried the address (the deletion events, the mails) are gone
    // once handled, and no key is named after it.
    expect(await redisHolders(address)).toEqual([]);
    const keepsId = Object.keys(await holders(userId)).filter(
      (name) => !['kept-id', 'admin-only'].includes(COLLECTIONS[name]?.onDeletion ?? 'unlisted'),
    );
    expect(keepsId).toEqual([]);
  });
});
