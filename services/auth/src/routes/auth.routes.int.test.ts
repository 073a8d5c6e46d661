import { authAnswerSchema, errorBodySchema, userSchema } from '@fm/contracts';
import { sessionKey } from '@fm/shared/auth';
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import bcrypt from 'bcrypt';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type AuthConfig } from '../config';

let deps: TestDeps<AuthConfig>;
let service: Composed;
let server: ReturnType<typeof service.app.callback>;

beforeAll(async () => {
  deps = await createTestDeps(configSchema, { BCRYPT_ROUNDS: '4', AUTH_SIGNUPS_PER_HOUR: '1000' });
  service = await compose(deps);
  server = service.app.callback();
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

let counter = 0;
const uniqueEmail = () => `golfer${Date.now()}${counter++}@example.com`;
const cookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
const sidOf = (cookie: string) => /fm\.sid=([^;]+)/.exec(cookie)?.[1];

async function signup(body: Record<string, unknown>) {
  return request(server).post('/api/auth/signup').set('Origin', TEST_SITE_ORIGIN).send(body);
}

describe('signup', () => {
  it('when the details are valid, then 201 with the user, a session cookie and no secrets', async () => {
    const email = uniqueEmail();
    const res = await signup({
      email: `  ${email.toUpperCase()} `,
      password: 'birdie123',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      membershipLevel: 'free',
      role: 'member',
      createdAt: expect.any(String),
      emailVerified: false,
      newsletter: false,
    });
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(setCookie).toMatch(/fm\.sid=[^;]+;.*httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);
    expect(setCookie).toMatch(/fm\.sid\.sig=/);
    const me = await request(server).get('/api/auth/user').set('Cookie', cookieOf(res));
    expect(me).toMatchObject({ status: 200, body: { email, membershipLevel: 'free' } });
    expect(JSON.stringify(me.body)).not.toMatch(/password|stripe|\$2[aby]\$/i);
    const stored = await deps.mongo.collection('users').findOne({ email });
    expect(stored?.password).toMatch(/^\$2[aby]\$04\$/);
  });

  it('when names are left out, then they are stored as null', async () => {
    const res = await signup({ email: uniqueEmail(), password: 'birdie123' });
    expect(res.body.user).toMatchObject({ firstName: null, lastName: null });
  });

  it.each([
    [{ password: 'birdie123' }, 'email', 'Email is required'],
    [{ email: 'not-an-email', password: 'birdie123' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@example.com' }, 'password', 'Password is required'],
    [{ email: 'a@example.com', password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [
      { email: 'a@example.com', password: 'x'.repeat(73) },
      'password',
      'Password must be at most 72 bytes: 72 plain letters or digits, fewer with accented letters or emoji',
    ],
    [{ email: { $gt: '' }, password: 'birdie123' }, 'email', 'Please enter a valid email address'],
  ])('when the body is %j, then 400 naming %s', async (body, field, message) => {
    const res = await signup(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR', errors: { [field]: message } });
  });

  it('when the email exists (in any case), then 409', async () => {
    const email = uniqueEmail();
    expect((await signup({ email, password: 'birdie123' })).status).toBe(201);
    const again = await signup({ email: email.toUpperCase(), password: 'other-pass' });
    expect(again).toMatchObject({ status: 409, body: { message: 'An account with this email already exists' } });
  });

  it('when ten signups race for one email, then exactly one account exists and the rest get 409', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(Array.from({ length: 10 }, () => signup({ email, password: 'birdie123' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await deps.mongo.collection('users').countDocuments({ email })).toBe(1);
  });

  it('when thirty signups race for one email, then only the winner hashes a password (the rest answer 409 at once)', async () => {
    const email = uniqueEmail();
    const hash = jest.spyOn(bcrypt, 'hash');
    try {
      const results = await Promise.all(Array.from({ length: 30 }, () => signup({ email, password: 'birdie123' })));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(29);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
    // The claim is released: once the account is gone, the email can be used again.
    await deps.mongo.collection('users').deleteOne({ email });
    expect((await signup({ email, password: 'birdie123' })).status).toBe(201);
  });

  it('when the body is malformed or oversized, then 400/413 and never 5xx', async () => {
    const bad = await request(server)
      .post('/api/auth/signup')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(bad.status).toBe(400);
    const big = await signup({ email: uniqueEmail(), password: 'x'.repeat(300_000) });
    expect(big.status).toBe(413);
    const array = await request(server).post('/api/auth/signup').send([1, 2]);
    expect(array.status).toBe(400);
  });

  it('when the request comes from another site, then 403 and no account', async () => {
    const email = uniqueEmail();
    const res = await request(server)
      .post('/api/auth/signup')
      .set('Origin', 'https://evil.example')
      .send({ email, password: 'birdie123' });
    expect(res.status).toBe(403);
    expect(await deps.mongo.collection('users').countDocuments({ email })).toBe(0);
  });
});

describe('login and logout', () => {
  const password = 'eagle-putt';
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail();
    await signup({ email, password });
  });

  it('when the credentials are right, then 200 with the user and a session', async () => {
    const res = await request(server).post('/api/auth/login').send({ email: email.toUpperCase(), password });
    expect(res).toMatchObject({ status: 200, body: { user: { email, membershipLevel: 'free' } } });
    expect((await request(server).get('/api/auth/user').set('Cookie', cookieOf(res))).status).toBe(200);
  });

  it('when the password or email is wrong, then 401 "Invalid email or password" for both', async () => {
    const wrongPassword = await request(server).post('/api/auth/login').send({ email, password: 'nope-nope' });
    const unknownEmail = await request(server).post('/api/auth/login').send({ email: uniqueEmail(), password });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
    }
  });

  it('when a NoSQL operator is sent as the email, then 400', async () => {
    const res = await request(server)
      .post('/api/auth/login')
      .send({ email: { $gt: '' }, password: { $gt: '' } });
    expect(res.status).toBe(400);
  });

  it('when a session id was planted before login, then login issues a new one and the old one is dead', async () => {
    // An anonymous session the attacker knows: make one exist in the store under a known id.
    const planted = await request(server).post('/api/auth/login').send({ email, password });
    const plantedCookie = cookieOf(planted);
    const plantedSid = sidOf(plantedCookie)!;
    const again = await request(server).post('/api/auth/login').set('Cookie', plantedCookie).send({ email, password });
    const newSid = sidOf(cookieOf(again));
    expect(newSid).toBeDefined();
    expect(newSid).not.toBe(plantedSid);
    expect(await deps.redis.exists(sessionKey(deps.config.REDIS_PREFIX, plantedSid))).toBe(0);
    expect((await request(server).get('/api/auth/user').set('Cookie', plantedCookie)).status).toBe(401);
  });

  it('when the member logs out, then 204, the session is gone and the cookie no longer works', async () => {
    const login = await request(server).post('/api/auth/login').send({ email, password });
    const cookie = cookieOf(login);
    const out = await request(server).post('/api/auth/logout').set('Cookie', cookie);
    expect(out.status).toBe(204);
    expect(await deps.redis.exists(sessionKey(deps.config.REDIS_PREFIX, sidOf(cookie)!))).toBe(0);
    expect((await request(server).get('/api/auth/user').set('Cookie', cookie)).status).toBe(401);
  });

  it('when an account fails five times, then the sixth try is 429 with Retry-After, even with the right password', async () => {
    const target = uniqueEmail();
    await signup({ email: target, password });
    for (let i = 0; i < 5; i++) {
      expect(
        (await request(server).post('/api/auth/login').send({ email: target, password: 'wrong-one' })).status,
      ).toBe(401);
    }
    const blocked = await request(server).post('/api/auth/login').send({ email: target, password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    // Other accounts are unaffected.
    expect((await request(server).post('/api/auth/login').send({ email, password })).status).toBe(200);
  });
});

describe('current user and browser entry', () => {
  it('when nobody is logged in, then GET /api/auth/user is 401', async () => {
    expect(await request(server).get('/api/auth/user')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
  });

  it('when a browser navigates to /api/login, then it is sent to /login', async () => {
    const res = await request(server).get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('the answers and the contract (@fm/contracts, what the frontend reads)', () => {
  it('when a member signs up, logs in and asks who they are, then every answer parses as the contract says', async () => {
    const email = uniqueEmail();
    const signedUp = await signup({ email, password: 'birdie123', firstName: 'Ada' });
    expect(authAnswerSchema.parse(signedUp.body).user).toMatchObject({ email, firstName: 'Ada', lastName: null });

    const loggedIn = await request(server).post('/api/auth/login').send({ email, password: 'birdie123' });
    expect(authAnswerSchema.parse(loggedIn.body).user.id).toBe(signedUp.body.user.id);

    const me = await request(server).get('/api/auth/user').set('Cookie', cookieOf(loggedIn));
    expect(userSchema.parse(me.body)).toEqual(loggedIn.body.user);
  });

  it('when a request is refused, then the error body parses as the contract says', async () => {
    const refused = await signup({ email: 'not-an-email', password: 'x' });
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(refused.body).errors).toHaveProperty('email');
  });
});
