import { QUEUES } from '@fm/contracts';
import { QueueProducer } from '@fm/shared/queues';
import { closeBackground } from '@fm/shared/service';
import { createTestDeps, loggedInMember, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import { Types } from 'mongoose';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';
import { ContactService } from '../domain/contact.service';

let deps: TestDeps<Config>;
let service: ReturnType<typeof compose>;
let server: ReturnType<typeof service.app.callback>;

beforeAll(async () => {
  deps = await createTestDeps(configSchema);
  service = compose(deps);
  server = service.app.callback();
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

let ipCounter = 0;
/** A fresh client address per test, so the per-IP limit does not leak between tests. */
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const valid = () => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'How do I stop three-putting under pressure?',
});

function post(body: unknown, ip = newIp()) {
  return request(server)
    .post('/api/contact')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Forwarded-For', ip)
    .send(body as object);
}

const submissions = () => deps.mongo.db!.collection('contact_submissions');

describe('POST /api/contact', () => {
  it('when the message is valid, then 201 {id}, it is stored and a contact-submitted job is queued', async () => {
    const res = await post({
      name: '  Ada Lovelace ',
      email: ' ada@example.com ',
      message: 'How do I stop three-putting?\nThanks!',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const stored = await submissions().findOne({ _id: new Types.ObjectId(res.body.id) });
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'How do I stop three-putting?\nThanks!',
      notifiedAt: null,
      createdAt: expect.any(Date),
    });

    const job = await service.background.producer.queue.getJob(`contact-${res.body.id}`);
    expect(job?.name).toBe('contact-submitted');
    expect(job?.data).toEqual({
      submissionId: res.body.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'How do I stop three-putting?\nThanks!',
      createdAt: stored!.createdAt.toISOString(),
      // A visitor's: nobody proved the address, nothing typed differs from an account's.
      level: 'visitor',
      emailVerified: null,
      typedName: null,
      typedEmail: null,
    });
  });

  it.each([
    ['name', 'missing', { name: undefined }, 'Name is required'],
    ['name', 'blank', { name: '   ' }, 'Name is required'],
    ['name', 'a number', { name: 42 }, 'Name must be text'],
    ['name', '101 characters', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    [
      'name',
      'carrying a header break',
      { name: 'Ada\r\nBcc: victim@example.com' },
      'Name cannot contain line breaks or control characters',
    ],
    ['email', 'missing', { email: undefined }, 'Email is required'],
    ['email', 'not an address', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['email', '262 characters', { email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    ['message', 'missing', { message: undefined }, 'Message is required'],
    ['message', 'empty', { message: '' }, 'Message is required'],
    ['message', '5001 characters', { message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
    ['name', 'holding a NUL', { name: 'Ada\u0000' }, 'Name cannot contain line breaks or control characters'],
    ['name', 'holding a tab', { name: 'Ada\tLovelace' }, 'Name cannot contain line breaks or control characters'],
    ['message', 'holding a NUL', { message: 'Hello\u0000there' }, 'Message cannot contain control characters'],
    [
      'message',
      'holding an escape sequence',
      { message: 'Hi \u001b[31mred' },
      'Message cannot contain control characters',
    ],
    ['name', '101 emoji', { name: '⛳'.repeat(101) }, 'Name must be at most 100 characters'],
    ['message', '5001 emoji', { message: '🏌'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('when %s is %s, then 400 naming the field', async (field, _what, patch, message) => {
    const before = await submissions().countDocuments();
    const res = await post({ ...valid(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.any(String),
      errors: { [field]: message },
    });
    expect(await submissions().countDocuments()).toBe(before);
  });

  it('when every field is missing, then 400 names all three', async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'message', 'name']);
  });

  it('when the fields are at their maximum lengths, then the message is accepted', async () => {
    const res = await post({
      name: 'n'.repeat(100),
      email: `${'a'.repeat(242)}@example.com`,
      message: 'm'.repeat(5000),
    });
    expect(res.status).toBe(201);
  });

  it('when the name and message are emoji up to their limits, then 201 and they are stored intact', async () => {
    const name = '⛳'.repeat(100);
    const message = '🏌'.repeat(5000);
    const res = await post({ ...valid(), name, message });
    expect(res.status).toBe(201);
    expect(await submissions().findOne({ _id: new Types.ObjectId(res.body.id) })).toMatchObject({ name, message });
  });

  it('when the message has Windows line breaks and tabs, then they are kept', async () => {
    const message = 'Line one\r\n\tindented\nlast';
    const res = await post({ ...valid(), message });
    expect(res.status).toBe(201);
    expect(await submissions().findOne({ _id: new Types.ObjectId(res.body.id) })).toMatchObject({ message });
  });

  it('when the name carries a right-to-left override, then it is stored without it', async () => {
    const res = await post({ ...valid(), name: 'Ada \u202Egpj.exe\u202C' });
    expect(res.status).toBe(201);
    expect(await submissions().findOne({ _id: new Types.ObjectId(res.body.id) })).toMatchObject({
      name: 'Ada gpj.exe',
    });
  });

  it.each([
    ['name: {$gt: ""}', { name: { $gt: '' } }],
    ['email: {$ne: null}', { email: { $ne: null } }],
    ['message: {$where: ...}', { message: { $where: 'sleep(1000)' } }],
    ['name: ["Ada"]', { name: ['Ada'] }],
    ['a top-level $set', { $set: { notifiedAt: new Date().toISOString() } }],
    ['an extra notifiedAt', { notifiedAt: null }],
  ])('when the body carries %s, then 400 and nothing is stored', async (_what, patch) => {
    const before = await submissions().countDocuments();
    const res = await post({ ...valid(), ...patch });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(await submissions().countDocuments()).toBe(before);
  });

  it('when the body is larger than the limit, then 413', async () => {
    const res = await post({ ...valid(), message: 'x'.repeat(150 * 1024) });
    expect(res).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('when the JSON is malformed or not an object, then 400', async () => {
    const broken = await request(server)
      .post('/api/contact')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(broken.status).toBe(400);
    const scalar = await request(server)
      .post('/api/contact')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('Content-Type', 'application/json')
      .send('"hello"');
    expect(scalar.status).toBe(400);
  });

  it('when the request comes from another site, then 403 BAD_ORIGIN', async () => {
    const res = await request(server).post('/api/contact').set('Origin', 'https://evil.example').send(valid());
    expect(res).toMatchObject({ status: 403, body: { code: 'BAD_ORIGIN' } });
  });
});

describe('who sent it: stamped by the server from the session', () => {
  const stored = async (id: string) => submissions().findOne({ _id: new Types.ObjectId(id) });

  it('when a logged-in member writes, then the message keeps their id and level; a visitor’s has neither', async () => {
    const premium = await loggedInMember(deps, { membershipLevel: 'premium' });
    const free = await loggedInMember(deps, { membershipLevel: 'free' });
    const byPremium = await post(valid()).set('Cookie', premium.cookie);
    const byFree = await post(valid()).set('Cookie', free.cookie);
    const byVisitor = await post(valid());
    expect([byPremium.status, byFree.status, byVisitor.status]).toEqual([201, 201, 201]);
    expect(await stored(byPremium.body.id)).toMatchObject({ memberId: premium.user.id, memberLevel: 'premium' });
    expect(await stored(byFree.body.id)).toMatchObject({ memberId: free.user.id, memberLevel: 'free' });
    expect(await stored(byVisitor.body.id)).toMatchObject({ memberId: null, memberLevel: null });
  });

  it('when a session cookie is not valid (forged, or of a member who is gone), then the message is stored as a visitor’s', async () => {
    const gone = await loggedInMember(deps);
    await deps.mongo.collection('users').deleteOne({ _id: gone.user.id as never });
    const res = await post(valid()).set('Cookie', gone.cookie);
    expect(res.status).toBe(201);
    expect(await stored(res.body.id)).toMatchObject({ memberId: null, memberLevel: null });
    const forged = await post(valid()).set('Cookie', 'fm.sid=forged; fm.sid.sig=forged');
    expect(forged.status).toBe(201);
    expect(await stored(forged.body.id)).toMatchObject({ memberId: null, memberLevel: null });
  });

  it.each([
    ['a visitor', false],
    ['a logged-in member', true],
  ])(
    'when %s sends a member id or level in the body, then 400 and nothing is stored under it',
    async (_who, logged) => {
      const member = await loggedInMember(deps, { membershipLevel: 'free' });
      const victim = await loggedInMember(deps);
      const before = await submissions().countDocuments({});
      for (const extra of [{ memberId: victim.user.id }, { memberLevel: 'premium' }, { userId: victim.user.id }]) {
        const req = post({ ...valid(), ...extra });
        if (logged) req.set('Cookie', member.cookie);
        const res = await req;
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
      }
      expect(await submissions().countDocuments({})).toBe(before);
      expect(await submissions().countDocuments({ memberId: victim.user.id })).toBe(0);
    },
  );
});

describe('the per-IP limit', () => {
  it('when one address sends a sixth message within ten minutes, then 429 with Retry-After; another address is unaffected', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await post(valid(), ip)).status).toBe(201);
    const limited = await post(valid(), ip);
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: expect.any(String) } });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await post(valid(), newIp())).status).toBe(201);
  });

  it('when invalid messages are sent, then they do not use up the limit', async () => {
    const ip = newIp();
    for (let i = 0; i < 8; i++) expect((await post({ ...valid(), email: 'nope' }, ip)).status).toBe(400);
    expect((await post(valid(), ip)).status).toBe(201);
  });

  it('when a client forges the first X-Forwarded-For entry each time, then it is still limited by the address the proxy saw', async () => {
    const proxySaw = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(valid(), `192.0.2.${i + 1}, ${proxySaw}`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('when Redis cannot take the job', () => {
  it('then the message is still stored and answered 201, and the sweep queues it later', async () => {
    // A producer whose Redis connection is gone: every publish fails as it does while Redis is down.
    const deadProducer = new QueueProducer(QUEUES.notifications, {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
    });
    await deadProducer.queue.waitUntilReady();
    await deadProducer.close();
    const outage = compose(deps, { producer: deadProducer });
    const app = outage.app.callback();
    try {
      const started = Date.now();
      const res = await request(app)
        .post('/api/contact')
        .set('Origin', TEST_SITE_ORIGIN)
        .set('X-Forwarded-For', newIp())
        .send(valid());
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000);
      const stored = await submissions().findOne({ _id: new Types.ObjectId(res.body.id) });
      expect(stored).toMatchObject({ notifiedAt: null });

      const { producer } = service.background;
      expect(await producer.queue.getJob(`contact-${res.body.id}`)).toBeUndefined();
      const live = new ContactService({ mongo: deps.mongo, producer, logger: deps.logger });
      const swept = await live.requeueUnsent(0);
      expect(swept.queued).toBeGreaterThanOrEqual(1);
      const job = await producer.queue.getJob(`contact-${res.body.id}`);
      expect(job?.data).toMatchObject({ submissionId: res.body.id, email: 'ada@example.com' });

      // A second sweep finds the job already waiting and adds nothing for this message.
      const again = await live.requeueUnsent(0);
      expect(again.queued).toBe(0);
    } finally {
      await closeBackground(outage.background);
    }
  });
});
