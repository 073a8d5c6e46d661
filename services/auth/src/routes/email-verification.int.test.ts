/**
 * Email verification (issue 25, finding 1): the sign-up's link, POST /api/auth/email/verify,
 * "Resend" and `emailVerified` on GET /api/auth/user. The mails are read from the real
 * notifications queue (contact's worker, which sends them, has its own test).
 */
import { QUEUES } from '@fm/contracts';
import { memberSnapshotKey } from '@fm/shared/auth';
import request from 'supertest';
import { hashVerificationToken } from '../domain/email-verification.service';
import {
  type Browser,
  type Harness,
  nextIp,
  signedUpMember,
  startAuth,
  TEST_SITE_ORIGIN,
} from '../../test/account-harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(() => h.close());

const verify = (body: unknown, browser?: Browser) =>
  (browser ?? request(h.server))
    .post('/api/auth/email/verify')
    .set('Origin', TEST_SITE_ORIGIN)
    .send(body as object);
const resend = (browser: Browser) =>
  browser.post('/api/auth/email/verify/resend').set('Origin', TEST_SITE_ORIGIN).set('X-Forwarded-For', nextIp());
const verifiedOf = async (browser: Browser) => (await browser.get('/api/auth/user')).body.emailVerified as unknown;
const tokenOf = (url: unknown) => new URL(String(url)).searchParams.get('token')!;

/** The verification mails queued for a member, oldest first. */
async function mailsOf(userId: string) {
  const jobs = await h.jobs(QUEUES.notifications, 'email-verification-mail');
  return jobs
    .filter((job) => job.data.userId === userId)
    .sort((a, b) => String(a.data.occurredAt).localeCompare(String(b.data.occurredAt)));
}
async function latestToken(userId: string): Promise<string> {
  const mails = await mailsOf(userId);
  return tokenOf(mails.at(-1)!.data.verifyUrl);
}

const INVALID = {
  status: 400,
  body: {
    code: 'VALIDATION_ERROR',
    message: 'This verification link is invalid or has expired. Please request a new one.',
  },
};

