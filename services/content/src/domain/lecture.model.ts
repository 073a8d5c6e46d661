import { registerModel, schemaOptions } from '@fm/shared/store';
import { managedFields, type Managed } from './managed';
import { type Connection, Schema, type Types } from 'mongoose';

/** One of the five member lectures (numbered 1-5). Only `isFree` ones show media to free members. */
export interface Lecture {
  number: number;
  title: string;
  description: string;
  duration: string;
  videoUrl: string;
  videoType: string;
  isFree: boolean;
  /**
   * When it was published: the seed's fixed date (catalogue/publication-dates.ts) or the time the
   * founder added it. Null on records stored before it existed: their `createdAt` stands in.
   */
  publishedAt?: Date | null;
}

export type LectureDocument = Lecture & Managed & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const lectureSchema = new Schema<Lecture & Managed>(
  {
    number: { type: Number, required: true, min: 1 },
    title: { type: String, required: true, trim: true },
    description: { type: String, required: true },
    duration: { type: String, required: true },
    videoUrl: { type: String, required: true },
    videoType: { type: String, required: true },
    isFree: { type: Boolean, required: true, default: false },
    publishedAt: { type: Date, default: null },
    ...managedFields,
  },
  schemaOptions({ collection: 'lectures' }),
);
lectureSchema.index({ number: 1 }, { unique: true });
// The seed finds its own records by seedKey (managed.ts).
lectureSchema.index({ seedKey: 1 });

export function lectureModel(mongo: Connection) {
  return registerModel(mongo, 'Lecture', lectureSchema);
}
