/**
 * Contact's consumer of auth's `account-deleted` (QUEUES.accountEventsContact), through the real
 * pieces: the contact form and the export route, the mail worker recording mails to the member
 * (an SMTP sink started here), and the account-events worker as runService starts it.
 */
import { type AccountDeleted, jobIdFor, QUEUES } from '@fm/contracts';
import { QueueProducer } from '@fm/shared/queues';
import { closeBackground } from '@fm/shared/service';
import {
  createTestDeps,
  eventually,
  loggedInAdmin,
  loggedInMember,
  TEST_SITE_ORIGIN,
  type TestDeps,
} from '@fm/shared/testing';
import { type SmtpSink, startSmtpSink } from '@fm/smtp-sink';
import { signServiceToken } from '@fm/shared/auth';
import { Types } from 'mongoose';
import request from 'supertest';
import { compose } from '../compose';
import { INBOX_COLLECTION } from '../domain/notification.service';
import { configSchema, type Config } from '../config';

let sink: SmtpSink;
let deps: TestDeps<Config>;
let service: ReturnType<typeof compose>;
let server: ReturnType<typeof service.app.callback>;
let auth: QueueProducer<typeof QUEUES.accountEventsContact>;

beforeAll(async () => {
  sink = await startSmtpSink({ smtpPort: 0, httpPort: false });
  deps = await createTestDeps(configSchema, {
    SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
    CONTACT_RATE_LIMIT: '1000',
  });
  service = compose(deps);
  server = service.app.callback();
  await service.background.notifications.start();
  await service.background.accountEvents.start();
  auth = new QueueProducer(QUEUES.accountEventsContact, {
    redisUrl: deps.config.REDIS_URL,
    redisPrefix: deps.config.REDIS_PREFIX,
  });
});

afterAll(async () => {
  await auth.close();
  await closeBackground(service.background);
  await deps.close();
  await sink.close();
});

const unique = () => new Types.ObjectId().toHexString().slice(-8);
const submissions = () => deps.mongo.db!.collection('contact_submissions');
/** The records of mails sent to `address` (contact's inbox entries of its mails). */
const mailRecordsTo = (address: string) =>
  deps.mongo
    .db!.collection(INBOX_COLLECTION)
    .countDocuments({ _id: { $regex: `^mail:.*:${address.replace(/[.+]/g, '\\$&')}$` } as never });

async function send(email: string, message: string, cookie?: string): Promise<string> {
  const req = request(server).post('/api/contact').set('Origin', TEST_SITE_ORIGIN);
  if (cookie) req.set('Cookie', cookie);
  const res = await req.send({ name: 'Val Visitor', email, message });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** Publishes auth's event as auth does (job id from the event id unless given) and waits until it is done. */
async function deleted(event: AccountDeleted, jobId = event.eventId): Promise<void> {
  await auth.publish('account-deleted', event, jobId);
  await eventually(async () => (await (await auth.queue.getJob(jobId))?.getState()) === 'completed');
}

function deletionOf(user: { id: string; email: string }, emailVerified: boolean): AccountDeleted {
  return {
    userId: user.id,
    eventId: jobIdFor('account-deleted', user.id),
    occurredAt: new Date().toISOString(),
    email: user.email,
    emailVerified,
  };
}

const exportOf = async (user: { id: string; email: string }, emailVerified: boolean) => {
  const token = signServiceToken(deps.config.JWT_SECRET, {
    issuer: 'auth',
    audience: 'contact',
    claims: { userId: user.id, email: user.email },
  });
  const res = await request(server)
    .get('/internal/member-export')
    .query({ emailVerified: String(emailVerified) })
    .set('Authorization', `Bearer ${token}`);
  expect(res.status).toBe(200);
  return (res.body.messages as { message: string }[]).map((m) => m.message);
};

const stillStored = async (ids: string[]) =>
  (
    await submissions()
      .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } })
      .sort({ _id: 1 })
      .toArray()
  ).map((doc) => String(doc._id));

