import { jobIdFor, type JobName, type JobPayload, type QUEUES } from '@fm/contracts';
import { eventually, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import { type Message } from '@fm/smtp-sink';
import { Types } from 'mongoose';
import { INBOX_COLLECTION } from '../domain/notification.service';
import { mailWorkerHarness } from '../../test/mail-worker-harness';

type Notifications = typeof QUEUES.notifications;
type AccountJob = Extract<
  JobName<Notifications>,
  'welcome-mail' | 'password-reset-mail' | 'password-changed-mail' | 'account-deleted-mail'
>;

const SUPPORT = 'help@birdiebrain.test';
const worker = mailWorkerHarness({
  MAIL_FROM: 'Birdie Brain <no-reply@birdiebrain.test>',
  PRODUCT_NAME: 'Birdie Brain',
  SUPPORT_EMAIL: SUPPORT,
});

const producer = () => worker.service.background.producer;
const mailsTo = (address: string) => worker.sink.messages().filter((m: Message) => m.to.includes(address));

async function completed(jobId: string): Promise<void> {
  await eventually(async () => (await (await producer().queue.getJob(jobId))?.getState()) === 'completed', 10_000);
}

/** A new member's fields, with an address no other test uses. */
function member() {
  const id = new Types.ObjectId().toHexString();
  return {
    userId: id,
    email: `grace-${id.slice(-8)}@example.com`,
    firstName: 'Grace',
    eventId: `evt-${id}`,
    occurredAt: new Date().toISOString(),
  };
}

const cases: {
  job: AccountJob;
  payload: () => JobPayload<Notifications, AccountJob>;
  subject: string;
  says: (payload: JobPayload<Notifications, AccountJob>) => string[];
}[] = [
  {
    job: 'welcome-mail',
    payload: member,
    subject: 'Welcome to Birdie Brain',
    says: () => ['Hi Grace,', `${TEST_SITE_ORIGIN}/member/home`],
  },
  {
    job: 'password-reset-mail',
    payload: () => {
      const m = member();
      return {
        ...m,
        resetUrl: `${TEST_SITE_ORIGIN}/reset-password?token=tok_${m.userId}`,
        expiresAt: new Date(Date.parse(m.occurredAt) + 60 * 60_000).toISOString(),
      };
    },
    subject: 'Reset your Birdie Brain password',
    says: (p) => ['resetUrl' in p ? p.resetUrl : 'no reset url', 'expires in 60 minutes', "If you didn't ask"],
  },
  {
    job: 'password-changed-mail',
    payload: member,
    subject: 'Your Birdie Brain password was changed',
    says: () => [`${TEST_SITE_ORIGIN}/forgot-password`, SUPPORT],
  },
  {
    job: 'account-deleted-mail',
    payload: member,
    subject: 'Your Birdie Brain account was deleted',
    says: () => ['What was deleted:', 'cancelled at once', SUPPORT],
  },
];

describe.each(cases)('$job', ({ job, payload, subject, says }) => {
  it('when the job arrives, then the member gets the mail once at their address', async () => {
    const event = payload();
    const jobId = jobIdFor('auth', event.eventId);
    await producer().publish(job, event, jobId);

    const mail = await worker.sink.waitFor((m) => m.to.includes(event.email), 10_000);
    expect(mail.to).toEqual([event.email]);
    expect(mail.subject).toBe(subject);
    expect(mail.from).toContain('no-reply@birdiebrain.test');
    for (const phrase of says(event)) expect(mail.text).toContain(phrase);
    expect(mail.html).toContain('Birdie Brain');
    await completed(jobId);
    expect(mailsTo(event.email)).toHaveLength(1);
  });

  it('when the same event is delivered again (same job id, then a new one), then no second mail', async () => {
    const event = payload();
    const first = jobIdFor('auth', event.eventId);
    await producer().publish(job, event, first);
    await worker.sink.waitFor((m) => m.to.includes(event.email), 10_000);
    await completed(first);

    await producer().publish(job, event, first);
    const replay = jobIdFor('replay', event.eventId);
    await producer().publish(job, event, replay);
    await completed(replay);
    expect(mailsTo(event.email)).toHaveLength(1);
    // contact's inbox: one entry per mail, named by its key and recipient.
    const records = worker.deps.mongo.db!.collection(INBOX_COLLECTION);
    const toAddress = { _id: { $regex: `^mail:.*:${event.email.toLowerCase().replace(/[.+]/g, '\\$&')}$` } as never };
    if (job === 'account-deleted-mail') {
      // The account is gone: the record of its deletion mail keeps a hash, never the address.
      expect(await records.countDocuments(toAddress)).toBe(0);
      expect(
        await records.find({ _id: { $regex: `^mail:account-deleted-${event.userId}:` } as never }).toArray(),
      ).toEqual([expect.objectContaining({ _id: expect.stringMatching(/:sha256:[0-9a-f]{64}$/) })]);
    } else {
      expect(await records.countDocuments(toAddress)).toBe(1);
    }
  });
});

describe('password-reset-mail, asked twice', () => {
  it('when a member asks for a reset twice (two events), then each request gets its own mail with its own link', async () => {
    const m = member();
    const reset = (n: number) => ({
      ...m,
      eventId: `${m.eventId}-${n}`,
      resetUrl: `${TEST_SITE_ORIGIN}/reset-password?token=tok${n}_${m.userId}`,
      expiresAt: new Date(Date.parse(m.occurredAt) + 60 * 60_000).toISOString(),
    });
    await producer().publish('password-reset-mail', reset(1), jobIdFor('auth', reset(1).eventId));
    await worker.sink.waitFor((msg) => msg.to.includes(m.email) && msg.text.includes('tok1_'), 10_000);
    await producer().publish('password-reset-mail', reset(2), jobIdFor('auth', reset(2).eventId));
    await worker.sink.waitFor((msg) => msg.to.includes(m.email) && msg.text.includes('tok2_'), 10_000);
    expect(mailsTo(m.email)).toHaveLength(2);
  });
});

describe('account mails while SMTP refuses mail', () => {
  it('when the first attempt is refused, then the retry delivers the reset mail exactly once', async () => {
    const m = member();
    const event = {
      ...m,
      resetUrl: `${TEST_SITE_ORIGIN}/reset-password?token=tok_${m.userId}`,
      expiresAt: new Date(Date.parse(m.occurredAt) + 60 * 60_000).toISOString(),
    };
    const jobId = jobIdFor('auth', event.eventId);
    worker.sink.setFailing(true);
    try {
      await producer().publish('password-reset-mail', event, jobId);
      await eventually(async () => ((await producer().queue.getJob(jobId))?.attemptsMade ?? 0) >= 1, 10_000);
      expect(mailsTo(event.email)).toHaveLength(0);
    } finally {
      worker.sink.setFailing(false);
    }
    await worker.sink.waitFor((msg) => msg.to.includes(event.email), 15_000);
    await completed(jobId);
    expect(mailsTo(event.email)).toHaveLength(1);
  });
});
