import { registerModel, schemaOptions } from '@fm/shared';
import { type Connection, type Model, Schema, type Types } from 'mongoose';

/**
 * A message sent through the contact form. `notifiedAt` stays null until the founder's mail is
 * out; `handled` is the founder's mark in the console inbox (absent on messages stored before it).
 */
export interface ContactSubmission {
  name: string;
  email: string;
  message: string;
  notifiedAt: Date | null;
  handled?: boolean;
  handledAt?: Date | null;
}

export type ContactSubmissionDocument = ContactSubmission & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const contactSubmissionSchema = new Schema<ContactSubmission>(
  {
    // Lengths and characters are the request schema's (the kit's text rule), not repeated here.
    name: { type: String, required: true },
    email: { type: String, required: true },
    message: { type: String, required: true },
    notifiedAt: { type: Date, default: null },
    handled: { type: Boolean, default: false },
    handledAt: { type: Date, default: null },
  },
  schemaOptions({ collection: 'contact_submissions' }),
);
// The sweep looks for old, un-notified submissions.
contactSubmissionSchema.index({ notifiedAt: 1, createdAt: 1 });
// The console's inbox: newest first, optionally only (un)handled ones.
contactSubmissionSchema.index({ createdAt: -1 });
contactSubmissionSchema.index({ handled: 1, createdAt: -1 });

export function contactSubmissionModel(mongo: Connection): Model<ContactSubmission> {
  return registerModel(mongo, 'ContactSubmission', contactSubmissionSchema);
}
