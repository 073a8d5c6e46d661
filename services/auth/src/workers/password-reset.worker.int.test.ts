import { randomUUID } from 'node:crypto';
import { QUEUES, type PasswordResetRequest } from '@fm/contracts';
import { bullPrefix } from '@fm/shared/queues';
import { QueueEvents } from 'bullmq';
import request from 'supertest';
import { hashResetToken, resetMailJobId, resetRequestJobId } from '../domain/password-reset.service';
import {
  type Harness,
  nextIp,
  signedUpMember,
  startAuth,
  TEST_SITE_ORIGIN,
  uniqueEmail,
} from '../../test/account-harness';

let h: Harness;
let queueEvents: QueueEvents;

beforeAll(async () => {
  h = await startAuth();
  queueEvents = new QueueEvents(QUEUES.passwordResetRequests, {
    connection: { url: h.deps.config.REDIS_URL },
    prefix: bullPrefix(h.deps.config.REDIS_PREFIX),
  });
  await queueEvents.waitUntilReady();
  await h.service.background.passwordResets.start();
});
afterAll(async () => {
  await queueEvents.close();
  await h.close();
});

const resetRequest = (email: string, requestedAt = new Date()): PasswordResetRequest => ({
  email,
  requestId: randomUUID(),
  requestedAt: requestedAt.toISOString(),
});

/**
 * Queues a request as the route does (or, with another job id, runs one again as a BullMQ
 * redelivery would) and resolves once the worker has answered it.
 */
async function answered(event: PasswordResetRequest, jobId = resetRequestJobId(event.requestId)): Promise<void> {
  const job = await h.service.background.producers.passwordResetRequests.publish(
    'password-reset-request',
    event,
    jobId,
  );
  await job.waitUntilFinished(queueEvents, 10_000);
}

async function mailsTo(email: string) {
  return (await h.jobs(QUEUES.notifications, 'password-reset-mail')).filter((job) => job.data.email === email);
}
const tokenOf = (resetUrl: unknown) => new URL(String(resetUrl)).searchParams.get('token')!;
const resetWith = (token: string, password: string) =>
  request(h.server).post('/api/auth/password/reset').set('Origin', TEST_SITE_ORIGIN).send({ token, password });
const login = (email: string, password: string) =>
  request(h.server).post('/api/auth/login').set('X-Forwarded-For', nextIp()).send({ email, password });
const storedResets = (userId: string) => h.deps.mongo.collection('password_resets').find({ userId }).toArray();

describe('password-reset requests', () => {
  it('when the email has an account, then one mail carries a link that resets the password, expiring from the request time', async () => {
    const member = await signedUpMember(h);
    const requestedAt = new Date(Date.now() - 5 * 60_000);
    const event = resetRequest(member.email, requestedAt);
    await answered(event);
    const mails = await mailsTo(member.email);
    expect(mails).toEqual([
      {
        id: resetMailJobId(event.requestId),
        name: 'password-reset-mail',
        data: {
          userId: member.id,
          email: member.email,
          firstName: 'Ada',
          eventId: event.requestId,
          occurredAt: requestedAt.toISOString(),
          resetUrl: expect.stringMatching(new RegExp(`^${TEST_SITE_ORIGIN}/reset-password\\?token=[A-Za-z0-9_-]{43}$`)),
          expiresAt: new Date(requestedAt.getTime() + 60 * 60_000).toISOString(),
        },
      },
    ]);
    const token = tokenOf(mails[0]!.data.resetUrl);
    expect((await storedResets(member.id)).map((stored) => stored._id)).toEqual([hashResetToken(token)]);
    expect((await resetWith(token, 'new-birdie-456')).status).toBe(204);
    expect((await login(member.email, 'new-birdie-456')).status).toBe(200);
  });

  it('when the email has no account, then the job completes and nothing is mailed or stored', async () => {
    const stranger = uniqueEmail('nobody');
    const event = resetRequest(stranger);
    await answered(event);
    expect(await mailsTo(stranger)).toEqual([]);
    expect(await h.jobs(QUEUES.notifications)).not.toContainEqual(
      expect.objectContaining({ id: resetMailJobId(event.requestId) }),
    );
  });

  it('when a request is delivered again, then no second, different link goes out and the first still works', async () => {
    const member = await signedUpMember(h);
    const event = resetRequest(member.email);
    await answered(event);
    await answered(event, `${resetRequestJobId(event.requestId)}-again`);
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    const token = tokenOf(mails[0]!.data.resetUrl);
    expect((await storedResets(member.id)).map((stored) => stored._id)).toEqual([hashResetToken(token)]);
    expect((await resetWith(token, 'new-birdie-456')).status).toBe(204);
  });

  it('when a run stopped after storing the token but before queueing the mail, then the rerun mails that same link', async () => {
    const member = await signedUpMember(h);
    const event = resetRequest(member.email);
    await answered(event);
    const [first] = await mailsTo(member.email);
    // As if the first run had died between its two writes: the token stored, no mail queued.
    await h.service.background.producers.notifications.queue.remove(resetMailJobId(event.requestId));
    expect(await mailsTo(member.email)).toEqual([]);
    await answered(event, `${resetRequestJobId(event.requestId)}-rerun`);
    const mails = await mailsTo(member.email);
    expect(mails.map((mail) => mail.data.resetUrl)).toEqual([first!.data.resetUrl]);
    expect((await resetWith(tokenOf(first!.data.resetUrl), 'new-birdie-456')).status).toBe(204);
  });

  it('when a request is delivered again after its link was used, then the link stays used', async () => {
    const member = await signedUpMember(h);
    const event = resetRequest(member.email);
    await answered(event);
    const token = tokenOf((await mailsTo(member.email))[0]!.data.resetUrl);
    expect((await resetWith(token, 'new-birdie-456')).status).toBe(204);
    await answered(event, `${resetRequestJobId(event.requestId)}-late`);
    expect(await storedResets(member.id)).toEqual([]);
    expect((await resetWith(token, 'third-birdie-789')).status).toBe(400);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it('when an older request is answered after a newer one, then the newer link stays the one that works', async () => {
    const member = await signedUpMember(h);
    const older = resetRequest(member.email, new Date(Date.now() - 60_000));
    const newer = resetRequest(member.email);
    await answered(newer);
    await answered(older);
    const mails = await mailsTo(member.email);
    expect(mails.map((mail) => mail.id)).toEqual([resetMailJobId(newer.requestId)]);
    expect((await resetWith(tokenOf(mails[0]!.data.resetUrl), 'new-birdie-456')).status).toBe(204);
  });

  it('when a request is answered after its link would have expired, then no dead link is mailed', async () => {
    const member = await signedUpMember(h);
    await answered(resetRequest(member.email, new Date(Date.now() - 61 * 60_000)));
    expect(await mailsTo(member.email)).toEqual([]);
    expect(await storedResets(member.id)).toEqual([]);
  });
});
