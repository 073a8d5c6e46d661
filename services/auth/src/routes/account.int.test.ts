import { ACCOUNT_EVENT_QUEUES, jobIdFor, QUEUES } from '@fm/contracts';
import { sessionKey } from '@fm/shared/auth';
import { closeBackground } from '@fm/shared/service';
import request from 'supertest';
import { compose } from '../compose';
import { createAuthProducers } from '../events/auth.producers';
import {
  type Harness,
  loggedInBrowser,
  nextIp,
  sidOf,
  signedUpMember,
  startAuth,
  TEST_SITE_ORIGIN,
  whoAmI,
} from '../../test/account-harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(() => h.close());

const login = (email: string, password: string) =>
  request(h.server).post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({ email, password });
const storedUser = (id: string) => h.deps.mongo.collection('users').findOne({ _id: id as never });

describe('welcome mail', () => {
  it('when a member signs up, then a welcome mail is queued for them', async () => {
    const member = await signedUpMember(h);
    const mails = (await h.jobs(QUEUES.notifications, 'welcome-mail')).filter((job) => job.data.userId === member.id);
    expect(mails.map((job) => job.data)).toEqual([
      {
        userId: member.id,
        email: member.email,
        firstName: 'Ada',
        eventId: expect.any(String),
        occurredAt: expect.any(String),
      },
    ]);
  });
});

describe('change password', () => {
  const change = (browser: Harness['server'] | ReturnType<typeof request.agent>, body: Record<string, unknown>) =>
    (typeof browser === 'function' ? request(browser) : browser)
      .post('/api/auth/password/change')
      .set('Origin', TEST_SITE_ORIGIN)
      .send(body);

  it('when the current password is wrong, then 400 naming it, and the password is unchanged', async () => {
    const member = await signedUpMember(h);
    const res = await change(member.browser, { currentPassword: 'not-my-password', newPassword: 'new-birdie-456' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/current/i), errors: { currentPassword: expect.any(String) } },
    });
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it('when wrong current passwords keep coming, then they count toward the failed-login lock (429)', async () => {
    const member = await signedUpMember(h);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await change(member.browser, { currentPassword: `wrong-${i}`, newPassword: 'new-birdie-456' })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await login(member.email, member.password)).status).toBe(429);
  });

  it('when it succeeds, then 204, the other browser is signed out, this one stays under a new session id, and a mail is queued', async () => {
    const member = await signedUpMember(h);
    const other = await loggedInBrowser(h, member.email, member.password);
    const res = await change(member.browser, { currentPassword: member.password, newPassword: 'new-birdie-456' });
    expect(res.status).toBe(204);
    const newSid = sidOf(res);
    expect(newSid).toBeDefined();
    expect(newSid).not.toBe(member.sid);
    expect(await h.deps.redis.exists(sessionKey(h.deps.config.REDIS_PREFIX, member.sid))).toBe(0);
    expect([await whoAmI(member.browser), await whoAmI(other.browser)]).toEqual([200, 401]);
    expect((await login(member.email, member.password)).status).toBe(401);
    expect((await login(member.email, 'new-birdie-456')).status).toBe(200);
    const mails = await h.jobs(QUEUES.notifications, 'password-changed-mail');
    expect(mails.filter((job) => job.data.userId === member.id)).toHaveLength(1);
  });

  it.each([
    [{ currentPassword: 'birdie-123', newPassword: '12345' }, 'newPassword'],
    [{ newPassword: 'new-birdie-456' }, 'currentPassword'],
    [{ currentPassword: 'birdie-123', newPassword: { $gt: '' } }, 'newPassword'],
  ])('when the body is %j, then 400 naming %s', async (body, field) => {
    const member = await signedUpMember(h);
    const res = await change(member.browser, body);
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', errors: { [field]: expect.any(String) } },
    });
  });

  it('when nobody is logged in, then 401', async () => {
    const res = await change(h.server, { currentPassword: 'birdie-123', newPassword: 'new-birdie-456' });
    expect(res.status).toBe(401);
  });
});

