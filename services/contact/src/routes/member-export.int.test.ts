import { signServiceToken } from '@fm/shared/auth';
import { closeBackground } from '@fm/shared/service';
import { createTestDeps, loggedInMember, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
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

/**
 * Sends the contact form as a visitor would (each from its own address, below the per-IP limit),
 * or as a logged-in member with their session cookie.
 */
async function sendMessage(email: string, message: string, cookie?: string) {
  const req = request(server)
    .post('/api/contact')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Forwarded-For', `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`);
  if (cookie) req.set('Cookie', cookie);
  const res = await req.send({ name: 'Ada Lovelace', email, message });
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

/** GET /internal/member-export as auth calls it: `emailVerified` is the member's (absent: not sent). */
const exportWith = (token?: string, emailVerified?: string) => {
  const req = request(server)
    .get('/internal/member-export')
    .query(emailVerified === undefined ? {} : { emailVerified });
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

describe('GET /internal/member-export', () => {
  it('when auth asks for a member whose address is verified, then 200 with every message sent with their email, and no one else’s', async () => {
    const suffix = new Types.ObjectId().toHexString().slice(-8);
    const email = `ada-${suffix}@example.com`;
    const first = await sendMessage(email, 'How do I stop three-putting?');
    // The address as the visitor typed it, in other letters' case: still theirs.
    const second = await sendMessage(`Ada-${suffix}@Example.COM`, 'And the first-tee nerves?');
    await sendMessage(`grace-${suffix}@example.com`, 'Someone else entirely.');
    await sendMessage(`xada-${suffix}@example.com`, 'A longer address that contains theirs.');

    const res = await exportWith(tokenFor({ email }), 'true');
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
    const res = await exportWith(tokenFor({ email: `a*b-${suffix}@example.com` }), 'true');
    expect(res.body).toEqual({ messages: [] });
    const dotted = await exportWith(tokenFor({ email: `a.b-${suffix}@example.com` }), 'true');
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

describe('GET /internal/member-export: whose messages are a member’s', () => {
  const unique = () => new Types.ObjectId().toHexString().slice(-8);
  const texts = (res: request.Response) => (res.body.messages as { message: string }[]).map((m) => m.message);

  it('when a visitor wrote as v@… and someone later signs up with that address, then the export leaves the visitor’s message out until the address is verified', async () => {
    const email = `v-${unique()}@example.test`;
    await sendMessage(email, 'My phone is 555-0100, call me.');
    // Someone signs up with the address (no proof they own it) and asks for their export.
    const { user } = await loggedInMember(deps, { email });
    const token = tokenFor({ userId: user.id, email });

    for (const unverified of [undefined, 'false']) {
      const res = await exportWith(token, unverified);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ messages: [] });
    }
    // Once they proved the address is theirs, the message is theirs too.
    expect(texts(await exportWith(token, 'true'))).toEqual(['My phone is 555-0100, call me.']);
  });

  it('when a member writes while logged in, then the message is in their export, verified or not, whatever address they typed', async () => {
    const { user, cookie } = await loggedInMember(deps, { email: `m-${unique()}@example.test` });
    await sendMessage(user.email, 'Signed in, my own address.', cookie);
    await sendMessage(`typed-${unique()}@example.test`, 'Signed in, another address typed.', cookie);
    const token = tokenFor({ userId: user.id, email: user.email });
    for (const verified of [undefined, 'false', 'true']) {
      expect(texts(await exportWith(token, verified))).toEqual([
        'Signed in, my own address.',
        'Signed in, another address typed.',
      ]);
    }
  });

  it('when another member wrote while logged in with this member’s address typed in, then it stays out of this member’s export', async () => {
    const email = `owner-${unique()}@example.test`;
    const { user } = await loggedInMember(deps, { email });
    const other = await loggedInMember(deps);
    await sendMessage(email, 'Written by someone else, logged in.', other.cookie);
    expect(await exportWith(tokenFor({ userId: user.id, email }), 'true').then(texts)).toEqual([]);
    expect(await exportWith(tokenFor({ userId: other.user.id, email: other.user.email })).then(texts)).toEqual([
      'Written by someone else, logged in.',
    ]);
  });

  it('when emailVerified is neither true nor false, then 400 and no messages', async () => {
    const res = await exportWith(tokenFor({ email: 'ada@example.com' }), 'yes');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { emailVerified: expect.any(String) } });
    expect(res.body.messages).toBeUndefined();
  });
});
