/**
 * `email-verification-mail` (auth → notifications → this worker → the member): the link that
 * proves a member owns their address, sent through a real SMTP server (the sink).
 */
import { jobIdFor } from '@fm/contracts';
import { eventually, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import { type Message } from '@fm/smtp-sink';
import { Types } from 'mongoose';
import { mailWorkerHarness } from '../../test/mail-worker-harness';

const worker = mailWorkerHarness({
  MAIL_FROM: 'Birdie Brain <no-reply@birdiebrain.test>',
  PRODUCT_NAME: 'Birdie Brain',
});

const producer = () => worker.service.background.producer;
const mailsTo = (address: string) => worker.sink.messages().filter((m: Message) => m.to.includes(address));

function verificationEvent(n = 1) {
  const id = new Types.ObjectId().toHexString();
  const occurredAt = new Date();
  return {
    userId: id,
    email: `vera-${id.slice(-8)}@example.com`,
    firstName: 'Vera',
    eventId: `evt-${id}-${n}`,
    occurredAt: occurredAt.toISOString(),
    verifyUrl: `${TEST_SITE_ORIGIN}/verify-email?token=tok${n}_${id}`,
    expiresAt: new Date(occurredAt.getTime() + 24 * 60 * 60_000).toISOString(),
  };
}

async function completed(jobId: string): Promise<void> {
  await eventually(async () => (await (await producer().queue.getJob(jobId))?.getState()) === 'completed', 10_000);
}

describe('email-verification-mail', () => {
  it('when the job arrives, then the member gets one mail at their address with the link, in text and HTML', async () => {
    const event = verificationEvent();
    const jobId = jobIdFor('email-verification-mail', event.eventId);
    await producer().publish('email-verification-mail', event, jobId);

    const mail = await worker.sink.waitFor((m) => m.to.includes(event.email), 10_000);
    expect(mail.to).toEqual([event.email]);
    expect(mail.subject).toBe('Verify your Birdie Brain email address');
    expect(mail.from).toContain('no-reply@birdiebrain.test');
    expect(mail.text).toContain('Hi Vera,');
    expect(mail.text).toContain(event.verifyUrl);
    expect(mail.text).toContain(event.email);
    expect(mail.text).toContain('works once');
    expect(mail.html).toContain(`href="${event.verifyUrl}"`);
    expect(mail.html).toContain('Verify my email');
    await completed(jobId);

    // The same event again (a redelivery): no second mail.
    await producer().publish('email-verification-mail', event, jobIdFor('replay', event.eventId));
    await completed(jobIdFor('replay', event.eventId));
    expect(mailsTo(event.email)).toHaveLength(1);
  });

  it('when the member asks for a new link (a new event), then a second mail carries the new link', async () => {
    const first = verificationEvent(1);
    const second = {
      ...first,
      eventId: `${first.eventId}-again`,
      verifyUrl: first.verifyUrl.replace('tok1_', 'tok2_'),
    };
    await producer().publish('email-verification-mail', first, jobIdFor('auth', first.eventId));
    await worker.sink.waitFor((m) => m.to.includes(first.email) && m.text.includes('tok1_'), 10_000);
    await producer().publish('email-verification-mail', second, jobIdFor('auth', second.eventId));
    await worker.sink.waitFor((m) => m.to.includes(first.email) && m.text.includes('tok2_'), 10_000);
    expect(mailsTo(first.email)).toHaveLength(2);
  });
});
