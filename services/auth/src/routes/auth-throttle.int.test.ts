import bcrypt from 'bcrypt';
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type AuthConfig } from '../config';
import type { UserService } from '../domain/user.service';

type Server = ReturnType<Awaited<ReturnType<typeof compose>>['app']['callback']>;

const LIMIT = 5;
const password = 'eagle-putt';
let counter = 0;
const uniqueEmail = () => `throttle${Date.now()}${counter++}@example.com`;
const hasSession = (res: request.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).some((cookie) => cookie.startsWith('fm.sid='));
const count = (responses: request.Response[], status: number) => responses.filter((r) => r.status === status).length;

// Each test sends from its own client address (the services trust one proxy's X-Forwarded-For),
// so the per-IP ceilings of one test never touch another.
let ipCounter = 1;
const nextIp = () => `203.0.113.${ipCounter++}`;

describe('per-account login throttle under bursts', () => {
  let deps: TestDeps<AuthConfig>;
  let server: Server;
  let users: UserService;
  let service: Awaited<ReturnType<typeof compose>>;
  let compare: jest.SpyInstance;

  beforeAll(async () => {
    // bcrypt at 10 rounds (~60 ms a comparison) leaves the burst a real window to race through.
    deps = await createTestDeps(configSchema, {
      BCRYPT_ROUNDS: '10',
      AUTH_LOGIN_FAILURES_PER_ACCOUNT: String(LIMIT),
      AUTH_LOGINS_PER_IP: '1000',
    });
    service = await compose(deps);
    users = service.users;
    server = service.app.callback();
  });
  afterAll(async () => {
    await closeBackground(service.background);
    await deps.close();
  });
  beforeEach(() => {
    compare = jest.spyOn(bcrypt, 'compare');
  });
  afterEach(() => compare.mockRestore());

  async function member(): Promise<string> {
    const email = uniqueEmail();
    const res = await request(server)
      .post('/api/auth/signup')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('X-Forwarded-For', nextIp())
      .send({ email, password });
    expect(res.status).toBe(201);
    return email;
  }

  const login = (email: string, pass: string, ip = nextIp()) =>
    request(server).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password: pass });

  /** 15 wrong passwords and the right one at `rightAt`, all sent at once. */
  const burst = (email: string, rightAt: number) =>
    Promise.all(Array.from({ length: 16 }, (_, i) => login(email, i === rightAt ? password : `wrong-${i}`)));

  it('when the limit is used up, then 16 parallel logins with the right password among them are all 429, compare nothing and start no session', async () => {
    const email = await member();
    for (let i = 0; i < LIMIT; i++) expect((await login(email, 'wrong-one')).status).toBe(401);
    compare.mockClear();

    const responses = await burst(email, 7);

    expect(responses.map((r) => r.status)).toEqual(Array(16).fill(429));
    expect(responses.some(hasSession)).toBe(false);
    expect(compare).not.toHaveBeenCalled();
  });

  it('when 16 parallel logins hit a fresh account with the right password among them, then only 5 are compared, the rest are 429 and none over the limit starts a session', async () => {
    const email = await member();
    compare.mockClear();

    const responses = await burst(email, 15);

    expect(compare).toHaveBeenCalledTimes(LIMIT);
    expect(count(responses, 401)).toBe(LIMIT);
    expect(count(responses, 429)).toBe(16 - LIMIT);
    expect(responses.some(hasSession)).toBe(false);
    for (const res of responses.filter((r) => r.status === 429)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    }
    // The account stays locked for the window, the right password included.
    expect((await login(email, password)).status).toBe(429);
  });

  it('when the right password is in the middle of a burst on a fresh account, then it is refused with the rest past the limit', async () => {
    const email = await member();
    const responses = await burst(email, 8);
    expect(responses[8]?.status).toBe(429);
    expect(count(responses, 200)).toBe(0);
    expect(responses.some(hasSession)).toBe(false);
  });

  it('when 50 wrong passwords arrive at once, then exactly the configured number are compared and get 401, and the rest 429', async () => {
    const email = await member();
    compare.mockClear();
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => login(email, `wrong-${i}`)));
    expect(compare).toHaveBeenCalledTimes(LIMIT);
    expect(count(responses, 401)).toBe(LIMIT);
    expect(count(responses, 429)).toBe(50 - LIMIT);
  });

  it('when a member logs in with the right password before the limit, then their earlier failures are forgotten', async () => {
    const email = await member();
    for (let i = 0; i < LIMIT - 1; i++) expect((await login(email, 'wrong-one')).status).toBe(401);
    const ok = await login(email, password);
    expect(ok.status).toBe(200);
    expect(hasSession(ok)).toBe(true);
    for (let i = 0; i < LIMIT; i++) expect((await login(email, 'wrong-one')).status).toBe(401);
    expect((await login(email, password)).status).toBe(429);
  });

  it('when the lock is lifted (as a password reset does), then the member can log in at once', async () => {
    const email = await member();
    for (let i = 0; i < LIMIT; i++) await login(email, 'wrong-one');
    expect((await login(email, password)).status).toBe(429);

    await users.liftLoginLock(email);

    const ok = await login(email, password);
    expect(ok.status).toBe(200);
    expect(hasSession(ok)).toBe(true);
  });
});

