import { registerModel, schemaOptions } from '@fm/shared/store';
import { managedFields, type Managed } from './managed';
import { type Connection, Schema, type Types } from 'mongoose';
import { CONTENT_TYPES, type ContentType } from '@fm/contracts';

/**
 * One item of a member section: a video, an audio session or a text (newlines, **bold** and
 * http(s) links are rendered by the page).
 */
export interface MemberContent {
  sectionId?: Types.ObjectId | null;
  title: string;
  description?: string | null;
  contentType: ContentType;
  videoUrl?: string | null;
  videoType?: string | null;
  audioUrl?: string | null;
  textContent?: string | null;
  duration?: string | null;
  order: number;
  /**
   * When it was published: the seed's fixed date (catalogue/publication-dates.ts) or the time the
   * founder added it. Null on records stored before it existed: their `createdAt` stands in.
   */
  publishedAt?: Date | null;
}

export type MemberContentDocument = MemberContent & Managed & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const memberContentSchema = new Schema<MemberContent & Managed>(
  {
    sectionId: { type: Schema.Types.ObjectId, ref: 'MemberSection', default: null },
    title: { type: String, required: true, trim: true },
    description: { type: String, default: null },
    contentType: { type: String, required: true, enum: CONTENT_TYPES },
    videoUrl: { type: String, default: null },
    videoType: { type: String, default: null },
    audioUrl: { type: String, default: null },
    textContent: { type: String, default: null },
    duration: { type: String, default: null },
    order: { type: Number, required: true },
    publishedAt: { type: Date, default: null },
    ...managedFields,
  },
  schemaOptions({ collection: 'member_content' }),
);
// A section's items by title is the seed's natural key; listing reads (sectionId, order).
memberContentSchema.index({ sectionId: 1, title: 1 }, { unique: true });
memberContentSchema.index({ sectionId: 1, order: 1 });
// The seed finds its own records by seedKey (managed.ts).
memberContentSchema.index({ seedKey: 1 });

export function memberContentModel(mongo: Connection) {
  return registerModel(mongo, 'MemberContent', memberContentSchema);
}
