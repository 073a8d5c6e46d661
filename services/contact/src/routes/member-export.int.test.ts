import { closeBackground, signServiceToken } from '@fm/shared';
import { createTestDeps, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import { Types } from 'mongoose';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';

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

/** Sends the contact form as a visitor would (each from its own address, below the per-IP limit). */
async function sendMessage(email: string, message: string) {
  const res = await request(server)
    .post('/api/contact')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Forwarded-For', `10.7.0.${++ipCounter}`)
    .send({ name: 'Ada Lovelace', email, message });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

function tokenFor(claims: { userId?: string; email?: string }, audience: 'contact' | 'courses' = 'contact') {
  return signServiceToken(deps.config.JWT_SECRET, {
    issuer: 'auth',
    audience,
    claims: { userId: claims.userId ?? new Types.ObjectId().toHexString(), email: claims.email },
  });
}

const exportWith = (token?: string) => {
  const req = request(server).get('/internal/member-export');
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

describe('GET /internal/member-export', () => {
  it('when auth asks with a token for a member, then 200 with every message sent with their email, and no one else’s', async () => {
    const suffix = new Types.ObjectId().toHexString().slice(-8);
    const email = `ada-${suffix}@example.com`;
    const first = await sendMessage(email, 'How do I stop three-putting?');
    // The address as the visitor typed it, in other letters' case: still theirs.
    const second = await sendMessage(`Ada-${suffix}@Example.COM`, 'And the first-tee nerves?');
    await sendMessage(`grace-${suffix}@example.com`, 'Someone else entirely.');
    await sendMessage(`xada-${suffix}@example.com`, 'A longer address that contains theirs.');

    const res = await exportWith(tokenFor({ email }));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      messages: [
        {
          id: first,
          name: 'Ada Lovelace',
          email,
          message: 'How do I stop three-putting?',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
        {
          id: second,
          name: 'Ada Lovelace',
          email: `Ada-${suffix}@Example.COM`,
          message: 'And the first-tee nerves?',
          createdAt: expect.any(String),
        },
      ],
    });
  });

  it('when the member never wrote, then 200 with no messages', async () => {
    const res = await exportWith(tokenFor({ email: 'never-wrote@example.com' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ messages: [] });
  });

  it('when the email holds regular-expression characters, then it matches only itself', async () => {
    const suffix = new Types.ObjectId().toHexString().slice(-8);
    await sendMessage(`a.b-${suffix}@example.com`, 'Dots are letters here.');
    const res = await exportWith(tokenFor({ email: `a*b-${suffix}@example.com` }));
    expect(res.body).toEqual({ messages: [] });
    const dotted = await exportWith(tokenFor({ email: `a.b-${suffix}@example.com` }));
    expect(dotted.body.messages).toHaveLength(1);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a token that is not a JWT', 'not-a-token'],
    ['a token for another service', 'courses'],
    ['a token signed with another secret', 'forged'],
  ])('when the request carries %s, then 401 in the error envelope', async (_what, kind) => {
    let token: string | undefined = kind;
    if (kind === 'courses') token = tokenFor({ email: 'ada@example.com' }, 'courses');
    if (kind === 'forged') {
      token = signServiceToken('another-secret-0123456789abcdef', {
        issuer: 'auth',
        audience: 'contact',
        claims: { userId: 'u1', email: 'ada@example.com' },
      });
    }
    const res = await exportWith(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'A valid service token is required.', code: 'UNAUTHENTICATED' });
  });

  it('when the token names no email, then 400 with a message, and no messages', async () => {
    const res = await exportWith(tokenFor({}));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.stringContaining('email'), code: 'VALIDATION_ERROR' });
    expect(res.body.messages).toBeUndefined();
  });

  it('when a session cookie instead of a token is sent, then 401: the route is for services only', async () => {
    const res = await request(server).get('/internal/member-export').set('Cookie', 'fm.sid=anything');
    expect(res.status).toBe(401);
  });
});
