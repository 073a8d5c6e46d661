import { registerModel, schemaOptions } from '@fm/shared/store';
import { managedFields, type Managed } from './managed';
import { type Connection, Schema, type Types } from 'mongoose';
import { LESSON_CATEGORIES, type LessonCategory } from '@fm/contracts';

/** A lesson of the public library. `isFree: false` lessons are Premium ("locked" for everyone else). */
export interface Lesson {
  title: string;
  description: string;
  videoUrl: string;
  /** youtube, vimeo, or anything else (then videoUrl is embedded directly). */
  videoType: string;
  audioUrl?: string | null;
  /** Display text, e.g. "12 min". */
  duration: string;
  isFree: boolean;
  order: number;
  category: LessonCategory;
  /**
   * When it was published: the seed's fixed date (catalogue/publication-dates.ts) or the time the
   * founder added it. Null on records stored before it existed: their `createdAt` stands in.
   */
  publishedAt?: Date | null;
}

export type LessonDocument = Lesson & Managed & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const lessonSchema = new Schema<Lesson & Managed>(
  {
    title: { type: String, required: true, trim: true },
    description: { type: String, required: true },
    videoUrl: { type: String, required: true },
    videoType: { type: String, required: true },
    audioUrl: { type: String, default: null },
    duration: { type: String, required: true },
    isFree: { type: Boolean, required: true, default: false },
    order: { type: Number, required: true },
    category: { type: String, required: true, enum: LESSON_CATEGORIES },
    publishedAt: { type: Date, default: null },
    ...managedFields,
  },
  schemaOptions({ collection: 'lessons' }),
);
// The title is the seed's natural key.
lessonSchema.index({ title: 1 }, { unique: true });
lessonSchema.index({ order: 1 });
// The seed finds its own records by seedKey (managed.ts).
lessonSchema.index({ seedKey: 1 });

export function lessonModel(mongo: Connection) {
  return registerModel(mongo, 'Lesson', lessonSchema);
}
