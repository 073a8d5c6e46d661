/**
 * The support promise on one message: who wrote (its level), by when the founder answers
 * (SUPPORT_REPLY_HOURS, the constants the site shows) and the replies as the API shows them.
 */
import { type ContactLevel, type ContactReply, supportReplyHours } from '@fm/contracts';
import type { Model } from 'mongoose';
import type { ContactReplyDocument, ContactReplyRecord } from './contact-reply.model';
import type { ContactSubmissionDocument } from './contact-submission.model';

const HOUR_MS = 3_600_000;

/** The sender's level: stamped from the session when the message was stored; a visitor's otherwise. */
export function levelOf(doc: Pick<ContactSubmissionDocument, 'memberLevel'>): ContactLevel {
  return doc.memberLevel === 'premium' || doc.memberLevel === 'free' ? doc.memberLevel : 'visitor';
}

/** When a message from `level` received at `receivedAt` is due. */
export function dueAtFor(level: ContactLevel, receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + supportReplyHours(level) * HOUR_MS);
}

/** The stored due time; for a message stored before it existed, its level's from its arrival. */
export function dueAtOf(doc: Pick<ContactSubmissionDocument, 'dueAt' | 'memberLevel' | 'createdAt'>): Date {
  return doc.dueAt ? new Date(doc.dueAt) : dueAtFor(levelOf(doc), new Date(doc.createdAt));
}

export function replyView(reply: Pick<ContactReplyDocument, '_id' | 'text' | 'createdAt'>): ContactReply {
  return { id: String(reply._id), text: reply.text, createdAt: new Date(reply.createdAt).toISOString() };
}

/** The replies to these messages, oldest first, by message id. */
export async function repliesTo(
  replies: Model<ContactReplyRecord>,
  docs: Pick<ContactSubmissionDocument, '_id'>[],
): Promise<Map<string, ContactReply[]>> {
  const byMessage = new Map<string, ContactReply[]>();
  if (!docs.length) return byMessage;
  const found = await replies
    .find({ submissionId: { $in: docs.map((doc) => String(doc._id)) } })
    .sort({ createdAt: 1, _id: 1 })
    .lean<ContactReplyDocument[]>();
  for (const reply of found) {
    byMessage.set(reply.submissionId, [...(byMessage.get(reply.submissionId) ?? []), replyView(reply)]);
  }
  return byMessage;
}

/** What every view of a message shows of the promise (`replies`: from repliesTo). */
export function promiseFields(doc: ContactSubmissionDocument, replies: Map<string, ContactReply[]>) {
  return {
    level: levelOf(doc),
    dueAt: dueAtOf(doc).toISOString(),
    repliedAt: doc.repliedAt ? new Date(doc.repliedAt).toISOString() : null,
    replies: replies.get(String(doc._id)) ?? [],
  };
}

/**
 * The Message-ID of the founder's notification of a message: made from the message's id, so the
 * reply to the sender can be threaded on it (In-Reply-To, References) without storing it.
 * `mailFrom`'s domain (MAIL_FROM) is the id's right-hand side, as nodemailer's own ids have it.
 */
export function notificationMessageId(submissionId: string, mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<contact-${submissionId}@${domain}>`;
}
