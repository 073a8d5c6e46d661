import { QUEUES } from '@fm/contracts';
import request from 'supertest';
import { hashResetToken } from '../domain/password-reset.service';
import {
  type Harness,
  loggedInBrowser,
  nextIp,
  signedUpMember,
  startAuth,
  TEST_SITE_ORIGIN,
  uniqueEmail,
  whoAmI,
} from '../../test/account-harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth();
  // auth's worker answers the requests the route queues (as runService starts it).
  await h.service.background.passwordResets.start();
});
afterAll(() => h.close());

const forgot = (email: unknown, ip = nextIp()) =>
  request(h.server)
    .post('/api/auth/password/forgot')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Forwarded-For', ip)
    .send({ email });
const reset = (token: unknown, password: unknown) =>
  request(h.server).post('/api/auth/password/reset').set('Origin', TEST_SITE_ORIGIN).send({ token, password });
const login = (email: string, password: string) =>
  request(h.server).post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({ email, password });

/** The reset mails queued for an address, once the worker has answered every request so far. */
async function resetMails(email: string) {
  await h.drained(QUEUES.passwordResetRequests);
  const jobs = await h.jobs(QUEUES.notifications, 'password-reset-mail');
  return jobs.filter((job) => job.data.email === email);
}

const tokenOf = (resetUrl: unknown) => new URL(String(resetUrl)).searchParams.get('token')!;

/** The token of the reset link mailed to `email` that is still on file (the newest one). */
async function latestToken(email: string): Promise<string> {
  const tokens = (await resetMails(email)).map((mail) => tokenOf(mail.data.resetUrl));
  for (const token of tokens) {
    if (await h.deps.mongo.collection('password_resets').countDocuments({ _id: hashResetToken(token) as never })) {
      return token;
    }
  }
  throw new Error(`no live reset link for ${email}`);
}

const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

describe('forgot password', () => {
  it('when the email has an account or has none, then the answer is the same 202, and only the member gets a mail', async () => {
    const member = await signedUpMember(h);
    const stranger = uniqueEmail('nobody');
    const known = await forgot(member.email.toUpperCase());
    const unknown = await forgot(stranger);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(known).toMatchObject({ status: 202, body: { message: expect.stringContaining('If an account exists') } });
    expect(await resetMails(stranger)).toEqual([]);
    const [mail] = await resetMails(member.email);
    expect(mail!.data).toEqual({
      userId: member.id,
      email: member.email,
      firstName: 'Ada',
      eventId: expect.any(String),
      occurredAt: expect.any(String),
      resetUrl: expect.stringMatching(new RegExp(`^${TEST_SITE_ORIGIN}/reset-password\\?token=[A-Za-z0-9_-]{43}$`)),
      expiresAt: expect.any(String),
    });
    const expiresIn = Date.parse(String(mail!.data.expiresAt)) - Date.parse(String(mail!.data.occurredAt));
    expect(expiresIn).toBe(60 * 60_000);
  });

  it('when a link is sent, then only the hash of its token is stored', async () => {
    const member = await signedUpMember(h);
    await forgot(member.email);
    const token = await latestToken(member.email);
    const stored = await h.deps.mongo.collection('password_resets').find({ userId: member.id }).toArray();
    expect(stored).toHaveLength(1);
    expect(String(stored[0]!._id)).toBe(hashResetToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it.each([[{}], [{ email: 'not-an-email' }], [{ email: { $gt: '' } }]])(
    'when the body is %j, then 400 naming the email',
    async (body) => {
      const res = await request(h.server).post('/api/auth/password/forgot').set('Origin', TEST_SITE_ORIGIN).send(body);
      expect(res).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', errors: { email: expect.any(String) } },
      });
    },
  );

  it('when one email asks a sixth time within the hour, then 429 with Retry-After (known or unknown alike)', async () => {
    const member = await signedUpMember(h);
    const stranger = uniqueEmail('nobody');
    for (const email of [member.email, stranger]) {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await forgot(email));
      expect(answers.map((res) => res.status)).toEqual([202, 202, 202, 202, 202, 429]);
      expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(answers[5]!.body).toMatchObject({ code: 'RATE_LIMITED' });
    }
    expect(await resetMails(member.email)).toHaveLength(5);
  });

  it('when one client IP asks for 21 different emails within the hour, then the 21st is 429', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await forgot(uniqueEmail('ip'), ip)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(202));
    expect(statuses[20]).toBe(429);
  });
});