describe('account-deleted on account-events-contact', () => {
  it('when a verified member deletes their account, then their messages (signed in, and as a visitor from their address) and the records of mails to them go; nobody else’s', async () => {
    const email = `Ada-${unique()}@Example.test`;
    const asVisitor = await send(email.toUpperCase(), 'Before I signed up: my phone is 555-0100.');
    const member = await loggedInMember(deps, { email: email.toLowerCase() });
    const signedIn = await send('typed-anything@example.test', 'Signed in, my swing question.', member.cookie);
    const other = await loggedInMember(deps);
    const othersWithHerAddress = await send(email, 'Another member, her address typed.', other.cookie);
    const someoneElse = await send(`someone-${unique()}@example.test`, 'Not hers.');
    // A mail to her (recorded by the mail worker) and the founder's mails about her messages.
    await service.background.producer.publish(
      'welcome-mail',
      {
        userId: member.user.id,
        email: member.user.email,
        firstName: 'Ada',
        eventId: `w-${unique()}`,
        occurredAt: new Date().toISOString(),
      },
      `welcome-${member.user.id}`,
    );
    await eventually(async () => (await mailRecordsTo(member.user.email)) === 1);
    expect(await exportOf(member.user, true)).toHaveLength(2);

    await deleted(deletionOf(member.user, true));

    expect(await stillStored([asVisitor, signedIn, othersWithHerAddress, someoneElse])).toEqual([
      othersWithHerAddress,
      someoneElse,
    ]);
    expect(await mailRecordsTo(member.user.email)).toBe(0);
    expect(await exportOf(member.user, true)).toEqual([]);
    // The founder's inbox no longer shows them either.
    const founder = await loggedInAdmin(deps);
    const inbox = await request(server).get('/api/admin/contact-messages?pageSize=100').set('Cookie', founder.cookie);
    expect(inbox.status).toBe(200);
    const ids = (inbox.body.items as { id: string }[]).map((item) => item.id);
    expect(ids).not.toContain(asVisitor);
    expect(ids).not.toContain(signedIn);
    expect(ids).toContain(someoneElse);
  });

  it('when the address was never verified, then only the messages sent signed in go; a visitor’s from that address stay', async () => {
    const email = `v-${unique()}@example.test`;
    const visitors = await send(email, 'A visitor, maybe not the member.');
    const member = await loggedInMember(deps, { email });
    const signedIn = await send(email, 'Signed in.', member.cookie);

    await deleted(deletionOf(member.user, false));

    expect(await stillStored([visitors, signedIn])).toEqual([visitors]);
  });

  it('when the event is delivered again (same job id, then a new one) after a visitor wrote from that address, then nothing more is erased', async () => {
    const member = await loggedInMember(deps, { email: `r-${unique()}@example.test` });
    await send(member.user.email, 'Mine, signed in.', member.cookie);
    const event = deletionOf(member.user, true);
    await deleted(event);
    expect(await submissions().countDocuments({ email: member.user.email })).toBe(0);

    // Later someone writes from the address (the account is gone); the event comes again.
    const later = await send(member.user.email, 'A new visitor, after the deletion.');
    await auth.publish('account-deleted', event, event.eventId);
    await deleted(event, jobIdFor('replay', event.eventId));
    expect(await stillStored([later])).toEqual([later]);
    expect(
      await deps.mongo.db!.collection(INBOX_COLLECTION).countDocuments({ _id: event.eventId as never, state: 'done' }),
    ).toBe(1);
  });

  it('when an event from before the address was carried arrives (no email), then the messages sent signed in still go', async () => {
    const member = await loggedInMember(deps);
    const signedIn = await send(member.user.email, 'Signed in.', member.cookie);
    const { email: _email, emailVerified: _verified, ...old } = deletionOf(member.user, true);
    await deleted(old);
    expect(await stillStored([signedIn])).toEqual([]);
  });
});