describe('sign-up', () => {
  it('when a member signs up, then a verification mail with a 24-hour link is queued and they are not verified yet', async () => {
    const member = await signedUpMember(h);
    const mails = await mailsOf(member.id);
    expect(mails.map((mail) => mail.data)).toEqual([
      {
        userId: member.id,
        email: member.email,
        firstName: 'Ada',
        eventId: expect.any(String),
        occurredAt: expect.any(String),
        verifyUrl: expect.stringMatching(new RegExp(`^${TEST_SITE_ORIGIN}/verify-email\\?token=[A-Za-z0-9_-]{43}$`)),
        expiresAt: expect.any(String),
      },
    ]);
    const data = mails[0]!.data;
    expect(Date.parse(String(data.expiresAt)) - Date.parse(String(data.occurredAt))).toBe(24 * 60 * 60_000);
    expect(await verifiedOf(member.browser)).toBe(false);
  });

  it('when the link is stored, then only the hash of its token is', async () => {
    const member = await signedUpMember(h);
    const token = await latestToken(member.id);
    const stored = await h.deps.mongo.collection('email_verifications').find({ userId: member.id }).toArray();
    expect(stored.map((doc) => doc._id)).toEqual([hashVerificationToken(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);
  });
});

describe('POST /api/auth/email/verify', () => {
  it('when the mailed token comes from a browser that is not logged in, then 204 and the member is verified in their own browser', async () => {
    const member = await signedUpMember(h);
    const res = await verify({ token: await latestToken(member.id) });
    expect(res.status).toBe(204);
    expect(await verifiedOf(member.browser)).toBe(true);
    const stored = await h.deps.mongo.collection('users').findOne({ _id: member.id as never });
    expect(stored?.emailVerified).toBe(true);
  });

  it('when the member opens the link while logged in, then 204 and GET /api/auth/user says verified', async () => {
    const member = await signedUpMember(h);
    expect((await verify({ token: await latestToken(member.id) }, member.browser)).status).toBe(204);
    expect(await verifiedOf(member.browser)).toBe(true);
  });

  it('when a used link is opened again, then 400 with a JSON error', async () => {
    const member = await signedUpMember(h);
    const token = await latestToken(member.id);
    expect((await verify({ token })).status).toBe(204);
    expect(await verify({ token })).toMatchObject(INVALID);
  });

  it('when the link has expired, then 400 and the member stays unverified', async () => {
    const member = await signedUpMember(h);
    const token = await latestToken(member.id);
    await h.deps.mongo
      .collection('email_verifications')
      .updateOne({ _id: hashVerificationToken(token) as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await verify({ token })).toMatchObject(INVALID);
    expect(await verifiedOf(member.browser)).toBe(false);
  });

  it.each([
    ['an unknown token', { token: 'not-a-token' }],
    ['a well-formed unknown token', { token: 'A'.repeat(43) }],
    ['an empty token', { token: '' }],
    ['a 5000-character token', { token: 'x'.repeat(5000) }],
    ['an operator object', { token: { $gt: '' } }],
    ['a number', { token: 42 }],
    ['no token', {}],
  ])('when the body holds %s, then 400 with a JSON error', async (_label, body) => {
    const res = await verify(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/invalid or has expired/),
    });
  });

  it('when the address the link was sent to is no longer the member\u2019s, then the link verifies nothing', async () => {
    const member = await signedUpMember(h);
    const token = await latestToken(member.id);
    await h.deps.mongo
      .collection('users')
      .updateOne({ _id: member.id as never }, { $set: { email: `other-${member.email}` } });
    expect(await verify({ token })).toMatchObject(INVALID);
    const stored = await h.deps.mongo.collection('users').findOne({ _id: member.id as never });
    expect(stored?.emailVerified).toBe(false);
  });
});

describe('POST /api/auth/email/verify/resend', () => {
  it('when nobody is logged in, then 401', async () => {
    const res = await request(h.server).post('/api/auth/email/verify/resend').set('Origin', TEST_SITE_ORIGIN);
    expect(res.status).toBe(401);
  });

  it('when the request comes from another site, then 403 and no mail', async () => {
    const member = await signedUpMember(h);
    const res = await member.browser.post('/api/auth/email/verify/resend').set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
    expect(await mailsOf(member.id)).toHaveLength(1);
  });

  it('when the member asks for a new link, then 204, a new mail, and only the newest link works', async () => {
    const member = await signedUpMember(h);
    const first = await latestToken(member.id);
    expect((await resend(member.browser)).status).toBe(204);
    const mails = await mailsOf(member.id);
    expect(mails).toHaveLength(2);
    const second = tokenOf(mails[1]!.data.verifyUrl);
    expect(second).not.toBe(first);
    expect(await verify({ token: first })).toMatchObject(INVALID);
    expect((await verify({ token: second })).status).toBe(204);
    expect(await verifiedOf(member.browser)).toBe(true);
  });

  it('when the member asks a fourth time within the hour, then 429 with Retry-After and no fourth mail', async () => {
    const member = await signedUpMember(h);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await resend(member.browser));
    expect(statuses.map((res) => res.status)).toEqual([204, 204, 204, 429]);
    expect(Number(statuses[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(statuses[3]!.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/try again later/),
    });
    expect(await mailsOf(member.id)).toHaveLength(4); // the sign-up's and three resends
  });

  it('when the member is already verified, then 409 and no mail', async () => {
    const member = await signedUpMember(h);
    await verify({ token: await latestToken(member.id) }).expect(204);
    const res = await resend(member.browser);
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: expect.stringMatching(/already verified/) },
    });
    expect(await mailsOf(member.id)).toHaveLength(1);
  });
});

describe('emailVerified on GET /api/auth/user', () => {
  it('when a member from before verification has no such field, then false', async () => {
    const member = await signedUpMember(h);
    await h.deps.mongo.collection('users').updateOne({ _id: member.id as never }, { $unset: { emailVerified: '' } });
    // A snapshot stored before the field existed: read again from MongoDB, not served as is.
    const key = memberSnapshotKey(h.deps.config.REDIS_PREFIX, member.id);
    const stored = JSON.parse((await h.deps.redis.get(key))!) as { v: number; m: Record<string, unknown> };
    delete stored.m.emailVerified;
    await h.deps.redis.set(key, JSON.stringify(stored));
    const res = await member.browser.get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(res.body.emailVerified).toBe(false);
  });

  it('when the account is deleted, then its pending verification link goes with it', async () => {
    const member = await signedUpMember(h);
    const token = await latestToken(member.id);
    await member.browser
      .delete('/api/auth/user')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ password: member.password })
      .expect(204);
    expect(await h.deps.mongo.collection('email_verifications').countDocuments({ userId: member.id })).toBe(0);
    expect(await verify({ token })).toMatchObject(INVALID);
  });
});
