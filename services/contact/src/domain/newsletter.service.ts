import { randomUUID } from 'node:crypto';
import { type AdminNewsletter, jobIdFor, type NewsletterPreview, type QUEUES } from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import { type AuditLog, ConflictError, NotFoundError } from '@fm/shared/http';
import { signMailListToken } from '@fm/shared/mail';
import type { QueueProducer } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import { withRedisLock } from '@fm/shared/store';
import type { Redis } from 'ioredis';
import { contactKeys } from '../redis-keys';
import type { MailContent } from './mail.templates';
import type { NewsletterAudienceClient } from './newsletter-audience.client';
import { newsletterMail, type NewsletterSite, newsletterUnsubscribeUrl } from './newsletter-mail.template';
import { deliveryId, type DeliveryStatus, type NewsletterModels, type NewsletterRecord } from './newsletter.model';
import type { NewsletterCreate, NewsletterPatch } from './newsletter.schemas';
import type { NotificationService } from './notification.service';

/** Longer than any edit or send request holds it. */
const LOCK_MS = 15_000;

export interface NewsletterServiceDeps {
  models: NewsletterModels;
  audience: NewsletterAudienceClient;
  audit: AuditLog;
  redis: Redis;
  redisPrefix: string;
  sends: QueueProducer<typeof QUEUES.newsletterSends>;
  deliveries: QueueProducer<typeof QUEUES.newsletterDeliveries>;
  site: NewsletterSite;
  founderEmail: string;
  jwtSecret: string;
  logger: Logger;
}

/**
 * The founder's newsletters: drafts edited in the console, a preview exactly as the mail, a test
 * mail to the founder, and the send. Sending never happens in the request: `send` marks the
 * newsletter `sending` and queues the fan-out; the fan-out pages through auth's audience,
 * records one delivery per recipient (`newsletter_deliveries`, unique per newsletter and member)
 * and queues one delivery job each; each delivery job sends its mail once (contact's inbox claims
 * it, as every mail) and marks its record. The newsletter is `sent` once every delivery is final.
 */
export class NewsletterService {
  constructor(private readonly deps: NewsletterServiceDeps) {}

  private get models() {
    return this.deps.models;
  }

  /** One change of a newsletter's state at a time across replicas (an edit racing the send). */
  private locked<T>(id: string, work: () => Promise<T>): Promise<T> {
    return withRedisLock(
      this.deps.redis,
      contactKeys(this.deps.redisPrefix).newsletterLock(id),
      { ttlMs: LOCK_MS, waitMs: 5000, busy: () => new ConflictError('This newsletter is being changed; try again.') },
      work,
    );
  }

  private async record(id: string): Promise<NewsletterRecord> {
    const found = await this.models.Newsletter.findById(id).lean<NewsletterRecord>();
    if (!found) throw new NotFoundError('Newsletter not found');
    return found;
  }

  private async views(records: NewsletterRecord[]): Promise<AdminNewsletter[]> {
    const started = records.filter((n) => n.status !== 'draft');
    let left: Set<string> | null = null;
    if (started.length) {
      // A recipient no longer subscribed changed their choice after their send began (they were
      // in its audience then); a minute earlier covers the clocks of contact and auth disagreeing.
      const since = Math.min(...started.map((n) => (n.sendRequestedAt ?? n.createdAt).getTime())) - 60_000;
      try {
        left = await this.deps.audience.leftSince(new Date(since));
      } catch (err) {
        this.deps.logger.warn({ err: (err as Error).message }, 'newsletter: unsubscribe counts unavailable');
      }
    }
    // Its recipients who are no longer subscribed: left since (auth), or deleted (auth's account events).
    const unsubscribedOf = (newsletterId: string, gone: Set<string>) =>
      this.models.Delivery.countDocuments({
        newsletterId,
        $or: [{ memberDeleted: true }, ...(gone.size ? [{ userId: { $in: [...gone] } }] : [])],
      });
    const count = (newsletterId: string, status: DeliveryStatus) =>
      this.models.Delivery.countDocuments({ newsletterId, status });
    return Promise.all(
      records.map(async (n) => {
        const draft = n.status === 'draft';
        const [sent, failed, recorded, unsubscribed] = draft
          ? [0, 0, 0, null]
          : await Promise.all([
              count(n._id, 'sent'),
              count(n._id, 'failed'),
              n.fanOutDoneAt ? n.recipients : this.models.Delivery.countDocuments({ newsletterId: n._id }),
              left ? unsubscribedOf(n._id, left) : null,
            ]);
        return {
          id: n._id,
          subject: n.subject,
          markdown: n.markdown,
          status: n.status,
          recipients: recorded,
          sent,
          failed,
          unsubscribed,
          sentAt: n.sentAt ? n.sentAt.toISOString() : null,
          createdAt: n.createdAt.toISOString(),
          updatedAt: n.updatedAt.toISOString(),
        };
      }),
    );
  }

