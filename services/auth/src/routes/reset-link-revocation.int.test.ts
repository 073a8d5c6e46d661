import { randomUUID } from 'node:crypto';
import { QUEUES } from '@fm/contracts';
import request from 'supertest';
import { hashResetToken, resetRequestJobId } from '../domain/password-reset.service';
import { type Harness, nextIp, signedUpMember, startAuth, TEST_SITE_ORIGIN } from '../../test/account-harness';

/*
 * A member who suspects their mailbox changes their password (or signs out everywhere): every
 * reset link asked for before that moment must stop working, whether its mail was already sent
 * or the request was still waiting for auth's worker.
 */

let h: Harness;
beforeAll(async () => {
  h = await startAuth();
  await h.service.background.passwordResets.start();
});
afterAll(() => h.close());

type Member = Awaited<ReturnType<typeof signedUpMember>>;

const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

const forgot = (email: string) =>
  request(h.server)
    .post('/api/auth/password/forgot')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Forwarded-For', nextIp())
    .send({ email });
const reset = (token: string, password: string) =>
  request(h.server).post('/api/auth/password/reset').set('Origin', TEST_SITE_ORIGIN).send({ token, password });
const login = (email: string, password: string) =>
  request(h.server).post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({ email, password });
const tokenOf = (resetUrl: unknown) => new URL(String(resetUrl)).searchParams.get('token')!;

/** The tokens of every reset link mailed to `email`, oldest first, once the worker has answered. */
async function mailedTokens(email: string): Promise<string[]> {
  await h.drained(QUEUES.passwordResetRequests);
  const mails = await h.jobs(QUEUES.notifications, 'password-reset-mail');
  return mails
    .filter((job) => job.data.email === email)
    .sort((a, b) => String(a.data.occurredAt).localeCompare(String(b.data.occurredAt)))
    .map((job) => tokenOf(job.data.resetUrl));
}

/** Asks for a link through the route and the worker; resolves with the link's token. */
async function mailedLink(member: Member): Promise<string> {
  const before = await mailedTokens(member.email);
  expect((await forgot(member.email)).status).toBe(202);
  const after = await mailedTokens(member.email);
  expect(after).toHaveLength(before.length + 1);
  return after[after.length - 1]!;
}

/**
 * A forgot-password request made at `requestedAt` that auth's worker answers only now (the
 * queue was slow, or auth was down): the job the route would have queued then.
 */
async function requestAnsweredNow(email: string, requestedAt: Date): Promise<void> {
  const requestId = randomUUID();
  await h.service.background.producers.passwordResetRequests.publish(
    'password-reset-request',
    { email, requestId, requestedAt: requestedAt.toISOString() },
    resetRequestJobId(requestId),
  );
  await h.drained(QUEUES.passwordResetRequests);
}