describe('per-IP login and sign-up ceilings', () => {
  const LOGINS_PER_IP = 3;
  const SIGNUPS_PER_IP = 2;
  let deps: TestDeps<AuthConfig>;
  let server: Server;
  let service: Composed;

  beforeAll(async () => {
    deps = await createTestDeps(configSchema, {
      BCRYPT_ROUNDS: '4',
      AUTH_LOGINS_PER_IP: String(LOGINS_PER_IP),
      AUTH_SIGNUPS_PER_HOUR: String(SIGNUPS_PER_IP),
    });
    service = await compose(deps);
    server = service.app.callback();
  });
  afterAll(async () => {
    await closeBackground(service.background);
    await deps.close();
  });

  const signup = (ip: string, email = uniqueEmail()) =>
    request(server)
      .post('/api/auth/signup')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('X-Forwarded-For', ip)
      .send({ email, password });

  it('when one address sends more logins than its ceiling at once, then the rest are 429 with Retry-After, even for right passwords of different accounts', async () => {
    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    for (const email of emails) expect((await signup(nextIp(), email)).status).toBe(201);
    const ip = nextIp();
    const attempts = Array.from({ length: 10 }, (_, i) => emails[i % emails.length]);

    const responses = await Promise.all(
      attempts.map((email) =>
        request(server).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password }),
      ),
    );

    expect(count(responses, 200)).toBe(LOGINS_PER_IP);
    expect(count(responses, 429)).toBe(10 - LOGINS_PER_IP);
    for (const res of responses.filter((r) => r.status === 429)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body.code).toBe('RATE_LIMITED');
    }
    // Another address is not affected.
    const elsewhere = await request(server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: emails[0], password });
    expect(elsewhere.status).toBe(200);
  });

  it('when one address signs up more accounts than its ceiling at once, then the rest are 429 and create no account', async () => {
    const ip = nextIp();
    const emails = Array.from({ length: 8 }, () => uniqueEmail());

    const responses = await Promise.all(emails.map((email) => signup(ip, email)));

    expect(count(responses, 201)).toBe(SIGNUPS_PER_IP);
    expect(count(responses, 429)).toBe(8 - SIGNUPS_PER_IP);
    for (const res of responses.filter((r) => r.status === 429)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many accounts created from here. Please try again later.',
      });
    }
    expect(await deps.mongo.collection('users').countDocuments({ email: { $in: emails } })).toBe(SIGNUPS_PER_IP);
    expect((await signup(nextIp())).status).toBe(201);
  });
});
