/**
 * Every mail the contact service sends, rendered with sample data the way its producer fills it
 * (the links are built as auth, practice and the newsletter build them, on `siteOrigin`). The
 * mail-link check (e2e journey 21) opens every link of every one against the running app, so a
 * link to a page that does not exist, or to a POST-only route, fails a test (issue 43 §4).
 * `mail-samples.test.ts` fails when a `*-mail.template.ts` is missing here.
 */
import { accountDeletedMail } from './account-deleted-mail.template';
import { bookingScheduledMail } from './booking-scheduled-mail.template';
import { coachingBookedFounderMail } from './coaching-booked-founder-mail.template';
import { coachingBookedMemberMail } from './coaching-booked-member-mail.template';
import { coachingRefundedFounderMail } from './coaching-refunded-founder-mail.template';
import { coachingRefundedMemberMail } from './coaching-refunded-member-mail.template';
import { contactReplyMail } from './contact-reply-mail.template';
import { contactSubmittedMail } from './contact-submitted-mail.template';
import type { MailContent } from './mail.templates';
import { newsletterMail, newsletterUnsubscribeUrl } from './newsletter-mail.template';
import { passwordChangedMail } from './password-changed-mail.template';
import { passwordResetMail } from './password-reset-mail.template';
import { paymentDisputeMail } from './payment-dispute-mail.template';
import { paymentFailedMail } from './payment-failed-mail.template';
import { renewalReminderMail } from './renewal-reminder-mail.template';
import { practiceReminderMail } from './practice-reminder-mail.template';
import { premiumRefundedFounderMail, premiumRefundedMemberMail } from './premium-refunded-mail.template';
import { trialEndingMail } from './trial-ending-mail.template';
import { emailVerificationMail } from './verification-mail.template';
import { welcomeMail } from './welcome-mail.template';

export interface SampleMail {
  /** The template file, without `-mail.template.ts`, and which mail of it. */
  template: string;
  mail: MailContent;
}

/** The template files `sampleMails` covers (the test compares them with the directory). */
export const SAMPLED_TEMPLATES = [
  'account-deleted',
  'booking-scheduled',
  'coaching-booked-founder',
  'coaching-booked-member',
  'coaching-refunded-founder',
  'coaching-refunded-member',
  'contact-reply',
  'contact-submitted',
  'newsletter',
  'password-changed',
  'password-reset',
  'payment-dispute',
  'payment-failed',
  'practice-reminder',
  'premium-refunded',
  'renewal-reminder',
  'trial-ending',
  'verification',
  'welcome',
] as const;