describe('edit profile (PATCH /api/auth/user)', () => {
  const patch = (browser: ReturnType<typeof request.agent>, body: unknown) =>
    browser
      .patch('/api/auth/user')
      .set('Origin', TEST_SITE_ORIGIN)
      .send(body as object);

  it('when names are sent, then they are stored and returned, and a profile-changed event is queued for courses', async () => {
    const member = await signedUpMember(h);
    const res = await patch(member.browser, { firstName: '  Grace ', lastName: 'Hopper\u202E' });
    expect(res).toMatchObject({ status: 200, body: { id: member.id, firstName: 'Grace', lastName: 'Hopper' } });
    expect(JSON.stringify(res.body)).not.toMatch(/password|stripe/i);
    expect((await member.browser.get('/api/auth/user')).body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    const stored = await storedUser(member.id);
    const events = (await h.jobs(QUEUES.accountEventsCourses, 'member-profile-changed')).filter(
      (job) => job.data.userId === member.id,
    );
    expect(events.map((job) => job.data)).toEqual([
      {
        userId: member.id,
        firstName: 'Grace',
        lastName: 'Hopper',
        eventId: expect.any(String),
        occurredAt: (stored!.updatedAt as Date).toISOString(),
      },
    ]);
  });

  it('when one name is sent, then only it changes; a blank one clears it; nothing changed queues nothing', async () => {
    const member = await signedUpMember(h);
    expect((await patch(member.browser, { lastName: '' })).body).toMatchObject({ firstName: 'Ada', lastName: null });
    expect((await patch(member.browser, { firstName: 'Ada' })).body).toMatchObject({
      firstName: 'Ada',
      lastName: null,
    });
    const events = (await h.jobs(QUEUES.accountEventsCourses, 'member-profile-changed')).filter(
      (job) => job.data.userId === member.id,
    );
    expect(events.map((job) => [job.data.firstName, job.data.lastName])).toEqual([['Ada', null]]);
  });

  it.each([
    [{ email: 'new@example.com' }],
    [{ membershipLevel: 'premium' }],
    [{ level: 'premium' }],
    [{ password: 'new-birdie-456' }],
    [{ role: 'admin' }],
    [{ firstName: 'Grace', role: 'admin' }],
    [{ firstName: 'Grace', nickname: 'Amazing' }],
    [{ firstName: 'x'.repeat(51) }],
    [{ firstName: 'Grace\nHopper' }],
    [{ firstName: 42 }],
  ])('when the body is %j, then 400 and nothing changes', async (body) => {
    const member = await signedUpMember(h);
    const before = await storedUser(member.id);
    const res = await patch(member.browser, body);
    expect(res).toMatchObject({ status: 400, body: { message: expect.any(String), code: 'VALIDATION_ERROR' } });
    expect(await storedUser(member.id)).toEqual(before);
    const events = (await h.jobs(QUEUES.accountEventsCourses)).filter((job) => job.data.userId === member.id);
    expect(events).toEqual([]);
  });

  it('when an unknown field is sent, then the message says only names can be changed', async () => {
    const member = await signedUpMember(h);
    const res = await patch(member.browser, { email: 'new@example.com' });
    expect(res.body.message).toBe('Only firstName, lastName and newsletter can be changed here');
  });

  it('when nobody is logged in, then 401', async () => {
    const res = await request(h.server)
      .patch('/api/auth/user')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ firstName: 'X' });
    expect(res.status).toBe(401);
  });
});

