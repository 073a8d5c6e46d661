import { QUEUES } from '@fm/contracts';
import { createQueueWorker, type JobHandlers } from '@fm/shared/queues';
import type { Closable, ServiceDeps } from '@fm/shared/service';
import type { Worker } from 'bullmq';
import type { Config } from '../config';
import type { ContactService } from '../domain/contact.service';
import { accountDeletedMail } from '../domain/account-deleted-mail.template';
import { bookingScheduledMail } from '../domain/booking-scheduled-mail.template';
import { coachingBookedFounderMail } from '../domain/coaching-booked-founder-mail.template';
import { coachingBookedMemberMail } from '../domain/coaching-booked-member-mail.template';
import { coachingRefundedFounderMail } from '../domain/coaching-refunded-founder-mail.template';
import { coachingRefundedMemberMail } from '../domain/coaching-refunded-member-mail.template';
import { contactReplyMail } from '../domain/contact-reply-mail.template';
import { contactSubmittedMail } from '../domain/contact-submitted-mail.template';
import { passwordChangedMail } from '../domain/password-changed-mail.template';
import { passwordResetMail } from '../domain/password-reset-mail.template';
import { paymentDisputeMail } from '../domain/payment-dispute-mail.template';
import { paymentFailedMail } from '../domain/payment-failed-mail.template';
import { renewalReminderMail } from '../domain/renewal-reminder-mail.template';
import { trialEndingMail } from '../domain/trial-ending-mail.template';
import { welcomeMail } from '../domain/welcome-mail.template';
import { type AccountMailSite } from '../domain/mail.templates';
import type { NotificationService } from '../domain/notification.service';
import { premiumRefundedFounderMail, premiumRefundedMemberMail } from '../domain/premium-refunded-mail.template';
import { notificationMessageId } from '../domain/support-promise';
import { emailVerificationMail } from '../domain/verification-mail.template';
import { practiceReminderMail } from '../domain/practice-reminder-mail.template';

/**
 * The mail worker: `contact-submitted` → the founder; `coaching-booked` → the founder and a
 * confirmation to the member; the four account mails (`welcome-mail`, `password-reset-mail`,
 * `password-changed-mail`, `account-deleted-mail`) → the member's `email`. Each mail goes once
 * per (event, recipient); a failed send throws and BullMQ retries the job with backoff (the
 * kit's defaults), so nothing is dropped.
 *
 * `booking-scheduled-mail` → the member, once per scheduling (`booking-scheduled-<bookingId>-<sequence>`),
 * with a calendar invitation.
 *
 * Billing's mails: `payment-failed-mail` → the member, once per Stripe event (`payment-failed-<eventId>`:
 * each retry of the card is its own event); `coaching-refunded-mail` → the member and the founder,
 * once per booking (`coaching-refund-<bookingId>`); `premium-refunded-mail` → the member and the
 * founder, once per refunded invoice (`premium-refund-<invoiceId>`); `payment-dispute-mail` → the founder, once per
 * dispute (`dispute-<disputeId>`); `renewal-reminder-mail` → the member, once per yearly renewal
 * (`renewal-reminder-<subscriptionId>-<renewsAt>`), with the link to cancel; `trial-ending-mail` → the member, once per trial
 * (`trial-ending-<subscriptionId>`), with the one-click cancel link.
 *
 * Dedupe keys of the account mails: one welcome and one deletion mail per member
 * (`welcome-<userId>`, `account-deleted-<userId>`), one reset or changed mail per event
 * (`password-reset-<eventId>`, `password-changed-<eventId>`). The deletion mail's record keeps a
 * hash of the address, not the address.
 *
 * `email-verification-mail` → the member's `email`, once per link (`email-verification-<eventId>`).
 *
 * `practice-reminder-mail` → the member, once per member and day (its `eventId`,
 * `practice-reminder-<userId>-<date>`), with List-Unsubscribe / List-Unsubscribe-Post (one click).
 *
 * `contact-reply-mail` → the sender of a contact message, from SUPPORT_EMAIL, once per reply
 * (`contact-reply-<replyId>`), threaded (In-Reply-To, References) on the founder's notification of
 * the message, whose Message-ID is made from the message's id. A message erased meanwhile (its
 * sender deleted their account) mails nobody.
 */