export function sampleMails(siteOrigin: string): SampleMail[] {
  const productName = 'Fairway Mind';
  const supportEmail = 'support@fairwaymind.test';
  const founderEmail = 'founder@fairwaymind.test';
  const founderName = 'Sam Founder';
  const site = { productName, siteOrigin, supportEmail };
  const at = '2026-03-02T06:31:00.000Z';
  const member = { userId: 'u1', email: 'ada@example.com', firstName: 'Ada', eventId: 'evt_1', occurredAt: at };
  const token = 'sample.token';
  const booking = {
    bookingId: 'bk_1',
    userId: 'u1',
    memberEmail: 'ada@example.com',
    memberName: 'Ada Lovelace',
    amountCents: 10000,
    currency: 'usd',
    paymentIntentId: 'pi_1',
    eventId: 'evt_2',
    occurredAt: at,
  };
  const refund = { ...booking, amountRefundedCents: 10000 };
  const premiumRefund = {
    userId: 'u1',
    memberEmail: 'ada@example.com',
    memberName: 'Ada Lovelace',
    invoiceId: 'in_1',
    amountRefundedCents: 1900,
    currency: 'usd',
    cardLast4: '4242',
    source: 'guarantee' as const,
    eventId: 'evt_3',
    occurredAt: at,
  };
  const submission = {
    submissionId: 's1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: 'How do I stay calm on the first tee?',
    createdAt: at,
  };
  const mails: [string, MailContent][] = [
    ['account-deleted', accountDeletedMail({ ...member, emailVerified: true }, site)],
    [
      'booking-scheduled',
      bookingScheduledMail(
        {
          bookingId: 'bk_1',
          memberEmail: 'ada@example.com',
          memberName: 'Ada Lovelace',
          scheduledAt: '2026-03-09T15:00:00.000Z',
          sequence: 0,
          note: 'Bring your scorecard.',
          eventId: 'evt_4',
          occurredAt: at,
        },
        { productName, founderName, founderEmail, sessionMinutes: 60, siteOrigin },
      ),
    ],
    ['coaching-booked-founder', coachingBookedFounderMail(booking, productName, 60)],
    [
      'coaching-booked-member',
      coachingBookedMemberMail(booking, productName, founderEmail, { sessionMinutes: 60, founderName }),
    ],
    ['coaching-refunded-founder', coachingRefundedFounderMail(refund, productName)],
    ['coaching-refunded-member', coachingRefundedMemberMail(refund, site)],
    [
      'contact-reply',
      contactReplyMail(
        {
          ...submission,
          fromMember: true,
          reply: { id: 'r1', text: 'Breathe out slowly before you address the ball.' },
        },
        { ...site, founderName },
      ),
    ],
    ['contact-submitted', contactSubmittedMail(submission, productName)],
    [
      'newsletter',
      newsletterMail(
        { subject: 'March: the first tee', markdown: 'Three breaths before the first tee.' },
        { productName, siteOrigin, unsubscribeMailbox: supportEmail },
        newsletterUnsubscribeUrl(siteOrigin, token),
      ),
    ],
    ['password-changed', passwordChangedMail(member, site)],
    [
      'password-reset',
      passwordResetMail(
        { ...member, resetUrl: `${siteOrigin}/reset-password?token=${token}`, expiresAt: '2026-03-02T07:31:00.000Z' },
        site,
      ),
    ],
    [
      'payment-dispute',
      paymentDisputeMail(
        {
          disputeId: 'dp_1',
          chargeId: 'ch_1',
          userId: 'u1',
          memberEmail: 'ada@example.com',
          memberName: 'Ada Lovelace',
          bookingId: null,
          amountCents: 1900,
          currency: 'usd',
          reason: 'fraudulent',
          eventId: 'evt_5',
          occurredAt: at,
        },
        productName,
      ),
    ],
    [
      'renewal-reminder',
      renewalReminderMail(
        {
          userId: 'u1',
          email: 'ada@example.com',
          memberName: 'Ada Lovelace',
          subscriptionId: 'sub_1',
          amountCents: 19990,
          currency: 'usd',
          renewsAt: '2026-03-05T06:31:00.000Z',
          cancelUrl: `${siteOrigin}/member/account`,
          eventId: 'evt_8',
          occurredAt: at,
        },
        site,
      ),
    ],
    [
      'payment-failed',
      paymentFailedMail(
        {
          userId: 'u1',
          email: 'ada@example.com',
          memberName: 'Ada Lovelace',
          invoiceId: 'in_2',
          amountDueCents: 1900,
          currency: 'usd',
          attemptCount: 1,
          nextAttemptAt: '2026-03-05T06:31:00.000Z',
          eventId: 'evt_6',
          occurredAt: at,
        },
        site,
      ),
    ],
    [
      'practice-reminder',
      practiceReminderMail(
        {
          ...member,
          date: '2026-03-02',
          items: [{ title: 'Box breathing', minutes: 4 }],
          minutesDone: 0,
          planUrl: `${siteOrigin}/member/home#today`,
          unsubscribeUrl: `${siteOrigin}/reminders/unsubscribe?token=${token}`,
        },
        site,
      ),
    ],
    [
      'trial-ending',
      trialEndingMail(
        {
          userId: 'u1',
          email: 'ada@example.com',
          memberName: 'Ada Lovelace',
          subscriptionId: 'sub_1',
          amountCents: 1999,
          currency: 'usd',
          interval: 'month',
          chargeAt: '2026-03-05T06:31:00.000Z',
          cancelUrl: `${siteOrigin}/trial/cancel?token=${token}`,
          eventId: 'evt_7',
          occurredAt: at,
        },
        site,
      ),
    ],
    ['premium-refunded', premiumRefundedMemberMail(premiumRefund, site)],
    ['premium-refunded', premiumRefundedFounderMail(premiumRefund, productName)],
    [
      'verification',
      emailVerificationMail(
        { ...member, verifyUrl: `${siteOrigin}/verify-email?token=${token}`, expiresAt: '2026-03-03T06:31:00.000Z' },
        site,
      ),
    ],
    ['welcome', welcomeMail(member, site)],
  ];
  return mails.map(([template, mail]) => ({ template, mail }));
}

/** Every link of a mail: the HTML part's hrefs, the text part's URLs and the List-Unsubscribe URLs. */
export function linksOf(mail: MailContent): string[] {
  const decode = (href: string) =>
    href
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  const html = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]!));
  // A URL in running text ends before a space, a closing bracket or a sentence's last full stop.
  const text = (mail.text.match(/https?:\/\/[^\s<>()]+/g) ?? []).map((u) => u.replace(/[.,;:!?]+$/, ''));
  const header = [...(mail.headers?.['List-Unsubscribe'] ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
  return [...new Set([...html, ...text, ...header])];
}
