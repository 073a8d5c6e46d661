/**
 * The data export assembles the parts the owning services answer at /internal/member-export.
 * Courses, billing, contact and practice are stood in by small Koa apps on random ports (this is a test
 * of auth at that boundary) that check the bearer token with the real requireServiceToken.
 */
import Router from '@koa/router';
import { QUEUES } from '@fm/contracts';
import { requireServiceToken, type ServiceClaims } from '@fm/shared/auth';
import { createApp } from '@fm/shared/http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { EXPORT_PARTS, type ExportPart } from '../domain/member-export.service';
import { type Harness, signedUpMember, startAuth, TEST_SITE_ORIGIN } from '../../test/account-harness';

type Mode = 'ok' | 'fail' | 'hang';

interface StandIn {
  server: Server;
  url: string;
  mode: Mode;
  /** What each call carried: the verified claims and the raw token. */
  calls: { claims: ServiceClaims; token: string; query: Record<string, unknown> }[];
}

const ANSWERS: Record<ExportPart, object> = {
  courses: { courses: [{ id: 'c1', name: 'Calm putting' }], likes: [], favorites: [] },
  billing: { stripeCustomerId: 'cus_123', subscription: null, bookings: [] },
  contact: { messages: [{ id: 'm1', name: 'Ada', email: 'x@example.com', message: 'Hi', createdAt: '2026-01-01' }] },
  practice: {
    settings: { timeZone: 'UTC', reminder: { enabled: false, time: '19:00' } },
    progress: [],
    days: [],
    plans: [],
  },
};

let h: Harness;
const standIns = {} as Record<ExportPart, StandIn>;
/** Hung requests wait here until the test ends. */
const hung: (() => void)[] = [];

beforeAll(async () => {
  // The stand-ins verify with the same JWT_SECRET the test environment gives auth.
  const secret = 'test-jwt-secret-0123456789abcdef';
  const standInDeps = await startAuth(); // deps (Mongo, Redis) for the stand-ins' kit apps
  for (const part of EXPORT_PARTS) {
    const standIn: StandIn = { server: undefined as unknown as Server, url: '', mode: 'ok', calls: [] };
    const router = new Router();
    router.get('/internal/member-export', requireServiceToken(secret, part), async (ctx) => {
      standIn.calls.push({
        claims: ctx.state.service!,
        token: /^Bearer (.+)$/.exec(ctx.get('Authorization'))![1]!,
        query: { ...ctx.query },
      });
      if (standIn.mode === 'fail') throw new Error('the stand-in broke');
      if (standIn.mode === 'hang') await new Promise<void>((resolve) => hung.push(resolve));
      ctx.body = ANSWERS[part];
    });
    standIn.server = createApp(standInDeps.deps, { name: part, routers: [router] }).listen(0, '127.0.0.1');
    await new Promise((resolve) => standIn.server.once('listening', resolve));
    standIn.url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
    standIns[part] = standIn;
  }
  closeStandInDeps = () => standInDeps.close();
  h = await startAuth({
    COURSES_INTERNAL_URL: standIns.courses.url,
    BILLING_INTERNAL_URL: standIns.billing.url,
    CONTACT_INTERNAL_URL: standIns.contact.url,
    PRACTICE_INTERNAL_URL: standIns.practice.url,
    INTERNAL_REQUEST_TIMEOUT_MS: '500',
    AUTH_EXPORTS_PER_MEMBER_PER_HOUR: '3',
  });
  expect(h.deps.config.JWT_SECRET).toBe(secret);
});

let closeStandInDeps: () => Promise<void>;

afterAll(async () => {
  for (const release of hung) release();
  for (const standIn of Object.values(standIns)) {
    standIn.server.closeAllConnections();
    await new Promise((resolve) => standIn.server.close(resolve));
  }
  await h.close();
  await closeStandInDeps();
});

beforeEach(() => {
  for (const standIn of Object.values(standIns)) {
    standIn.mode = 'ok';
    standIn.calls = [];
  }
});

/** A JWT's claims (the signature was verified by the stand-in). */
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, number | string>;

const exportOf = (browser: ReturnType<typeof request.agent>) => browser.get('/api/auth/user/export');

