/**
 * The trial-ending mail (issue 47 §2): billing's `trial-ending-mail` job → contact's real mail
 * worker → an SMTP sink: the first charge's amount and date and the one-click cancel link, once
 * per trial however often the job comes.
 */
import { jobIdFor, type TrialEndingMail } from '@fm/contracts';
import { eventually } from '@fm/shared/testing';
import { Types } from 'mongoose';
import { mailWorkerHarness } from '../../test/mail-worker-harness';

const worker = mailWorkerHarness({
  MAIL_FROM: 'Fairway Mind <no-reply@fairwaymind.test>',
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
  await worker.service.background.producer.publish(
    'trial-ending-mail',
    event,
    jobIdFor('trial-ending', event.subscriptionId),
  );
  // Stripe's event again under another id (a new job): the mail is still sent once per trial.
  const again = { ...event, eventId: `evt_again_${id}` };
  const second = await worker.service.background.producer.publish(
    'trial-ending-mail',
    again,
    jobIdFor('stripe', again.eventId),
  );

  const mail = await worker.sink.waitFor((m) => m.to.includes(event.email), 10_000);
  expect(mail.subject).toBe('Your Fairway Mind trial ends on Friday, March 5, 2027: $19.99/month from then');
  expect(mail.text).toContain('Hi Ada,');
  expect(mail.text).toContain('your card will then be charged $19.99/month');
  expect(mail.text).toContain(cancelUrl);
  expect(mail.html).toContain(`href="${cancelUrl.replace(/&/g, '&amp;')}"`);
  expect(mail.html).toContain('Cancel my trial');

  await eventually(async () => (await second.getState()) === 'completed', 10_000);
  expect(worker.sink.messages().filter((m) => m.to.includes(event.email))).toHaveLength(1);
});
