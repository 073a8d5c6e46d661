import type { AdminContactMessage, AdminPage, ContactLevel, ContactPromise, ContactReply } from '@fm/contracts';
import { supportReplyHours } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { type AuditLog, findPage, GoneError, NEWEST_FIRST, NotFoundError, wordSearchFilter } from '@fm/shared/http';
import { isObjectId } from '@fm/shared/store';
import { type CurrentUser, readMemberFromMongo } from '@fm/shared/auth';
import type { Connection } from 'mongoose';
import type { ContactService } from './contact.service';
import { contactSubmissionModel, type ContactSubmissionDocument } from './contact-submission.model';
import { erasedMessageModel } from './erased-message.model';
import type { InboxPatch, InboxQuery, InboxReply } from './contact-inbox.schemas';
import { contactReplyModel, type ContactReplyDocument } from './contact-reply.model';
import { dueAtOf, levelOf, promiseFields, repliesTo, replyView } from './support-promise';

function inboxView(doc: ContactSubmissionDocument, replies: Map<string, ContactReply[]>): AdminContactMessage {
  return {
    id: String(doc._id),
    name: doc.name,
    email: doc.email,
    message: doc.message,
    createdAt: new Date(doc.createdAt).toISOString(),
    handled: doc.handled === true,
    // Who wrote (contact-sender.ts); absent on messages stored before it was recorded.
    memberId: doc.memberId ?? null,
    emailVerified: doc.memberId ? (doc.emailVerified ?? null) : null,
    typedName: doc.typedName ?? null,
    typedEmail: doc.typedEmail ?? null,
    ...promiseFields(doc, replies),
  };
}

/** Most urgent first; `_id` breaks ties, so pages never overlap. */
const MOST_URGENT_FIRST = { dueAt: 1, _id: 1 } as const;

/** What the inbox's search looks in: the sender's name and address (and the typed ones), and the message. */
const INBOX_SEARCH_FIELDS = ['name', 'email', 'typedName', 'typedEmail', 'message'] as const;

/** The window of the promise figure. */
export const PROMISE_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const GONE_MESSAGE = 'The sender deleted their account: their message is gone and cannot be answered.';

/**
 * The founder's contact inbox in the console: every stored message (newest first, or by due time),
 * the "handled" mark (audited), the founder's replies (stored with the message, mailed to the
 * sender, audited; the message is then handled) and the promise as a figure. Messages stored
 * before the mark existed read as not handled.
 */
export class ContactInbox {
  private readonly submissions;
  private readonly erased;
  private readonly replies;

  constructor(
    private readonly mongo: Connection,
    private readonly audit: AuditLog,
    private readonly contact: Pick<ContactService, 'queueReplyMail'>,
    private readonly logger: Logger,
  ) {
    this.submissions = contactSubmissionModel(mongo);
    this.erased = erasedMessageModel(mongo);
    this.replies = contactReplyModel(mongo);
  }

  async list(query: InboxQuery): Promise<AdminPage<AdminContactMessage>> {
    const filter = {
      ...(query.handled === undefined ? {} : query.handled ? { handled: true } : { handled: { $ne: true } }),
      ...wordSearchFilter(query.q, INBOX_SEARCH_FIELDS),
    };
    const sort = query.sort === 'due' ? MOST_URGENT_FIRST : NEWEST_FIRST;
    const page = await findPage(this.submissions, filter, query, (doc: ContactSubmissionDocument) => doc, sort);
    const replies = await repliesTo(this.replies, page.items);
    return { items: page.items.map((doc) => inboxView(doc, replies)), total: page.total };
  }

  private async view(id: string): Promise<AdminContactMessage> {
    const doc = (await this.submissions.findById(id).lean<ContactSubmissionDocument>())!;
    return inboxView(doc, await repliesTo(this.replies, [doc]));
  }

  async setHandled(
    actor: Pick<CurrentUser, 'id' | 'email'>,
    id: string,
    patch: InboxPatch,
  ): Promise<AdminContactMessage> {
    const before = isObjectId(id) ? await this.submissions.findById(id).lean<ContactSubmissionDocument>() : null;
    if (!before) throw new NotFoundError('Message not found');
    await this.submissions.updateOne(
      { _id: id },
      { $set: { handled: patch.handled, handledAt: patch.handled ? new Date() : null } },
    );
    const after = await this.view(id);
    await this.audit.record(actor, {
      action: 'contact-message.update',
      targetType: 'contact-message',
      targetId: id,
      // Whether it is handled. The sender's address and message stay out of the log: it is
      // append-only, and a member's deletion must not leave their address behind in it (the
      // target id names the message while it exists).
      summary: `handled: ${before.handled === true} → ${after.handled}`,
    });
    return after;
  }

