import {
  jobIdFor,
  type ContactReplyMail,
  type ContactSubmitted,
  type QUEUES,
  CONTACT_MINE_LIMIT,
  type MyContactMessage,
} from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { escapeRegExp } from '@fm/shared/http';
import { isObjectId } from '@fm/shared/store';
import type { QueueProducer } from '@fm/shared/queues';
import type { CurrentUser } from '@fm/shared/auth';
import type { Connection } from 'mongoose';
import type { ContactInput } from './contact.schemas';
import { contactSubmissionModel, type ContactSubmissionDocument } from './contact-submission.model';
import { contactReplyModel, type ContactReplyDocument } from './contact-reply.model';
import { senderFields } from './contact-sender';
import { dueAtFor, levelOf, promiseFields, repliesTo } from './support-promise';

/** A contact message as the member's data export lists it. */
export interface ExportedMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

/** The address as typed, matched without regard to case (addresses are stored as typed). */
export function sameAddress(email: string): RegExp {
  return new RegExp(`^${escapeRegExp(email.trim())}$`, 'i');
}

/**
 * Which messages are a member's: those sent while logged in as them (`memberId`), and those sent
 * as a visitor (no `memberId`) with their address, but only once they proved they own it:
 * anyone can sign up with an address they do not own.
 */
export function messagesOfMember(member: { userId: string; email?: string; emailVerified: boolean }) {
  const email = member.email?.trim();
  if (!member.emailVerified || !email) return { memberId: member.userId };
  return {
    $or: [{ memberId: member.userId }, { memberId: null, email: sameAddress(email) }],
  };
}

export function contactJobId(submissionId: string): string {
  return jobIdFor('contact', submissionId);
}

export function contactReplyJobId(replyId: string): string {
  return jobIdFor('contact-reply', replyId);
}

/** What the reply's mail needs: the message (its sender) and the reply; null once either is gone. */
export interface ReplyToMail {
  submissionId: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  /** The sender was logged in: the reply is on their account page too. */
  fromMember: boolean;
  reply: { id: string; text: string };
}

function eventOf(doc: ContactSubmissionDocument): ContactSubmitted {
  return {
    submissionId: String(doc._id),
    name: doc.name,
    email: doc.email,
    message: doc.message,
    createdAt: new Date(doc.createdAt).toISOString(),
    level: levelOf(doc),
    emailVerified: doc.memberId ? (doc.emailVerified ?? null) : null,
    typedName: doc.typedName ?? null,
    typedEmail: doc.typedEmail ?? null,
  };
}

/**
 * Contact messages: stored first (a stored message is never lost), then a `contact-submitted`
 * job is queued for the founder's mail. If Redis cannot take the job, the message stays with
 * `notifiedAt: null` and `requeueUnsent` (run by the sweep) queues it later.
 */
export class ContactService {
  private readonly submissions;
  private readonly replies;

  constructor(
    private readonly deps: { mongo: Connection; producer: QueueProducer<typeof QUEUES.notifications>; logger: Logger },
  ) {
    this.submissions = contactSubmissionModel(deps.mongo);
    this.replies = contactReplyModel(deps.mongo);
  }

  /**
   * `sender`: the logged-in member behind the request (from the session), none for a visitor. A
   * member's message is stored with the account's name and address (contact-sender.ts).
   */
  async submit(input: ContactInput, sender?: CurrentUser): Promise<{ id: string; queued: boolean }> {
    const from = senderFields(input, sender);
    const receivedAt = new Date();
    const doc = await this.submissions.create({
      message: input.message,
      ...from,
      // The founder's promise for this sender's level (the hours the site states).
      dueAt: dueAtFor(levelOf(from), receivedAt),
      notifiedAt: null,
    });
    const id = String(doc._id);
    const queued = await this.enqueue(eventOf(doc.toObject<ContactSubmissionDocument>())).then(
      () => true,
      (err: unknown) => {
        this.deps.logger.warn(
          { err, submissionId: id },
          'contact message stored but not queued; the sweep will queue it',
        );
        return false;
      },
    );
    return { id, queued };
  }

  /** Redis down → the kit's producer gives up within a few seconds (ServiceUnavailableError). */
  private async enqueue(event: ContactSubmitted): Promise<void> {
    await this.deps.producer.publish('contact-submitted', event, contactJobId(event.submissionId));
  }

  /**
   * The member's messages (see messagesOfMember), oldest first, for their data export: those
   * sent while logged in as them, and those sent as a visitor with their address only when it is
   * verified. Addresses are stored as typed, so they are matched without regard to case.
   */
  async messagesFrom(member: { userId: string; email: string; emailVerified: boolean }): Promise<ExportedMessage[]> {
    const docs = await this.submissions
      .find(messagesOfMember(member))
      .sort({ createdAt: 1, _id: 1 })
      .lean<ContactSubmissionDocument[]>();
    return docs.map((doc) => ({
      id: String(doc._id),
      name: doc.name,
      email: doc.email,
      message: doc.message,
      createdAt: new Date(doc.createdAt).toISOString(),
    }));
  }

