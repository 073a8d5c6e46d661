/**
 * The trial-ending mail (issue 47 §2): billing's `trial-ending-mail` job → contact's real mail
 * worker → an SMTP sink: the first charge's amount and date and the one-click cancel link, once
 * per trial however often the job comes.
 */
import { jobIdFor, type TrialEndingMail } from '@fm/contracts';
import { closeBackground } from '@fm/shared/service';
import { createTestDeps, eventually, type TestDeps } from '@fm/shared/testing';
import { type SmtpSink, startSmtpSink } from '@fm/smtp-sink';
import { Types } from 'mongoose';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';

let sink: SmtpSink;
let deps: TestDeps<Config>;
let service: ReturnType<typeof compose>;

beforeAll(async () => {
  sink = await startSmtpSink({ smtpPort: 0, httpPort: false });
  deps = await createTestDeps(configSchema, {
    SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
    MAIL_FROM: 'Fairway Mind <no-reply@fairwaymind.test>',
  });
  service = compose(deps);
  await service.background.notifications.start();
});

afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
  await sink.close();
});

it('when billing says a trial ends in 3 days (twice), then the member gets one mail with the amount, the date and the cancel link', async () => {
  const id = new Types.ObjectId().toHexString();
  const cancelUrl = `https://fairwaymind.test/trial/cancel?token=tok_${id}`;
  const event: TrialEndingMail = {
    userId: `user-${id}`,
    email: `ada-${id.slice(-6)}@example.com`,
    memberName: 'Ada',
    subscriptionId: `sub_${id}`,
    amountCents: 1999,
    currency: 'usd',
    interval: 'month',
    chargeAt: '2027-03-05T12:00:00.000Z',
    cancelUrl,
    eventId: `evt_${id}`,
    occurredAt: new Date().toISOString(),
  };
  await service.background.producer.publish('trial-ending-mail', event, jobIdFor('trial-ending', event.subscriptionId));
  // Stripe's event again under another id (a new job): the mail is still sent once per trial.
  const again = { ...event, eventId: `evt_again_${id}` };
  const second = await service.background.producer.publish(
    'trial-ending-mail',
    again,
    jobIdFor('stripe', again.eventId),
  );

  const mail = await sink.waitFor((m) => m.to.includes(event.email), 10_000);
  expect(mail.subject).toBe('Your Fairway Mind trial ends on Friday, March 5, 2027: $19.99/month from then');
  expect(mail.text).toContain('Hi Ada,');
  expect(mail.text).toContain('your card will then be charged $19.99/month');
  expect(mail.text).toContain(cancelUrl);
  expect(mail.html).toContain(`href="${cancelUrl.replace(/&/g, '&amp;')}"`);
  expect(mail.html).toContain('Cancel my trial');

  await eventually(async () => (await second.getState()) === 'completed', 10_000);
  expect(sink.messages().filter((m) => m.to.includes(event.email))).toHaveLength(1);
});