  private async view(id: string): Promise<AdminNewsletter> {
    return (await this.views([await this.record(id)]))[0]!;
  }

  /** Every newsletter, newest first (one a month: the list stays short). */
  async list(): Promise<{ items: AdminNewsletter[]; total: number }> {
    const records = await this.models.Newsletter.find({}).sort({ createdAt: -1, _id: -1 }).lean<NewsletterRecord[]>();
    return { items: await this.views(records), total: records.length };
  }

  get(id: string): Promise<AdminNewsletter> {
    return this.view(id);
  }

  async create(actor: Pick<CurrentUser, 'id' | 'email'>, input: NewsletterCreate): Promise<AdminNewsletter> {
    const created = await this.models.Newsletter.create({ subject: input.subject, markdown: input.markdown });
    await this.deps.audit.record(actor, {
      action: 'newsletter.create',
      targetType: 'newsletter',
      targetId: created._id,
      summary: `subject: ${JSON.stringify(input.subject)}`,
    });
    return this.view(created._id);
  }

  /** Edits a draft; 409 once it is sending or sent (read-only). */
  async update(actor: Pick<CurrentUser, 'id' | 'email'>, id: string, patch: NewsletterPatch): Promise<AdminNewsletter> {
    return this.locked(id, async () => {
      const before = await this.record(id);
      if (before.status !== 'draft')
        throw new ConflictError('This newsletter has been sent; it can no longer be edited.');
      const changes: Partial<NewsletterRecord> = {};
      if (patch.subject !== undefined) changes.subject = patch.subject;
      if (patch.markdown !== undefined) changes.markdown = patch.markdown;
      await this.models.Newsletter.updateOne({ _id: id }, { $set: changes });
      const parts = [
        patch.subject !== undefined && patch.subject !== before.subject
          ? `subject: ${JSON.stringify(before.subject)} → ${JSON.stringify(patch.subject)}`
          : null,
        patch.markdown !== undefined && patch.markdown !== before.markdown ? 'body changed' : null,
      ].filter(Boolean);
      await this.deps.audit.record(actor, {
        action: 'newsletter.update',
        targetType: 'newsletter',
        targetId: id,
        summary: parts.join('; ') || 'unchanged',
      });
      return this.view(id);
    });
  }

  /** The mail one member gets: the newsletter with their own unsubscribe link. */
  mailFor(newsletter: Pick<NewsletterRecord, '_id' | 'subject' | 'markdown'>, userId: string): MailContent {
    const token = signMailListToken(this.deps.jwtSecret, { userId, list: 'newsletter', mailingId: newsletter._id });
    return newsletterMail(newsletter, this.deps.site, newsletterUnsubscribeUrl(this.deps.site.siteOrigin, token));
  }

  /** The mail exactly as a subscriber gets it (its link is signed for nobody: it unsubscribes no one). */
  async preview(id: string): Promise<NewsletterPreview> {
    const mail = this.mailFor(await this.record(id), 'preview');
    return { subject: mail.subject, html: mail.html, text: mail.text };
  }

  /** Queues one mail of it to FOUNDER_EMAIL (202); any state. */
  async test(actor: Pick<CurrentUser, 'id' | 'email'>, id: string): Promise<void> {
    await this.record(id);
    const requestId = randomUUID();
    await this.deps.sends.publish(
      'newsletter-test',
      { newsletterId: id, requestedBy: actor.id },
      jobIdFor('newsletter-test', `${id}-${requestId}`),
    );
    await this.deps.audit.record(actor, {
      action: 'newsletter.test',
      targetType: 'newsletter',
      targetId: id,
      summary: 'test mail to the founder',
    });
  }