describe('data export (GET /api/auth/user/export)', () => {
  it('when every part answers, then 200 with a JSON download of the profile, membership and each part', async () => {
    const member = await signedUpMember(h);
    const res = await exportOf(member.browser);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fairway-mind-export-${today}.json"`);
    expect(res.body).toEqual({
      exportedAt: expect.stringMatching(new RegExp(`^${today}T`)),
      profile: {
        id: member.id,
        email: member.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        profileImageUrl: null,
        membershipLevel: 'free',
        role: 'member',
        createdAt: expect.any(String),
        emailVerified: false,
        newsletter: false,
        updatedAt: expect.any(String),
      },
      membership: { level: 'free' },
      newsletter: { subscribed: false, changedAt: null },
      courses: ANSWERS.courses,
      billing: ANSWERS.billing,
      contact: ANSWERS.contact,
      practice: ANSWERS.practice,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/\$2[aby]\$|"password"/);
  });

  it('when the member turned the newsletter on, then the export says so and since when', async () => {
    const member = await signedUpMember(h);
    expect((await member.browser.patch('/api/auth/user').send({ newsletter: true })).body.newsletter).toBe(true);
    const res = await exportOf(member.browser);
    expect(res.status).toBe(200);
    expect(res.body.profile.newsletter).toBe(true);
    expect(res.body.newsletter).toEqual({ subscribed: true, changedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
  });

  it('when auth calls each service, then each gets a short-lived token for its own audience naming the member and their email', async () => {
    const member = await signedUpMember(h);
    expect((await exportOf(member.browser)).status).toBe(200);
    for (const part of EXPORT_PARTS) {
      const calls = standIns[part].calls;
      expect(calls).toHaveLength(1);
      expect(calls[0]!.claims).toEqual({ userId: member.id, email: member.email });
      const decoded = payloadOf(calls[0]!.token);
      expect(decoded).toMatchObject({ aud: part, sub: member.id, email: member.email, svc: 'auth' });
      expect(Number(decoded.exp) - Number(decoded.iat)).toBeLessThanOrEqual(60);
    }
  });

  it('when the member has not verified their email, then contact is told emailVerified=false; once verified, true', async () => {
    const member = await signedUpMember(h);
    expect((await exportOf(member.browser)).status).toBe(200);
    expect(standIns.contact.calls.map((call) => call.query)).toEqual([{ emailVerified: 'false' }]);
    const [mail] = (await h.jobs(QUEUES.notifications, 'email-verification-mail')).filter(
      (job) => job.data.userId === member.id,
    );
    const token = new URL(String(mail!.data.verifyUrl)).searchParams.get('token');
    await request(h.server).post('/api/auth/email/verify').set('Origin', TEST_SITE_ORIGIN).send({ token }).expect(204);
    expect((await exportOf(member.browser)).status).toBe(200);
    expect(standIns.contact.calls.map((call) => call.query)).toEqual([
      { emailVerified: 'false' },
      { emailVerified: 'true' },
    ]);
    expect(standIns.courses.calls.map((call) => call.query)).toEqual([{}, {}]);
  });

  it.each(EXPORT_PARTS)('when %s fails, then 503 "try again" and no partial export', async (part) => {
    const member = await signedUpMember(h);
    standIns[part].mode = 'fail';
    const res = await exportOf(member.browser);
    expect(res).toMatchObject({
      status: 503,
      body: { code: 'UNAVAILABLE', message: expect.stringMatching(/try again/i) },
    });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).not.toHaveProperty('profile');
  });

  it('when a part does not answer within the timeout, then 503', async () => {
    const member = await signedUpMember(h);
    standIns.billing.mode = 'hang';
    const res = await exportOf(member.browser);
    expect(res).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
  });

  it('when a service is reached with a token for another audience, then it refuses it and the export is 503', async () => {
    const member = await signedUpMember(h);
    // Auth sends the courses token (audience "courses") to the billing stand-in.
    const misrouted = await startAuth({
      COURSES_INTERNAL_URL: standIns.billing.url,
      BILLING_INTERNAL_URL: standIns.billing.url,
      CONTACT_INTERNAL_URL: standIns.contact.url,
      PRACTICE_INTERNAL_URL: standIns.practice.url,
    });
    try {
      const browser = request.agent(misrouted.server);
      await misrouted.deps.mongo
        .collection('users')
        .insertOne((await h.deps.mongo.collection('users').findOne({ _id: member.id as never }))!);
      await browser
        .post('/api/auth/login')
        .set('Origin', TEST_SITE_ORIGIN)
        .send({ email: member.email, password: member.password })
        .expect(200);
      const res = await exportOf(browser);
      expect(res.status).toBe(503);
      expect(standIns.billing.calls).toHaveLength(1); // only billing's own token got through
    } finally {
      await misrouted.close();
    }
  });

  it('when a member exports more than the hourly limit, then 429 with Retry-After', async () => {
    const member = await signedUpMember(h);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await exportOf(member.browser)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await exportOf(member.browser);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('when nobody is logged in, then 401 and no service is called', async () => {
    expect((await request(h.server).get('/api/auth/user/export')).status).toBe(401);
    expect(EXPORT_PARTS.map((part) => standIns[part].calls.length)).toEqual([0, 0, 0, 0]);
  });
});