export function notificationHandlers(
  notifier: NotificationService,
  contact: ContactService,
  config: Pick<
    Config,
    | 'FOUNDER_EMAIL'
    | 'FOUNDER_NAME'
    | 'PRODUCT_NAME'
    | 'SITE_ORIGIN'
    | 'SUPPORT_EMAIL'
    | 'COACHING_SESSION_MINUTES'
    | 'MAIL_FROM'
  >,
): JobHandlers<typeof QUEUES.notifications> {
  const site: AccountMailSite = {
    productName: config.PRODUCT_NAME,
    siteOrigin: config.SITE_ORIGIN,
    supportEmail: config.SUPPORT_EMAIL,
  };
  const minutes = config.COACHING_SESSION_MINUTES;
  return {
    'contact-submitted': async (event) => {
      await notifier.sendOnce({
        key: `contact-${event.submissionId}`,
        to: config.FOUNDER_EMAIL,
        kind: 'contact-submitted',
        mail: {
          ...contactSubmittedMail(event, config.PRODUCT_NAME),
          // Known without storing it: the reply to the sender is threaded on it.
          messageId: notificationMessageId(event.submissionId, config.MAIL_FROM),
        },
      });
      await contact.markNotified(event.submissionId);
    },
    'contact-reply-mail': async (event) => {
      const found = await contact.replyToMail(event.submissionId, event.replyId);
      if (!found) return;
      const thread = notificationMessageId(event.submissionId, config.MAIL_FROM);
      await notifier.sendOnce({
        key: `contact-reply-${event.replyId}`,
        to: found.email,
        kind: 'contact-reply',
        mail: {
          ...contactReplyMail(found, { ...site, founderName: config.FOUNDER_NAME }),
          from: { name: `${config.PRODUCT_NAME} support`, address: config.SUPPORT_EMAIL },
          replyTo: config.SUPPORT_EMAIL,
          inReplyTo: thread,
          references: thread,
        },
      });
      await contact.markReplyMailed(event.submissionId, event.replyId);
    },
    'coaching-booked': async (event) => {
      const key = `coaching-${event.bookingId}`;
      await notifier.sendOnce({
        key,
        to: config.FOUNDER_EMAIL,
        kind: 'coaching-booked-founder',
        mail: coachingBookedFounderMail(event, config.PRODUCT_NAME, minutes),
      });
      await notifier.sendOnce({
        key,
        to: event.memberEmail,
        kind: 'coaching-booked-member',
        mail: coachingBookedMemberMail(event, config.PRODUCT_NAME, config.FOUNDER_EMAIL, {
          sessionMinutes: minutes,
          founderName: config.FOUNDER_NAME,
        }),
      });
    },
    'booking-scheduled-mail': async (event) => {
      await notifier.sendOnce({
        key: `booking-scheduled-${event.bookingId}-${event.sequence}`,
        to: event.memberEmail,
        kind: 'booking-scheduled',
        mail: bookingScheduledMail(event, {
          productName: config.PRODUCT_NAME,
          founderName: config.FOUNDER_NAME,
          founderEmail: config.FOUNDER_EMAIL,
          sessionMinutes: minutes,
          siteOrigin: config.SITE_ORIGIN,
        }),
      });
    },
    'trial-ending-mail': async (event) => {
      await notifier.sendOnce({
        key: `trial-ending-${event.subscriptionId}`,
        to: event.email,
        kind: 'trial-ending',
        mail: trialEndingMail(event, site),
      });
    },
    'renewal-reminder-mail': async (event) => {
      await notifier.sendOnce({
        key: `renewal-reminder-${event.subscriptionId}-${event.renewsAt}`,
        to: event.email,
        kind: 'renewal-reminder',
        mail: renewalReminderMail(event, site),
      });
    },
    'payment-failed-mail': async (event) => {
      await notifier.sendOnce({
        key: `payment-failed-${event.eventId}`,
        to: event.email,
        kind: 'payment-failed',
        mail: paymentFailedMail(event, site),
      });
    },
    'coaching-refunded-mail': async (event) => {
      const key = `coaching-refund-${event.bookingId}`;
      await notifier.sendOnce({
        key,
        to: event.memberEmail,
        kind: 'coaching-refunded-member',
        mail: coachingRefundedMemberMail(event, site),
      });
      await notifier.sendOnce({
        key,
        to: config.FOUNDER_EMAIL,
        kind: 'coaching-refunded-founder',
        mail: coachingRefundedFounderMail(event, config.PRODUCT_NAME),
      });
    },
    'premium-refunded-mail': async (event) => {
      const key = `premium-refund-${event.invoiceId}`;
      await notifier.sendOnce({
        key,
        to: event.memberEmail,
        kind: 'premium-refunded-member',
        mail: premiumRefundedMemberMail(event, site),
      });
      await notifier.sendOnce({
        key,
        to: config.FOUNDER_EMAIL,
        kind: 'premium-refunded-founder',
        mail: premiumRefundedFounderMail(event, config.PRODUCT_NAME),
      });
    },
    'payment-dispute-mail': async (event) => {
      await notifier.sendOnce({
        key: `dispute-${event.disputeId}`,
        to: config.FOUNDER_EMAIL,
        kind: 'payment-dispute',
        mail: paymentDisputeMail(event, config.PRODUCT_NAME),
      });
    },
    'welcome-mail': async (event) => {
      await notifier.sendOnce({
        key: `welcome-${event.userId}`,
        to: event.email,
        kind: 'welcome',
        mail: welcomeMail(event, site),
      });
    },
    'password-reset-mail': async (event) => {
      await notifier.sendOnce({
        key: `password-reset-${event.eventId}`,
        to: event.email,
        kind: 'password-reset',
        mail: passwordResetMail(event, site),
      });
    },
    'password-changed-mail': async (event) => {
      await notifier.sendOnce({
        key: `password-changed-${event.eventId}`,
        to: event.email,
        kind: 'password-changed',
        mail: passwordChangedMail(event, site),
      });
    },
    'email-verification-mail': async (event) => {
      await notifier.sendOnce({
        key: `email-verification-${event.eventId}`,
        to: event.email,
        kind: 'email-verification',
        mail: emailVerificationMail(event, site),
      });
    },
    'practice-reminder-mail': async (event) => {
      await notifier.sendOnce({
        key: event.eventId,
        to: event.email,
        kind: 'practice-reminder',
        mail: practiceReminderMail(event, site),
      });
    },
    'account-deleted-mail': async (event) => {
      await notifier.sendOnce({
        key: `account-deleted-${event.userId}`,
        to: event.email,
        kind: 'account-deleted',
        mail: accountDeletedMail(event, site),
        // The account is gone: its address is not kept, even in the record of this mail.
        forgetRecipient: true,
      });
    },
  };
}

export function startNotificationsWorker(
  deps: ServiceDeps<Config>,
  parts: { notifier: NotificationService; contact: ContactService },
): Worker & Closable {
  return createQueueWorker(QUEUES.notifications, notificationHandlers(parts.notifier, parts.contact, deps.config), {
    redisUrl: deps.config.REDIS_URL,
    redisPrefix: deps.config.REDIS_PREFIX,
    logger: deps.logger,
  });
}
