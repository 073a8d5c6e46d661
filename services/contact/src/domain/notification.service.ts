import { createHash } from 'node:crypto';
import { handleOnce } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import type { Inbox } from '@fm/shared/store';
import type { MailContent } from './mail.templates';
import type { Mailer, MailEnvelope } from './mailer';

export interface Notification {
  /** The event the mail is about; with the recipient, it names the mail (sent once). */
  key: string;
  to: string;
  kind: string;
  mail: MailContent & MailEnvelope;
  /**
   * Record a one-way hash of the recipient instead of the address: the mail to a member whose
   * account is gone (the deletion mail) must not leave their address behind. Dedupe still works
   * (the same address gives the same hash).
   */
  forgetRecipient?: boolean;
}

/**
 * contact's inbox: what it has handled once — each mail (by notification key and recipient) and
 * each account event (by event id). Not the founder's inbox of contact messages (ContactInbox).
 */
export const INBOX_COLLECTION = 'contact_inbox';

/** What the inbox keeps instead of the address of a deleted member. */
export function recipientHash(address: string): string {
  return `sha256:${createHash('sha256').update(address.trim().toLowerCase()).digest('hex')}`;
}

/**
 * The inbox entry of one mail: its notification key and its recipient (the address, lowercased,
 * or the hash of a forgotten one). A member's account deletion erases the entries to their address.
 */
export function mailEntryId(key: string, recipient: string): string {
  return `${MAIL_ENTRY_PREFIX}${key}:${recipient}`;
}

/** What every mail's inbox entry starts with (the account events' entries are their event ids). */
export const MAIL_ENTRY_PREFIX = 'mail:';

/** Longer than a send can take (10 s connect + 10 s greeting + 30 s socket timeouts). */
export const MAIL_LEASE_MS = 120_000;

/**
 * Sends each notification once per (key, recipient), through contact's inbox: the first delivery
 * claims the mail, sends it and records it once the SMTP server accepted it; another delivery of
 * the same notification (a replay, or the same event with another job id) is a duplicate, or,
 * while the first is still sending, is run again later (the kit's `handleOnce`: its queue worker
 * delays the job). A failed send throws (the job is retried with backoff) and releases the claim,
 * so the retry sends it.
 */
export class NotificationService {
  constructor(private readonly deps: { inbox: Inbox; mailer: Mailer; logger: Logger }) {}

  async sendOnce(notification: Notification): Promise<'sent' | 'already-sent'> {
    const recipient = notification.forgetRecipient
      ? recipientHash(notification.to)
      : notification.to.trim().toLowerCase();
    const { key, kind } = notification;
    const log = this.deps.logger.child({ kind, key });
    const result = await handleOnce(
      this.deps.inbox,
      mailEntryId(key, recipient),
      async () => {
        const messageId = await this.deps.mailer.send({ ...notification.mail, to: notification.to });
        log.info({ messageId }, 'mail sent');
        return 'sent' as const;
      },
      log,
      // The entry's id holds the address: the lines name the mail by its kind and key.
      `${kind}:${key}`,
    );
    return result.status === 'ran' ? 'sent' : 'already-sent';
  }
}
