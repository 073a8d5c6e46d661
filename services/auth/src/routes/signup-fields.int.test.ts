/** Signup text fields and the password's byte cap: never a 5xx, and nothing bcrypt would ignore. */
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type AuthConfig } from '../config';
import { messages } from '../domain/user.schemas';

let deps: TestDeps<AuthConfig>;
let service: Composed;
let server: ReturnType<typeof service.app.callback>;

beforeAll(async () => {
  deps = await createTestDeps(configSchema, { BCRYPT_ROUNDS: '4' });
  service = await compose(deps);
  server = service.app.callback();
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

let counter = 0;
const uniqueEmail = () => `fields${Date.now()}${counter++}@example.com`;
const signup = (body: Record<string, unknown>) =>
  request(server).post('/api/auth/signup').set('Origin', TEST_SITE_ORIGIN).send(body);
const users = () => deps.mongo.collection('users');

describe('signup names', () => {
  it.each([
    ['a NUL', 'firstName', 'First name', 'Ada\u0000'],
    ['a bell character', 'lastName', 'Last name', 'Love\u0007lace'],
    ['a line break', 'firstName', 'First name', 'Ada\nBcc: x@example.com'],
    ['a C1 control', 'lastName', 'Last name', 'Love\u0085lace'],
  ])('when %s is in %s, then 400 naming the field and no account', async (_what, field, label, value) => {
    const email = uniqueEmail();
    const res = await signup({ email, password: 'birdie123', [field]: value });
    const message = `${label} cannot contain line breaks or control characters`;
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: { [field]: message } });
    expect(await users().countDocuments({ email })).toBe(0);
  });

  it('when names carry bidi override or isolate characters, then they are stored and shown without them', async () => {
    const res = await signup({
      email: uniqueEmail(),
      password: 'birdie123',
      firstName: '\u202EnimdA\u202C',
      lastName: 'Jo\u2066nes\u2069',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ firstName: 'nimdA', lastName: 'Jones' });
    const stored = await users().findOne({ _id: res.body.user.id });
    expect(stored).toMatchObject({ firstName: 'nimdA', lastName: 'Jones' });
  });

  it('when names are 50 emoji, then 201 and they are stored intact; 51 is refused', async () => {
    const golfer = '🏌'.repeat(50);
    const res = await signup({ email: uniqueEmail(), password: 'birdie123', firstName: golfer, lastName: 'Zoë' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ firstName: golfer, lastName: 'Zoë' });
    const tooLong = await signup({ email: uniqueEmail(), password: 'birdie123', firstName: `${golfer}🏌` });
    expect(tooLong).toMatchObject({
      status: 400,
      body: { errors: { firstName: 'First name must be at most 50 characters' } },
    });
  });
});

describe('password length in bytes', () => {
  it('when the password is 25 three-byte characters (75 bytes, which bcrypt would cut at 72), then 400 saying so', async () => {
    const email = uniqueEmail();
    const res = await signup({ email, password: '€'.repeat(25) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Password must be at most 72 bytes: 72 plain letters or digits, fewer with accented letters or emoji',
      errors: { password: messages.passwordTooLong },
    });
    expect(await users().countDocuments({ email })).toBe(0);
  });

  it('when the password is exactly 72 bytes of multi-byte characters, then 201 and it logs in', async () => {
    const email = uniqueEmail();
    const password = '€'.repeat(24);
    expect((await signup({ email, password })).status).toBe(201);
    const login = await request(server)
      .post('/api/auth/login')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ email, password });
    expect(login.status).toBe(200);
  });
});