  /** The test mail, from its job. */
  async sendTest(newsletterId: string, jobId: string, notifier: NotificationService): Promise<void> {
    const newsletter = await this.models.Newsletter.findById(newsletterId).lean<NewsletterRecord>();
    if (!newsletter) return;
    await notifier.sendOnce({
      key: `newsletter-test-${jobId}`,
      to: this.deps.founderEmail,
      kind: 'newsletter-test',
      mail: this.mailFor(newsletter, 'preview'),
    });
  }

  /** Starts the send (202): draft → sending, the fan-out queued. Sent or sending already → 409. */
  async send(actor: Pick<CurrentUser, 'id' | 'email'>, id: string): Promise<AdminNewsletter> {
    return this.locked(id, async () => {
      const before = await this.record(id);
      if (before.status !== 'draft') throw new ConflictError('This newsletter has already been sent.');
      // Sending before the job is queued (the job finds it so); a queue outage puts the draft back and answers 503.
      await this.models.Newsletter.updateOne(
        { _id: id, status: 'draft' },
        { $set: { status: 'sending', sendRequestedAt: new Date() } },
      );
      try {
        await this.deps.sends.publish('newsletter-fan-out', { newsletterId: id }, jobIdFor('newsletter-send', id));
      } catch (err) {
        await this.models.Newsletter.updateOne({ _id: id, status: 'sending' }, { $set: { status: 'draft' } });
        throw err;
      }
      await this.deps.audit.record(actor, {
        action: 'newsletter.send',
        targetType: 'newsletter',
        targetId: id,
        summary: `status: draft → sending; subject: ${JSON.stringify(before.subject)}`,
      });
      return this.view(id);
    });
  }

  /**
   * The fan-out job: the audience, a page at a time (never all in memory), each member a
   * delivery record (an upsert: a resumed or repeated job records nobody twice) and a delivery
   * job (its id from the newsletter and the member: queued once). Resumable from the last page
   * it recorded.
   */
  async fanOut(newsletterId: string, log: Logger): Promise<void> {
    const newsletter = await this.models.Newsletter.findById(newsletterId).lean<NewsletterRecord>();
    if (!newsletter || newsletter.status === 'draft') return;
    if (!newsletter.fanOutDoneAt) {
      let cursor = newsletter.fanOutCursor;
      for (;;) {
        const page = await this.deps.audience.page(cursor);
        if (page.members.length) {
          await this.models.Delivery.bulkWrite(
            page.members.map((member) => ({
              updateOne: {
                filter: { _id: deliveryId(newsletterId, member.id) },
                update: {
                  $setOnInsert: {
                    newsletterId,
                    userId: member.id,
                    email: member.email,
                    firstName: member.firstName,
                    status: 'pending',
                    skipReason: null,
                    memberDeleted: false,
                    error: null,
                    sentAt: null,
                  },
                },
                upsert: true,
              },
            })),
            { ordered: false },
          );
          await Promise.all(
            page.members.map((member) =>
              this.deps.deliveries.publish(
                'newsletter-delivery',
                { newsletterId, userId: member.id },
                jobIdFor('newsletter', `${newsletterId}-${member.id}`),
              ),
            ),
          );
          cursor = page.members[page.members.length - 1]!.id;
          await this.models.Newsletter.updateOne({ _id: newsletterId }, { $set: { fanOutCursor: cursor } });
        }
        if (!page.next) break;
      }
      const recipients = await this.models.Delivery.countDocuments({ newsletterId });
      await this.models.Newsletter.updateOne({ _id: newsletterId }, { $set: { fanOutDoneAt: new Date(), recipients } });
      log.info({ newsletterId, recipients }, 'newsletter: every recipient recorded');
    }
    await this.finishIfDone(newsletterId);
  }

