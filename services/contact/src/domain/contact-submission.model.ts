import type { MembershipLevel } from '@fm/contracts';
import { registerModel, schemaOptions } from '@fm/shared/store';
import { type Connection, type Model, Schema, type Types } from 'mongoose';

/**
 * A message sent through the contact form. `notifiedAt` stays null until the founder's mail is
 * out; `handled` is the founder's mark in the console inbox (absent on messages stored before it).
 * `memberId` and `memberLevel` are the sender's when they were logged in, stamped by the server
 * from the session (null for a visitor, absent on messages stored before they existed).
 * A member's message carries the account's `name` and `email` (at the time; replies go there), whatever
 * was typed: `typedName`/`typedEmail` keep what they typed when it was not the account's (an account
 * with no name: its `name` is the typed one, and `typedName` marks it), `emailVerified` whether the
 * account's address was proven. A visitor's keeps the typed name and address, and null in all three;
 * a member's stored before these existed has none of them (its `email` is as typed).
 * `dueAt` is when the founder promised to answer (SUPPORT_REPLY_HOURS by level; absent on messages
 * stored before it existed: read as createdAt + the level's hours). `repliedAt` is the founder's
 * first reply from the console (the replies are in contact_replies).
 */

export interface ContactSubmission {
  name: string;
  email: string;
  message: string;
  memberId?: string | null;
  memberLevel?: MembershipLevel | null;
  emailVerified?: boolean | null;
  typedName?: string | null;
  typedEmail?: string | null;
  notifiedAt: Date | null;
  handled?: boolean;
  handledAt?: Date | null;
  dueAt?: Date | null;
  repliedAt?: Date | null;
}

export type ContactSubmissionDocument = ContactSubmission & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const contactSubmissionSchema = new Schema<ContactSubmission>(
  {
    // Lengths and characters are the request schema's (the kit's text rule), not repeated here.
    name: { type: String, required: true },
    email: { type: String, required: true },
    message: { type: String, required: true },
    memberId: { type: String, default: null },
    memberLevel: { type: String, enum: ['free', 'premium', null], default: null },
    emailVerified: { type: Boolean, default: null },
    typedName: { type: String, default: null },
    typedEmail: { type: String, default: null },
    notifiedAt: { type: Date, default: null },
    handled: { type: Boolean, default: false },
    handledAt: { type: Date, default: null },
    dueAt: { type: Date, default: null },
    repliedAt: { type: Date, default: null },
  },
  schemaOptions({ collection: 'contact_submissions' }),
);
// The sweep looks for old, un-notified submissions.
contactSubmissionSchema.index({ notifiedAt: 1, createdAt: 1 });
// The console's inbox: newest first, optionally only (un)handled ones.
contactSubmissionSchema.index({ createdAt: -1 });
contactSubmissionSchema.index({ handled: 1, createdAt: -1 });
// The console's inbox by due time ("open, most urgent first"); the promise figure reads by createdAt.
contactSubmissionSchema.index({ handled: 1, dueAt: 1 });
// A member's messages: their export, their account page and their account's deletion.
contactSubmissionSchema.index({ memberId: 1, createdAt: 1 });

export function contactSubmissionModel(mongo: Connection): Model<ContactSubmission> {
  return registerModel(mongo, 'ContactSubmission', contactSubmissionSchema);
}
