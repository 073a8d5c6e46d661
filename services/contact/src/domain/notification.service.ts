import { createHash } from 'node:crypto';
import { isDuplicateKey, withRedisLock, type Logger, redisKeys } from '@fm/shared';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { MailContent } from './mail.templates';
import type { Mailer } from './mailer';
import { sentNotificationModel } from './sent-notification.model';

export interface Notification {
  /** The event the mail is about; with the recipient, it names the mail (sent once). */
  key: string;
  to: string;
  kind: string;
  mail: MailContent;
  /**
   * Record a one-way hash of the recipient instead of the address: the mail to a member whose
   * account is gone (the deletion mail) must not leave their address behind. Dedupe still works
   * (the same address gives the same hash).
   */
  forgetRecipient?: boolean;
}

/** What sent_notifications keeps instead of the address of a deleted member. */
export function recipientHash(address: string): string {
  return `sha256:${createHash('sha256').update(address.trim().toLowerCase()).digest('hex')}`;
}

/** Longer than a send can take (10 s connect + 10 s greeting + 30 s socket timeouts). */
const SEND_LOCK_MS = 120_000;

/**
 * Sends each notification once: skips a (key, recipient) already in sent_notifications, holds a
 * short Redis lock while sending so two deliveries of the same event (with different job ids)
 * cannot both send, and records the mail once the SMTP server accepted it. A failed send throws
 * (the job is retried with backoff); nothing is recorded, so the retry sends it.
 */
export class NotificationService {
  private readonly sent;

  constructor(
    private readonly deps: { mongo: Connection; redis: Redis; redisPrefix: string; mailer: Mailer; logger: Logger },
  ) {
    this.sent = sentNotificationModel(deps.mongo);
  }

  private alreadySent(key: string, recipient: string): Promise<unknown> {
    return this.sent.exists({ key, recipient });
  }

  async sendOnce(notification: Notification): Promise<'sent' | 'already-sent'> {
    const recipient = notification.forgetRecipient
      ? recipientHash(notification.to)
      : notification.to.trim().toLowerCase();
    const { key } = notification;
    if (await this.alreadySent(key, recipient)) return 'already-sent';

    const lockKey = redisKeys(this.deps.redisPrefix).mailLock(key, recipient);
    const busy = () => new Error(`${notification.kind} mail ${key} to ${recipient} is being sent by another worker`);
    return withRedisLock(this.deps.redis, lockKey, { ttlMs: SEND_LOCK_MS, busy }, async () => {
      if (await this.alreadySent(key, recipient)) return 'already-sent';
      const messageId = await this.deps.mailer.send({ ...notification.mail, to: notification.to });
      await this.record({ key, recipient, kind: notification.kind, messageId, sentAt: new Date() });
      this.deps.logger.info({ kind: notification.kind, key, messageId }, 'mail sent');
      return 'sent';
    });
  }

  /** The mail is out: a failure to record it now would mean a second mail, so try a few times. */
  private async record(entry: {
    key: string;
    recipient: string;
    kind: string;
    messageId: string | null;
    sentAt: Date;
  }) {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.sent.create(entry);
        return;
      } catch (err) {
        if (isDuplicateKey(err)) return;
        if (attempt >= 3) throw err;
        this.deps.logger.warn({ err, key: entry.key }, 'could not record a sent mail; retrying');
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }
}
