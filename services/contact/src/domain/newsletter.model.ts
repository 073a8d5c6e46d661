import { randomUUID } from 'node:crypto';
import type { NewsletterStatus } from '@fm/contracts';
import { registerModel, schemaOptions } from '@fm/shared/store';
import { type Connection, type Model, Schema } from 'mongoose';

/**
 * A newsletter the founder writes in the console (`newsletters`): a draft until sent, then
 * read-only. `fanOutCursor` is the last audience member the send job recorded (a restarted job
 * goes on from there); `fanOutDoneAt` marks every recipient recorded, `recipients` their number.
 */
export interface NewsletterRecord {
  _id: string;
  subject: string;
  markdown: string;
  status: NewsletterStatus;
  sendRequestedAt: Date | null;
  fanOutCursor: string | null;
  fanOutDoneAt: Date | null;
  recipients: number;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const newsletterSchema = new Schema<NewsletterRecord>(
  {
    _id: { type: String, default: () => randomUUID() },
    subject: { type: String, required: true },
    markdown: { type: String, required: true },
    status: { type: String, required: true, default: 'draft' },
    sendRequestedAt: { type: Date, default: null },
    fanOutCursor: { type: String, default: null },
    fanOutDoneAt: { type: Date, default: null },
    recipients: { type: Number, required: true, default: 0 },
    sentAt: { type: Date, default: null },
  },
  schemaOptions({ collection: 'newsletters' }),
);
newsletterSchema.index({ createdAt: -1, _id: -1 });

/**
 * What became of one recipient of one newsletter (`newsletter_deliveries`, one per
 * {newsletterId, userId}: the unique index is the exactly-once record): `pending` until the mail
 * is out (`sent`), given up after the retries (`failed`), or dropped before it went (`skipped`,
 * with `skipReason`: the member deleted their account, or was no longer subscribed when their
 * delivery ran; the address is erased). The address is kept only while the delivery needs it.
 */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const SKIP_REASONS = ['deleted', 'unsubscribed'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface NewsletterDeliveryRecord {
  _id: string;
  newsletterId: string;
  userId: string;
  email: string | null;
  firstName: string | null;
  status: DeliveryStatus;
  skipReason: SkipReason | null;
  /** The member deleted their account (auth's account-deleted): counted as unsubscribed since. */
  memberDeleted: boolean;
  error: string | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const deliverySchema = new Schema<NewsletterDeliveryRecord>(
  {
    _id: { type: String, required: true },
    newsletterId: { type: String, required: true },
    userId: { type: String, required: true },
    email: { type: String, default: null },
    firstName: { type: String, default: null },
    status: { type: String, required: true, default: 'pending' },
    skipReason: { type: String, default: null },
    memberDeleted: { type: Boolean, default: false },
    error: { type: String, default: null },
    sentAt: { type: Date, default: null },
  },
  schemaOptions({ collection: 'newsletter_deliveries' }),
);
deliverySchema.index({ newsletterId: 1, userId: 1 }, { unique: true });
// The counts of a newsletter; a deleted member's pending deliveries.
deliverySchema.index({ newsletterId: 1, status: 1 });
deliverySchema.index({ newsletterId: 1, memberDeleted: 1 });
deliverySchema.index({ userId: 1, status: 1 });

/** A delivery's `_id`: one per newsletter and member. */
export function deliveryId(newsletterId: string, userId: string): string {
  return `${newsletterId}:${userId}`;
}

export interface NewsletterModels {
  Newsletter: Model<NewsletterRecord>;
  Delivery: Model<NewsletterDeliveryRecord>;
}

/** The models (their indexes are built as contact's others are: by mongoose when first used). */
export function newsletterModels(mongo: Connection): NewsletterModels {
  return {
    Newsletter: registerModel(mongo, 'Newsletter', newsletterSchema),
    Delivery: registerModel(mongo, 'NewsletterDelivery', deliverySchema),
  };
}
