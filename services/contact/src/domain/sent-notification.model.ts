import { registerModel, schemaOptions } from '@fm/shared';
import { type Connection, type Model, Schema } from 'mongoose';

/**
 * One mail that went out: written after the SMTP server accepted it, checked before sending, so
 * the same notification (dedupe key + recipient) is mailed once even if its event comes twice.
 */
export interface SentNotification {
  /** The event the mail is about, e.g. `contact-<submissionId>`, `coaching-<bookingId>`. */
  key: string;
  recipient: string;
  kind: string;
  messageId: string | null;
  sentAt: Date;
}

const sentNotificationSchema = new Schema<SentNotification>(
  {
    key: { type: String, required: true },
    recipient: { type: String, required: true, lowercase: true, trim: true },
    kind: { type: String, required: true },
    messageId: { type: String, default: null },
    sentAt: { type: Date, required: true },
  },
  schemaOptions({ collection: 'sent_notifications' }),
);
sentNotificationSchema.index({ key: 1, recipient: 1 }, { unique: true });

export function sentNotificationModel(mongo: Connection): Model<SentNotification> {
  return registerModel(mongo, 'SentNotification', sentNotificationSchema);
}
