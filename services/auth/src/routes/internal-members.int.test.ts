/**
 * GET /internal/reminder-recipient: what practice's reminder reads of a member, over auth's
 * internal route with a service token (practice never reads the `users` collection).
 */
import {
  MAX_INTERNAL_MEMBERS,
  memberProfilesAnswerSchema,
  reminderRecipientSchema,
  signUpsPageSchema,
} from '@fm/contracts';
import { signServiceToken } from '@fm/shared/auth';
import request from 'supertest';
import { type Harness, signedUpMember, startAuth, TEST_SITE_ORIGIN } from '../../test/account-harness';

let h: Harness;

beforeAll(async () => {
  h = await startAuth();
});

afterAll(async () => {
  await h.close();
});

const tokenFor = (userId: string, audience: 'auth' | 'practice' = 'auth') =>
  signServiceToken(h.deps.config.JWT_SECRET, { issuer: 'practice', audience, claims: { userId } });

const ask = (token?: string) => {
  const req = request(h.server).get('/internal/reminder-recipient');
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

it('when practice asks about a member, then their address, first name, level and whether the address is verified', async () => {
  const member = await signedUpMember(h, { firstName: 'Grace' });
  const before = await ask(tokenFor(member.id));
  expect(before.status).toBe(200);
  expect(before.headers['cache-control']).toBe('no-store');
  expect(reminderRecipientSchema.parse(before.body)).toEqual({
    memberId: member.id,
    deleted: false,
    email: member.email,
    firstName: 'Grace',
    membershipLevel: 'free',
    emailVerified: false,
  });

  await h.deps.mongo
    .collection('users')
    .updateOne({ _id: member.id as never }, { $set: { emailVerified: true, membershipLevel: 'premium' } });
  const after = await ask(tokenFor(member.id));
  expect(after.body).toMatchObject({ emailVerified: true, membershipLevel: 'premium', deleted: false });
});

it('when the member deleted their account, then deleted: true and nothing of them', async () => {
  const member = await signedUpMember(h);
  const removed = await member.browser
    .delete('/api/auth/user')
    .set('Origin', TEST_SITE_ORIGIN)
    .send({ password: member.password });
  expect(removed.status).toBeLessThan(300);
  const res = await ask(tokenFor(member.id));
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    memberId: member.id,
    deleted: true,
    email: null,
    firstName: null,
    membershipLevel: null,
    emailVerified: false,
  });
});

it('when the call has no service token, a token for another service, or a member cookie only, then 401', async () => {
  const member = await signedUpMember(h);
  expect((await ask()).status).toBe(401);
  expect((await ask(tokenFor(member.id, 'practice'))).status).toBe(401);
  expect((await ask('not-a-token')).status).toBe(401);
  expect((await member.browser.get('/internal/reminder-recipient')).status).toBe(401);
});

describe('the founder cohorts’ calls (billing)', () => {
  const billingToken = () =>
    signServiceToken(h.deps.config.JWT_SECRET, { issuer: 'billing', audience: 'auth', claims: { userId: 'metrics' } });
  const signUps = (query: string, token: string | null = billingToken()) => {
    const req = request(h.server).get(`/internal/members/sign-ups?${query}`);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const profiles = (body: unknown, token: string | null = billingToken()) => {
    const req = request(h.server).post('/internal/members/profiles');
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body as object);
  };
  const signedUpAt = (id: string, at: string) =>
    h.deps.mongo.collection('users').updateOne({ _id: id as never }, { $set: { createdAt: new Date(at) } });

  it('when billing asks for the sign-ups since a time, then each member signed up since, with the time, in pages', async () => {
    const [old, early, late] = [await signedUpMember(h), await signedUpMember(h), await signedUpMember(h)];
    await signedUpAt(old.id, '2031-01-04T23:59:59.999Z');
    await signedUpAt(early.id, '2031-01-05T00:00:00.000Z');
    await signedUpAt(late.id, '2031-02-10T12:30:00.000Z');
    const res = await signUps('since=2031-01-05T00:00:00Z');
    expect(res.status).toBe(200);
    const page = signUpsPageSchema.parse(res.body);
    expect(page).toEqual({
      members: [
        { memberId: early.id, signedUpAt: '2031-01-05T00:00:00.000Z' },
        { memberId: late.id, signedUpAt: '2031-02-10T12:30:00.000Z' },
      ].sort((a, b) => (a.memberId < b.memberId ? -1 : 1)),
      next: null,
    });
    const [first, second] = page.members;
    const after = await signUps(`since=2031-01-05T00:00:00Z&after=${first!.memberId}`);
    expect(after.body.members).toEqual([second]);
  });

  it('when billing asks for members’ profiles, then the address and names of those with an account', async () => {
    const member = await signedUpMember(h, { firstName: 'Annika', lastName: 'Sörenstam' });
    const res = await profiles({ memberIds: [member.id, 'no-such-member'] });
    expect(res.status).toBe(200);
    expect(memberProfilesAnswerSchema.parse(res.body)).toEqual({
      members: [{ memberId: member.id, email: member.email, firstName: 'Annika', lastName: 'Sörenstam' }],
    });
  });

  it('when the call has no service token or asks badly, then 401 or 400 naming the problem', async () => {
    expect((await signUps('since=2031-01-05T00:00:00Z', null)).status).toBe(401);
    expect((await profiles({ memberIds: ['a'] }, null)).status).toBe(401);
    const badSince = await signUps('since=yesterday');
    expect(badSince.status).toBe(400);
    expect(Object.keys(badSince.body.errors)).toEqual(['since']);
    const many = Array.from({ length: MAX_INTERNAL_MEMBERS + 1 }, (_, i) => `m${i}`);
    const tooMany = await profiles({ memberIds: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.memberIds).toBe(`at most ${MAX_INTERNAL_MEMBERS} members in one request`);
  });
});