  /**
   * The founder's reply: stored with the message, which is then handled; audited (never the text
   * or the address); its mail to the sender queued (once per reply; if Redis cannot take it now,
   * the sweep queues it). 404 unknown message; 410 a message whose sender deleted their account.
   */
  async reply(actor: Pick<CurrentUser, 'id' | 'email'>, id: string, input: InboxReply): Promise<ContactReply> {
    const doc = isObjectId(id) ? await this.submissions.findById(id).lean<ContactSubmissionDocument>() : null;
    if (!doc) {
      if (isObjectId(id) && (await this.erased.exists({ _id: id }))) throw new GoneError(GONE_MESSAGE);
      throw new NotFoundError('Message not found');
    }
    // Deleted, and contact has not erased the message yet: its address is no longer to be written to.
    if (doc.memberId && !(await readMemberFromMongo(this.mongo, doc.memberId))) throw new GoneError(GONE_MESSAGE);

    const reply = (
      await this.replies.create({ submissionId: id, text: input.text, mailedAt: null })
    ).toObject<ContactReplyDocument>();
    const now = reply.createdAt;
    const updated = await this.submissions.updateOne(
      { _id: id },
      {
        $set: {
          handled: true,
          handledAt: doc.handled ? (doc.handledAt ?? now) : now,
          repliedAt: doc.repliedAt ?? now,
        },
      },
    );
    if (updated.matchedCount === 0) {
      // Erased meanwhile with its sender's account: the reply goes too.
      await this.replies.deleteOne({ _id: reply._id });
      throw new GoneError(GONE_MESSAGE);
    }
    const replyId = String(reply._id);
    await this.audit.record(actor, {
      action: 'contact-message.reply',
      targetType: 'contact-message',
      targetId: id,
      // The reply's id and length only: the text and the sender's address stay out of the log.
      summary: `reply ${replyId} (${[...input.text].length} characters) mailed to the sender; handled: ${doc.handled === true} → true`,
    });
    await this.contact.queueReplyMail(id, replyId).catch((err: unknown) => {
      this.logger.warn(
        { err, submissionId: id, replyId },
        'reply stored but its mail not queued; the sweep will queue it',
      );
    });
    return replyView(reply);
  }

  /**
   * The promise as a figure, per level, over the messages received in the last 30 days: of those
   * whose outcome is known (answered, or unanswered past their due time), the share answered by
   * their due time. Answered: the first console reply or, without one, the handled mark.
   */
  async promise(now = new Date()): Promise<ContactPromise> {
    const since = new Date(now.getTime() - PROMISE_WINDOW_DAYS * DAY_MS);
    const docs = await this.submissions
      .find(
        { createdAt: { $gte: since } },
        { memberLevel: 1, dueAt: 1, createdAt: 1, repliedAt: 1, handled: 1, handledAt: 1 },
      )
      .lean<ContactSubmissionDocument[]>();
    const levels: ContactLevel[] = ['premium', 'free', 'visitor'];
    const figure = Object.fromEntries(
      levels.map((level) => [level, { hours: supportReplyHours(level), counted: 0, onTime: 0, pending: 0 }]),
    ) as Record<ContactLevel, { hours: number; counted: number; onTime: number; pending: number }>;
    for (const doc of docs) {
      const tally = figure[levelOf(doc)];
      const due = dueAtOf(doc);
      const answeredAt = doc.repliedAt ?? (doc.handled ? doc.handledAt : null);
      if (answeredAt) {
        tally.counted += 1;
        if (new Date(answeredAt) <= due) tally.onTime += 1;
      } else if (due < now) {
        tally.counted += 1;
      } else {
        tally.pending += 1;
      }
    }
    const withShare = (level: ContactLevel) => {
      const tally = figure[level];
      return { ...tally, share: tally.counted ? tally.onTime / tally.counted : null };
    };
    return {
      days: PROMISE_WINDOW_DAYS,
      since: since.toISOString(),
      premium: withShare('premium'),
      free: withShare('free'),
      visitor: withShare('visitor'),
    };
  }
}