describe('sign out of all devices', () => {
  it('when a member signs out everywhere, then 204, the cookie is cleared and both browsers are signed out', async () => {
    const member = await signedUpMember(h);
    const other = await loggedInBrowser(h, member.email, member.password);
    const res = await member.browser.post('/api/auth/logout-all').set('Origin', TEST_SITE_ORIGIN);
    expect(res.status).toBe(204);
    expect(sidOf(res)).toBe('');
    expect([await whoAmI(member.browser), await whoAmI(other.browser)]).toEqual([401, 401]);
    // The member can log in again afterwards.
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it('when nobody is logged in, then 401', async () => {
    expect((await request(h.server).post('/api/auth/logout-all').set('Origin', TEST_SITE_ORIGIN)).status).toBe(401);
  });
});

describe('delete account', () => {
  const remove = (browser: ReturnType<typeof request.agent>, body: Record<string, unknown>) =>
    browser.delete('/api/auth/user').set('Origin', TEST_SITE_ORIGIN).send(body);

  async function accountJobs(userId: string) {
    const byQueue = await Promise.all(
      ACCOUNT_EVENT_QUEUES.map(async (queue) =>
        (await h.jobs(queue, 'account-deleted')).filter((job) => job.data.userId === userId),
      ),
    );
    const mails = (await h.jobs(QUEUES.notifications, 'account-deleted-mail')).filter(
      (job) => job.data.userId === userId,
    );
    return { byQueue, mails };
  }

  it('when the password is wrong, then 400 and nothing happens', async () => {
    const member = await signedUpMember(h);
    const res = await remove(member.browser, { password: 'not-my-password' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Password is incorrect', errors: { password: expect.any(String) } },
    });
    expect(await storedUser(member.id)).not.toBeNull();
    expect(await whoAmI(member.browser)).toBe(200);
    expect(await accountJobs(member.id)).toEqual({ byQueue: [[], [], [], []], mails: [] });
  });

  it('when wrong passwords keep coming, then they count toward the failed-login lock (429)', async () => {
    const member = await signedUpMember(h);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await remove(member.browser, { password: `wrong-${i}` })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(await storedUser(member.id)).not.toBeNull();
  });

  it('when the password is right, then 204, the member is gone for login and every session, and the events and mail are queued', async () => {
    const member = await signedUpMember(h);
    const other = await loggedInBrowser(h, member.email, member.password);
    const res = await remove(member.browser, { password: member.password });
    expect(res.status).toBe(204);
    expect(sidOf(res)).toBe('');
    expect(await storedUser(member.id)).toBeNull();
    expect([await whoAmI(member.browser), await whoAmI(other.browser)]).toEqual([401, 401]);
    expect((await login(member.email, member.password)).status).toBe(401);

    const { byQueue, mails } = await accountJobs(member.id);
    const jobId = jobIdFor('account-deleted', member.id);
    for (const jobs of byQueue) {
      expect(jobs).toEqual([
        {
          id: jobId,
          name: 'account-deleted',
          // The address and whether it was verified: contact erases messages sent to it as a
          // visitor only when it was.
          data: {
            userId: member.id,
            eventId: jobId,
            occurredAt: expect.any(String),
            email: member.email,
            emailVerified: false,
          },
        },
      ]);
    }
    expect(byQueue.map((jobs) => jobs[0]!.data)).toEqual([
      byQueue[0]![0]!.data,
      byQueue[0]![0]!.data,
      byQueue[0]![0]!.data,
      byQueue[0]![0]!.data,
    ]);
    expect(mails.map((job) => job.data)).toEqual([
      {
        userId: member.id,
        email: member.email,
        firstName: 'Ada',
        eventId: jobId,
        occurredAt: expect.any(String),
        emailVerified: false,
      },
    ]);
  });

  it('when a second delete comes from another browser afterwards, then 401 and no second job', async () => {
    const member = await signedUpMember(h);
    const other = await loggedInBrowser(h, member.email, member.password);
    expect((await remove(member.browser, { password: member.password })).status).toBe(204);
    expect((await remove(other.browser, { password: member.password })).status).toBe(401);
    const { byQueue, mails } = await accountJobs(member.id);
    expect([...byQueue.map((jobs) => jobs.length), mails.length]).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('when the queues cannot be reached', () => {
  let outage: Awaited<ReturnType<typeof compose>>;
  let server: ReturnType<typeof outage.app.callback>;
  beforeAll(async () => {
    // Producers whose Redis connection is gone (closed): every publish fails as in an outage.
    const producers = createAuthProducers({
      redisUrl: h.deps.config.REDIS_URL,
      redisPrefix: h.deps.config.REDIS_PREFIX,
    });
    await producers.close();
    outage = await compose(h.deps, { producers });
    server = outage.app.callback();
  });
  afterAll(() => closeBackground(outage.background));

  async function outageBrowser(member: { email: string; password: string }) {
    const browser = request.agent(server);
    const res = await browser.post('/api/auth/login').set('X-Forwarded-For', nextIp()).send(member);
    expect(res.status).toBe(200);
    return browser;
  }

  it('when a member deletes their account, then 503 and the account is intact; once the queues are back, the retry deletes it', async () => {
    const member = await signedUpMember(h);
    const browser = await outageBrowser(member);
    const res = await browser
      .delete('/api/auth/user')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ password: member.password });
    expect(res).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    expect(await storedUser(member.id)).not.toBeNull();
    expect(await whoAmI(member.browser)).toBe(200);
    const retry = await member.browser
      .delete('/api/auth/user')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ password: member.password });
    expect(retry.status).toBe(204);
  });

  it('when a member changes their names, then 503 and nothing changes', async () => {
    const member = await signedUpMember(h);
    const browser = await outageBrowser(member);
    const res = await browser.patch('/api/auth/user').set('Origin', TEST_SITE_ORIGIN).send({ firstName: 'Grace' });
    expect(res).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    expect(await storedUser(member.id)).toMatchObject({ firstName: 'Ada' });
  });

  it('when someone signs up, then the account is still created (the welcome mail failure is only logged)', async () => {
    const res = await request(server)
      .post('/api/auth/signup')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('X-Forwarded-For', nextIp())
      .send({ email: `outage${Date.now()}@example.com`, password: 'birdie-123' });
    expect(res.status).toBe(201);
  });

  it('when someone asks for a reset link, then 503 whether or not the email has an account', async () => {
    const member = await signedUpMember(h);
    const ask = (email: string) =>
      request(server)
        .post('/api/auth/password/forgot')
        .set('Origin', TEST_SITE_ORIGIN)
        .set('X-Forwarded-For', nextIp())
        .send({ email });
    const [known, unknown] = [await ask(member.email), await ask(`outage${Date.now()}@example.com`)];
    expect(known).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
  });
});
