/**
 * GET /internal/reminder-recipient: what practice's reminder reads of a member, over auth's
 * internal route with a service token (practice never reads the `users` collection).
 */
import { reminderRecipientSchema, signServiceToken } from '@fm/shared';
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
