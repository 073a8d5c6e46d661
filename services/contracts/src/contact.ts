import { z } from 'zod';
import { isoDate } from './common';

/** POST /api/contact → 201: the stored message's id. */
export const contactReceiptSchema = z.strictObject({ id: z.string().min(1) });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

/**
 * Who wrote a contact message, stamped by the server from the session when it was stored:
 * a Premium or Free member, or a visitor (no session).
 */
export const contactLevelSchema = z.enum(['premium', 'free', 'visitor']);
export type ContactLevel = z.infer<typeof contactLevelSchema>;

/**
 * How soon the founder answers a contact message: the one place for the promise. The site says it
 * (GET /api/config `supportReplyHours`: the FAQ, /membership, /contact) and contact's inbox
 * gives each message its due time from it. Visitors are answered as Free members are.
 * Free members are promised a range (SPEC: "48-72 hours"): `freeFrom` to `free` hours; the due time
 * is its end, `free`.
 */
export const SUPPORT_REPLY_HOURS = { premium: 24, freeFrom: 48, free: 72 } as const;

/** The hours the founder has to answer a message from `level`. */
export function supportReplyHours(level: ContactLevel): number {
  return level === 'premium' ? SUPPORT_REPLY_HOURS.premium : SUPPORT_REPLY_HOURS.free;
}

/** One answer of the founder to a contact message, sent by mail to the sender from SUPPORT_EMAIL. */
export const contactReplySchema = z.strictObject({
  id: z.string().min(1),
  text: z.string().min(1),
  createdAt: isoDate,
});
export type ContactReply = z.infer<typeof contactReplySchema>;

/** GET /api/contact/mine (logged in): one of the member's messages, with the founder's replies. */
export const myContactMessageSchema = z.strictObject({
  id: z.string().min(1),
  message: z.string(),
  createdAt: isoDate,
  level: contactLevelSchema,
  /** When the founder promised to answer (createdAt + the level's hours). */
  dueAt: isoDate,
  /** The first reply; null while none. */
  repliedAt: isoDate.nullable(),
  /** Oldest first. */
  replies: z.array(contactReplySchema),
});
export type MyContactMessage = z.infer<typeof myContactMessageSchema>;

/** GET /api/contact/mine → the member's messages, newest first (at most CONTACT_MINE_LIMIT). */
export const myContactMessagesSchema = z.strictObject({ items: z.array(myContactMessageSchema) });
export type MyContactMessages = z.infer<typeof myContactMessagesSchema>;
export const CONTACT_MINE_LIMIT = 50;