describe('forgot password, the request path alone (no worker running)', () => {
  let quiet: Harness;
  beforeAll(async () => {
    quiet = await startAuth();
  });
  afterAll(() => quiet.close());

  const ask = (email: string) =>
    request(quiet.server)
      .post('/api/auth/password/forgot')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('X-Forwarded-For', nextIp())
      .send({ email });
  /** Everything but the headers that differ per answer by nature (its own request id, the clock). */
  const sameness = (res: request.Response) => {
    const { 'x-request-id': requestId, date: _date, ...headers } = res.headers;
    expect(requestId).toEqual(expect.any(String));
    return { status: res.status, body: res.body, headers };
  };

  it('when the email has an account or has none, then the answers and the queued jobs cannot be told apart', async () => {
    const member = await signedUpMember(quiet);
    const stranger = uniqueEmail('nobody');
    const known = await ask(`  ${member.email.toUpperCase()} `);
    const unknown = await ask(stranger);
    expect(sameness(known)).toEqual(sameness(unknown));
    expect(sameness(known)).toMatchObject({ status: 202 });

    const requests = await quiet.jobs(QUEUES.passwordResetRequests);
    const shape = (email: string) => {
      const job = requests.find((queued) => queued.data.email === email)!;
      expect(job).toEqual({
        id: `password-reset-request-${String(job.data.requestId)}`,
        name: 'password-reset-request',
        data: { email, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), requestedAt: expect.any(String) },
      });
      return Object.keys(job.data).sort();
    };
    expect(requests).toHaveLength(2);
    expect(shape(member.email)).toEqual(shape(stranger));
    // Nothing about the member was looked at or written: no token, no mail, until the worker runs.
    expect(await quiet.deps.mongo.collection('password_resets').countDocuments({ userId: member.id })).toBe(0);
    expect(await quiet.jobs(QUEUES.notifications, 'password-reset-mail')).toEqual([]);
  });
});

describe('reset password', () => {
  it('when the link is used, then the new password works, the old one does not, and the link works only once', async () => {
    const member = await signedUpMember(h);
    await forgot(member.email);
    const token = await latestToken(member.email);
    expect((await reset(token, 'new-birdie-456')).status).toBe(204);
    expect((await login(member.email, member.password)).status).toBe(401);
    expect((await login(member.email, 'new-birdie-456')).status).toBe(200);
    const again = await reset(token, 'third-birdie-789');
    expect(again).toMatchObject({ status: 400, body: { message: INVALID_LINK } });
    expect((await login(member.email, 'new-birdie-456')).status).toBe(200);
  });

  it('when the same link is sent twice at once, then exactly one reset succeeds', async () => {
    const member = await signedUpMember(h);
    await forgot(member.email);
    const token = await latestToken(member.email);
    const answers = await Promise.all([reset(token, 'first-choice-1'), reset(token, 'second-choice-2')]);
    expect(answers.map((res) => res.status).sort()).toEqual([204, 400]);
  });

  it('when the link has expired, then 400 and the password is unchanged', async () => {
    const member = await signedUpMember(h);
    await forgot(member.email);
    const token = await latestToken(member.email);
    await h.deps.mongo
      .collection('password_resets')
      .updateOne({ _id: hashResetToken(token) as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await reset(token, 'new-birdie-456')).toMatchObject({ status: 400, body: { message: INVALID_LINK } });
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it('when a second link is asked for a minute later, then it is accepted and the first link stops working', async () => {
    const member = await signedUpMember(h);
    await forgot(member.email);
    const first = await latestToken(member.email);
    expect((await forgot(member.email)).status).toBe(202);
    const second = await latestToken(member.email);
    expect(second).not.toBe(first);
    expect(await resetMails(member.email)).toHaveLength(2);
    expect((await reset(first, 'new-birdie-456')).status).toBe(400);
    expect((await reset(second, 'new-birdie-456')).status).toBe(204);
  });

  it('when the new password is too short, then 400 and the link still works', async () => {
    const member = await signedUpMember(h);
    await forgot(member.email);
    const token = await latestToken(member.email);
    const short = await reset(token, '12345');
    expect(short).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 6 characters', errors: { password: expect.any(String) } },
    });
    expect((await reset(token, 'long-enough-1')).status).toBe(204);
  });

  it.each([
    ['an unknown token', 'x'.repeat(43)],
    ['an empty token', ''],
    ['a token that is not text', { $gt: '' }],
  ])('when %s is sent, then 400', async (_label, token) => {
    const res = await reset(token, 'new-birdie-456');
    expect(res).toMatchObject({ status: 400, body: { message: INVALID_LINK } });
  });

  it('when a member resets, then every session ends, the login lock lifts and a "password changed" mail is queued', async () => {
    const member = await signedUpMember(h);
    const other = await loggedInBrowser(h, member.email, member.password);
    // Five wrong passwords lock the account.
    for (let i = 0; i < 5; i++) await login(member.email, 'wrong-password');
    expect((await login(member.email, member.password)).status).toBe(429);
    await forgot(member.email);
    expect((await reset(await latestToken(member.email), 'new-birdie-456')).status).toBe(204);
    expect([await whoAmI(member.browser), await whoAmI(other.browser)]).toEqual([401, 401]);
    expect((await login(member.email, 'new-birdie-456')).status).toBe(200);
    const mails = await h.jobs(QUEUES.notifications, 'password-changed-mail');
    expect(mails.filter((job) => job.data.userId === member.id).map((job) => job.data)).toEqual([
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