  /**
   * One recipient's mail, from its delivery job. Right before it goes, auth says whether the
   * member is still subscribed (they may have unsubscribed or deleted their account since the
   * fan-out): if not, the delivery is `skipped` with the reason and nothing is sent. Otherwise it
   * is sent once (contact's inbox claims the mail by newsletter and address; a second worker or a
   * redelivery after a crash finds it claimed or sent), then the record says `sent`. A failed
   * send, or auth not answering, throws (BullMQ retries it; nothing is sent meanwhile); the last
   * attempt's failure is recorded as `failed`.
   */
  async deliver(
    newsletterId: string,
    userId: string,
    notifier: NotificationService,
    attempt: { finalAttempt: boolean },
  ): Promise<'sent' | 'skipped'> {
    const id = deliveryId(newsletterId, userId);
    const delivery = await this.models.Delivery.findById(id).lean();
    if (!delivery || delivery.status !== 'pending' || !delivery.email) return 'skipped';
    const newsletter = await this.models.Newsletter.findById(newsletterId).lean<NewsletterRecord>();
    if (!newsletter) return 'skipped';
    try {
      const member = await this.deps.audience.recipient(userId);
      if (member.deleted || !member.subscribed) {
        await this.models.Delivery.updateOne(
          { _id: id, status: 'pending' },
          {
            $set: {
              status: 'skipped',
              skipReason: member.deleted ? 'deleted' : 'unsubscribed',
              memberDeleted: member.deleted,
              email: null,
              firstName: null,
            },
          },
        );
        await this.finishIfDone(newsletterId);
        return 'skipped';
      }
      await notifier.sendOnce({
        key: `newsletter-${newsletterId}`,
        to: delivery.email,
        kind: 'newsletter',
        mail: this.mailFor(newsletter, userId),
      });
    } catch (err) {
      if (attempt.finalAttempt) {
        await this.models.Delivery.updateOne(
          { _id: id, status: 'pending' },
          { $set: { status: 'failed', error: (err as Error).message.slice(0, 300) } },
        );
        await this.finishIfDone(newsletterId);
      }
      throw err;
    }
    await this.models.Delivery.updateOne(
      { _id: id, status: 'pending' },
      { $set: { status: 'sent', sentAt: new Date() } },
    );
    await this.finishIfDone(newsletterId);
    return 'sent';
  }

  /** `sent` (with its time) once every recipient is recorded and no delivery is pending. */
  async finishIfDone(newsletterId: string): Promise<void> {
    const newsletter = await this.models.Newsletter.findById(newsletterId, { status: 1, fanOutDoneAt: 1 }).lean();
    if (!newsletter || newsletter.status !== 'sending' || !newsletter.fanOutDoneAt) return;
    if (await this.models.Delivery.exists({ newsletterId, status: 'pending' })) return;
    await this.models.Newsletter.updateOne(
      { _id: newsletterId, status: 'sending' },
      { $set: { status: 'sent', sentAt: new Date() } },
    );
    this.deps.logger.info({ newsletterId }, 'newsletter: sent');
  }

  /** How many members a send would reach now. */
  audienceSize(): Promise<number> {
    return this.deps.audience.size();
  }

  /** A deleted member: never mailed a newsletter again, and their address goes from every delivery record. */
  async forgetRecipient(userId: string): Promise<void> {
    const touched = await forgetNewsletterRecipient(this.models, userId);
    for (const newsletterId of new Set(touched)) await this.finishIfDone(newsletterId);
  }
}

/**
 * A deleted member (auth's account-deleted): their pending deliveries are skipped (never
 * mailed) and every delivery record of theirs forgets their address and name, and says the
 * member is gone (counted in each of those newsletters' "unsubscribed since").
 */
export async function forgetNewsletterRecipient(models: NewsletterModels, userId: string): Promise<string[]> {
  const pending = await models.Delivery.find({ userId, status: 'pending' }, { newsletterId: 1 }).lean();
  await models.Delivery.updateMany(
    { userId, status: 'pending' },
    { $set: { status: 'skipped', skipReason: 'deleted', email: null, firstName: null } },
  );
  await models.Delivery.updateMany({ userId }, { $set: { email: null, firstName: null, memberDeleted: true } });
  return pending.map((d) => d.newsletterId);
}
