import { type CoachingBooked, jobIdFor } from '@fm/contracts';
import { eventually, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import { type Message } from '@fm/smtp-sink';
import { Types } from 'mongoose';
import request from 'supertest';
import { INBOX_COLLECTION, mailEntryId } from '../domain/notification.service';
import { mailWorkerHarness } from '../../test/mail-worker-harness';

const FOUNDER = 'founder@fairwaymind.test';
const worker = mailWorkerHarness({
  FOUNDER_EMAIL: FOUNDER,
  MAIL_FROM: 'Fairway Mind <no-reply@fairwaymind.test>',
  CONTACT_SWEEP_INTERVAL_MS: '1000',
  CONTACT_SWEEP_GRACE_MS: '0',
});
let server: ReturnType<typeof worker.service.app.callback>;

beforeAll(() => {
  // The mail worker runs throughout; the sweep only in the tests about it.
  server = worker.service.app.callback();
});

afterEach(() => worker.sink.setFailing(false));

const producer = () => worker.service.background.producer;
const mails = (predicate: (m: Message) => boolean) => worker.sink.messages().filter(predicate);
const sentTo = (address: string, marker: string) => (m: Message) => m.to.includes(address) && m.text.includes(marker);

async function jobState(jobId: string) {
  return (await producer().queue.getJob(jobId))?.getState();
}

function booking(overrides: Partial<CoachingBooked> = {}): CoachingBooked {
  const id = new Types.ObjectId().toHexString();
  return {
    bookingId: `bk_${id}`,
    userId: `user-${id}`,
    memberEmail: `grace-${id.slice(-6)}@example.com`,
    memberName: 'Grace Hopper',
    amountCents: 10000,
    currency: 'usd',
    paymentIntentId: `pi_${id}`,
    eventId: `evt_${id}`,
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

async function submitContact(message: string, ip: string) {
  const res = await request(server)
    .post('/api/contact')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Forwarded-For', ip)
    .send({ name: 'Ada Lovelace', email: 'ada@example.com', message });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('contact-submitted', () => {
  it('when a visitor sends the contact form, then the founder gets the message, replying to the visitor', async () => {
    const marker = `I freeze on the first tee ${Date.now()}`;
    const id = await submitContact(`${marker}.\nAny advice?`, '10.9.0.1');

    const mail = await worker.sink.waitFor(sentTo(FOUNDER, marker), 10_000);
    expect(mail.to).toEqual([FOUNDER]);
    expect(mail.subject).toBe('New contact message from Ada Lovelace (Visitor, address not proven)');
    expect(mail.from).toContain('no-reply@fairwaymind.test');
    expect(mail.headers['reply-to']).toContain('ada@example.com');
    expect(mail.text).toContain(`${marker}.\nAny advice?`);
    expect(mail.html).toContain('Ada Lovelace');

    const stored = await eventually(() =>
      worker.deps.mongo
        .db!.collection('contact_submissions')
        .findOne({ _id: new Types.ObjectId(id), notifiedAt: { $ne: null } }),
    );
    expect(stored?.notifiedAt).toBeInstanceOf(Date);
    expect(
      await worker.deps.mongo
        .db!.collection(INBOX_COLLECTION)
        .countDocuments({ _id: mailEntryId(`contact-${id}`, FOUNDER) as never, state: 'done' }),
    ).toBe(1);
  });

  it('when SMTP refuses mail for a while, then the job is retried and the mail arrives exactly once', async () => {
    worker.sink.setFailing(true);
    const marker = `retry me ${Date.now()}`;
    const id = await submitContact(marker, '10.9.0.2');
    const jobId = jobIdFor('contact', id);

    await eventually(async () => ((await producer().queue.getJob(jobId))?.attemptsMade ?? 0) >= 1, 10_000);
    expect(mails(sentTo(FOUNDER, marker))).toHaveLength(0);
    worker.sink.setFailing(false);

    await worker.sink.waitFor(sentTo(FOUNDER, marker), 15_000);
    await eventually(async () => (await jobState(jobId)) === 'completed', 10_000);
    expect(mails(sentTo(FOUNDER, marker))).toHaveLength(1);
  });

  it('when a job failed for good, then the sweep retries it and the mail still goes out', async () => {
    worker.sink.setFailing(true);
    const marker = `never dropped ${Date.now()}`;
    const doc = await worker.deps.mongo.db!.collection('contact_submissions').insertOne({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: marker,
      notifiedAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const id = doc.insertedId.toHexString();
    const jobId = jobIdFor('contact', id);
    await producer().queue.add(
      'contact-submitted',
      {
        submissionId: id,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: marker,
        createdAt: new Date().toISOString(),
      },
      { jobId, attempts: 1 },
    );
    await eventually(async () => (await jobState(jobId)) === 'failed', 10_000);
    worker.sink.setFailing(false);

    await worker.service.background.sweep.start();
    try {
      await worker.sink.waitFor(sentTo(FOUNDER, marker), 15_000);
    } finally {
      await worker.service.background.sweep.close();
    }
    expect(mails(sentTo(FOUNDER, marker))).toHaveLength(1);
  });

  it('when a stored message was never queued, then the scheduled sweep queues it and the founder is mailed', async () => {
    const marker = `stored while Redis was down ${Date.now()}`;
    const doc = await worker.deps.mongo.db!.collection('contact_submissions').insertOne({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: marker,
      notifiedAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await worker.service.background.sweep.start();
    try {
      await worker.sink.waitFor(sentTo(FOUNDER, marker), 15_000);
      await eventually(() =>
        worker.deps.mongo
          .db!.collection('contact_submissions')
          .findOne({ _id: doc.insertedId, notifiedAt: { $ne: null } }),
      );
    } finally {
      await worker.service.background.sweep.close();
    }
  });
});

describe('coaching-booked', () => {
  it('when a member books coaching, then the founder is told and the member gets a confirmation', async () => {
    const event = booking();
    await producer().publish('coaching-booked', event, jobIdFor('stripe', event.eventId));

    const founderMail = await worker.sink.waitFor(sentTo(FOUNDER, event.bookingId), 10_000);
    expect(founderMail.subject).toBe('Coaching session booked: Grace Hopper');
    expect(founderMail.text).toContain(event.memberEmail);
    expect(founderMail.text).toContain('$100.00');
    expect(founderMail.headers['reply-to']).toContain(event.memberEmail);

    const memberMail = await worker.sink.waitFor(sentTo(event.memberEmail, event.bookingId), 10_000);
    expect(memberMail.to).toEqual([event.memberEmail]);
    expect(memberMail.subject).toBe('Your Fairway Mind coaching session is booked');
    expect(memberMail.text).toContain('Hi Grace,');
    expect(memberMail.text).toContain('45 minutes');
    expect(memberMail.text).toContain('$100.00');
    expect(memberMail.text).toContain('Within 24 hours');
    expect(memberMail.html).toContain('<li>');
    expect(memberMail.headers['reply-to']).toContain(FOUNDER);
  });

  it('when the same booking arrives twice (two event ids, and a replayed job id), then one mail each', async () => {
    const event = booking();
    const first = jobIdFor('stripe', event.eventId);
    const second = jobIdFor('billing-sync', event.paymentIntentId);
    await Promise.all([
      producer().publish('coaching-booked', event, first),
      producer().publish('coaching-booked', { ...event, eventId: `${event.eventId}_sync` }, second),
      producer().publish('coaching-booked', event, first),
    ]);
    expect(
      await producer().queue.getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed'),
    ).toBeGreaterThanOrEqual(2);

    await eventually(
      async () => (await jobState(first)) === 'completed' && (await jobState(second)) === 'completed',
      15_000,
    );
    expect(mails(sentTo(FOUNDER, event.bookingId))).toHaveLength(1);
    expect(mails(sentTo(event.memberEmail, event.bookingId))).toHaveLength(1);

    // And once more, long after: the inbox's record of the mail still stops a second mail.
    const late = jobIdFor('replay', event.eventId);
    await producer().publish('coaching-booked', event, late);
    await eventually(async () => (await jobState(late)) === 'completed', 10_000);
    expect(mails(sentTo(FOUNDER, event.bookingId))).toHaveLength(1);
    expect(mails(sentTo(event.memberEmail, event.bookingId))).toHaveLength(1);
  });

  it('when the member mail fails after the founder mail went out, then the retry sends only the member mail', async () => {
    const event = booking();
    const jobId = jobIdFor('stripe', event.eventId);
    // Refuse mail as soon as the founder's has been accepted.
    const founderSent = worker.sink
      .waitFor(sentTo(FOUNDER, event.bookingId), 10_000)
      .then(() => worker.sink.setFailing(true));
    await producer().publish('coaching-booked', event, jobId);
    await founderSent;
    await eventually(async () => ((await producer().queue.getJob(jobId))?.attemptsMade ?? 0) >= 1, 10_000);
    worker.sink.setFailing(false);

    await worker.sink.waitFor(sentTo(event.memberEmail, event.bookingId), 15_000);
    await eventually(async () => (await jobState(jobId)) === 'completed', 10_000);
    expect(mails(sentTo(FOUNDER, event.bookingId))).toHaveLength(1);
    expect(mails(sentTo(event.memberEmail, event.bookingId))).toHaveLength(1);
  });
});

describe('the notifications queue', () => {
  it('when a job carries an invalid payload, then it fails for good without sending', async () => {
    const before = worker.sink.messages().length;
    const jobId = `bad-${Date.now()}`;
    await producer().queue.add('coaching-booked', { bookingId: 'x' }, { jobId });
    await eventually(async () => (await jobState(jobId)) === 'failed', 10_000);
    const job = await producer().queue.getJob(jobId);
    expect(job?.attemptsMade).toBe(1);
    expect(worker.sink.messages().length).toBe(before);
  });
});
