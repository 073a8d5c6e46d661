import { registerModel, schemaOptions } from '@fm/shared/store';
import { type Connection, type Model, Schema, type Types } from 'mongoose';

/**
 * One reply of the founder to a contact message (from the console), mailed once to the sender:
 * `mailedAt` stays null until the mail is out (the sweep queues it again otherwise). Erased with
 * its message when the sender deletes their account.
 */
export interface ContactReplyRecord {
  submissionId: string;
  text: string;
  mailedAt: Date | null;
}

export type ContactReplyDocument = ContactReplyRecord & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const contactReplySchema = new Schema<ContactReplyRecord>(
  {
    submissionId: { type: String, required: true },
    text: { type: String, required: true },
    mailedAt: { type: Date, default: null },
  },
  schemaOptions({ collection: 'contact_replies' }),
);
// A message's replies, oldest first; the sweep's replies not mailed.
contactReplySchema.index({ submissionId: 1, createdAt: 1 });
contactReplySchema.index({ mailedAt: 1, createdAt: 1 });

export function contactReplyModel(mongo: Connection): Model<ContactReplyRecord> {
  return registerModel(mongo, 'ContactReply', contactReplySchema);
}
