import { schemaOptions } from '@fm/shared';
import { type Connection, type Model, Schema, type Types } from 'mongoose';

/** A message sent through the contact form. `notifiedAt` stays null until the founder's mail is out. */
export interface ContactSubmission {
  name: string;
  email: string;
  message: string;
  notifiedAt: Date | null;
}

export type ContactSubmissionDocument = ContactSubmission & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const contactSubmissionSchema = new Schema<ContactSubmission>(
  {
    name: { type: String, required: true, maxlength: 100 },
    email: { type: String, required: true, maxlength: 254 },
    message: { type: String, required: true, maxlength: 5000 },
    notifiedAt: { type: Date, default: null },
  },
  schemaOptions({ collection: 'contact_submissions' }),
);
// The sweep looks for old, un-notified submissions.
contactSubmissionSchema.index({ notifiedAt: 1, createdAt: 1 });

export function contactSubmissionModel(mongo: Connection): Model<ContactSubmission> {
  return (
    (mongo.models.ContactSubmission as Model<ContactSubmission> | undefined) ??
    mongo.model<ContactSubmission>('ContactSubmission', contactSubmissionSchema, 'contact_submissions')
  );
}