/** The answer an expired link gets, for comparison. */
async function expiredLinkAnswer(): Promise<{ status: number; body: unknown }> {
  const member = await signedUpMember(h);
  const token = await mailedLink(member);
  await h.deps.mongo
    .collection('password_resets')
    .updateOne({ _id: hashResetToken(token) as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  const res = await reset(token, 'expired-choice-1');
  return { status: res.status, body: res.body };
}

const changePassword = (member: Member, newPassword: string) =>
  member.browser
    .post('/api/auth/password/change')
    .set('Origin', TEST_SITE_ORIGIN)
    .send({ currentPassword: member.password, newPassword });
const logoutAll = (member: Member) => member.browser.post('/api/auth/logout-all').set('Origin', TEST_SITE_ORIGIN);
const deleteAccount = (member: Member) =>
  member.browser.delete('/api/auth/user').set('Origin', TEST_SITE_ORIGIN).send({ password: member.password });

let expired: { status: number; body: unknown };
beforeAll(async () => {
  expired = await expiredLinkAnswer();
  expect(expired).toMatchObject({ status: 400, body: { message: INVALID_LINK } });
});

describe('a reset link mailed before', () => {
  it('when the member changes their password, then the old link answers like an expired one and the new password stays', async () => {
    const member = await signedUpMember(h);
    const token = await mailedLink(member);
    expect((await changePassword(member, 'changed-birdie-1')).status).toBe(204);
    const res = await reset(token, 'attacker-choice-1');
    expect({ status: res.status, body: res.body }).toEqual(expired);
    expect((await login(member.email, 'changed-birdie-1')).status).toBe(200);
    expect((await login(member.email, 'attacker-choice-1')).status).toBe(401);
  });

  it('when the member signs out everywhere, then the old link answers like an expired one', async () => {
    const member = await signedUpMember(h);
    const token = await mailedLink(member);
    expect((await logoutAll(member)).status).toBe(204);
    const res = await reset(token, 'attacker-choice-1');
    expect({ status: res.status, body: res.body }).toEqual(expired);
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it('when the member resets with a newer link, then the older link answers like an expired one', async () => {
    const member = await signedUpMember(h);
    const older = await mailedLink(member);
    const newer = await mailedLink(member);
    expect((await reset(newer, 'reset-birdie-1')).status).toBe(204);
    const res = await reset(older, 'attacker-choice-1');
    expect({ status: res.status, body: res.body }).toEqual(expired);
    expect((await login(member.email, 'reset-birdie-1')).status).toBe(200);
  });

  it('when the member deletes the account, then the old link answers like an expired one', async () => {
    const member = await signedUpMember(h);
    const token = await mailedLink(member);
    expect((await deleteAccount(member)).status).toBe(204);
    const res = await reset(token, 'attacker-choice-1');
    expect({ status: res.status, body: res.body }).toEqual(expired);
    expect((await login(member.email, 'attacker-choice-1')).status).toBe(401);
  });
});

describe('a reset link asked for before, answered by the worker only after', () => {
  it.each([
    ['changes their password', (member: Member) => changePassword(member, 'changed-birdie-1')],
    ['signs out everywhere', logoutAll],
    ['resets with another link', async (member: Member) => reset(await mailedLink(member), 'changed-birdie-1')],
  ])('when the member %s, then no working link is mailed for the earlier request', async (_event, event) => {
    const member = await signedUpMember(h);
    const requestedAt = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await event(member)).status).toBe(204);
    const mailedBefore = await mailedTokens(member.email);
    await requestAnsweredNow(member.email, requestedAt);
    const late = (await mailedTokens(member.email)).filter((token) => !mailedBefore.includes(token));
    expect(late).toEqual([]);
    expect(await h.deps.mongo.collection('password_resets').countDocuments({ userId: member.id })).toBe(0);
  });

  it('when a link is asked for after the password change, then it works', async () => {
    const member = await signedUpMember(h);
    expect((await changePassword(member, 'changed-birdie-1')).status).toBe(204);
    const token = await mailedLink(member);
    expect((await reset(token, 'reset-birdie-2')).status).toBe(204);
    expect((await login(member.email, 'reset-birdie-2')).status).toBe(200);
  });

  it('when the stored link of an earlier request slipped in during the change, then the reset refuses it', async () => {
    // The worker stored the token just before the change revoked the links (a race): the
    // token's request time, not its presence, decides.
    const member = await signedUpMember(h);
    const token = await mailedLink(member);
    expect((await changePassword(member, 'changed-birdie-1')).status).toBe(204);
    const revokedAt = (await h.deps.mongo.collection('users').findOne({ _id: member.id as never }))!
      .resetLinksRevokedAt as Date;
    await h.deps.mongo.collection('password_resets').insertOne({
      _id: hashResetToken(token) as never,
      userId: member.id,
      expiresAt: new Date(Date.now() + 60 * 60_000),
      requestedAt: new Date(revokedAt.getTime() - 1),
      createdAt: new Date(),
    });
    const res = await reset(token, 'attacker-choice-1');
    expect({ status: res.status, body: res.body }).toEqual(expired);
    expect((await login(member.email, 'changed-birdie-1')).status).toBe(200);
  });
});