  /**
   * GET /api/contact/mine: the member's messages (messagesOfMember), newest first, with the
   * founder's replies: what their account page shows.
   */
  async mine(member: CurrentUser): Promise<MyContactMessage[]> {
    const docs = await this.submissions
      .find(messagesOfMember({ userId: member.id, email: member.email, emailVerified: member.emailVerified }))
      .sort({ createdAt: -1, _id: -1 })
      .limit(CONTACT_MINE_LIMIT)
      .lean<ContactSubmissionDocument[]>();
    const replies = await repliesTo(this.replies, docs);
    return docs.map((doc) => ({
      id: String(doc._id),
      message: doc.message,
      createdAt: new Date(doc.createdAt).toISOString(),
      ...promiseFields(doc, replies),
    }));
  }

  /** Queues the mail of a stored reply (once per reply: the job id and the mail's dedupe key). */
  async queueReplyMail(submissionId: string, replyId: string): Promise<void> {
    await this.deps.producer.publish('contact-reply-mail', { submissionId, replyId }, contactReplyJobId(replyId));
  }

  /** The message and the reply a `contact-reply-mail` job names; null if either is gone (erased). */
  async replyToMail(submissionId: string, replyId: string): Promise<ReplyToMail | null> {
    if (!isObjectId(submissionId) || !isObjectId(replyId)) return null;
    const doc = await this.submissions.findById(submissionId).lean<ContactSubmissionDocument>();
    const reply = await this.replies.findOne({ _id: replyId, submissionId }).lean<ContactReplyDocument>();
    if (!doc || !reply) return null;
    return {
      submissionId,
      name: doc.name,
      email: doc.email,
      message: doc.message,
      createdAt: new Date(doc.createdAt).toISOString(),
      fromMember: Boolean(doc.memberId),
      reply: { id: replyId, text: reply.text },
    };
  }

  /** The reply's mail is out. */
  async markReplyMailed(submissionId: string, replyId: string): Promise<void> {
    if (!isObjectId(replyId)) return;
    await this.replies.updateOne({ _id: replyId, submissionId, mailedAt: null }, { $set: { mailedAt: new Date() } });
  }

  /** The founder's mail for this message is out. */
  async markNotified(submissionId: string): Promise<void> {
    if (!isObjectId(submissionId)) return;
    await this.submissions.updateOne({ _id: submissionId, notifiedAt: null }, { $set: { notifiedAt: new Date() } });
  }

  /**
   * Queues again every message older than `graceMs` whose mail has not gone out, and every reply
   * as old whose mail has not gone out: adds its job if Redis has none (the job id makes this a
   * no-op when one is waiting), retries it if it failed for good. Returns how many it touched.
   */
  async requeueUnsent(graceMs: number, batch = 100): Promise<{ queued: number; retried: number }> {
    const cutoff = new Date(Date.now() - graceMs);
    const unsent = await this.submissions
      .find({ notifiedAt: null, createdAt: { $lte: cutoff } })
      .sort({ createdAt: 1 })
      .limit(batch)
      .lean<ContactSubmissionDocument[]>();
    const unmailed = await this.replies
      .find({ mailedAt: null, createdAt: { $lte: cutoff } })
      .sort({ createdAt: 1 })
      .limit(batch)
      .lean<ContactReplyDocument[]>();
    const counts = { queued: 0, retried: 0 };
    const tally = (outcome: 'queued' | 'retried' | null) => {
      if (outcome) counts[outcome] += 1;
    };
    for (const doc of unsent) {
      const event = eventOf(doc);
      tally(await this.requeue('contact-submitted', event, contactJobId(event.submissionId)));
    }
    for (const reply of unmailed) {
      const payload = { submissionId: reply.submissionId, replyId: String(reply._id) };
      tally(await this.requeue('contact-reply-mail', payload, contactReplyJobId(payload.replyId)));
    }
    const { queued, retried } = counts;
    if (queued || retried) this.deps.logger.info({ queued, retried }, 'unsent contact messages queued again');
    return { queued, retried };
  }

  private async requeue(
    ...[name, payload, jobId]:
      ['contact-submitted', ContactSubmitted, string] | ['contact-reply-mail', ContactReplyMail, string]
  ): Promise<'queued' | 'retried' | null> {
    const job = await this.deps.producer.queue.getJob(jobId);
    if (!job) {
      if (name === 'contact-submitted') await this.deps.producer.publish(name, payload, jobId);
      else await this.deps.producer.publish(name, payload, jobId);
      return 'queued';
    }
    if (await job.isFailed()) {
      await job.retry('failed');
      return 'retried';
    }
    return null;
  }
}
