import { registerModel, schemaOptions } from '@fm/shared/store';
import { type Connection, Schema, type Types } from 'mongoose';

/** One of the 12 Premium programme sections (daily-drills, sos-drills, ...), addressed by slug. */
export interface MemberSection {
  name: string;
  slug: string;
  description?: string | null;
  order: number;
  /**
   * The member area has a page for it (/member/<slug>): the one place that says which sections a
   * member can open. The other sections' items are in the catalogue but nowhere in the app yet.
   */
  hasPage: boolean;
}

export type MemberSectionDocument = MemberSection & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const memberSectionSchema = new Schema<MemberSection>(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, required: true, trim: true, lowercase: true, match: /^[a-z0-9]+(?:-[a-z0-9]+)*$/ },
    description: { type: String, default: null },
    order: { type: Number, required: true },
    hasPage: { type: Boolean, default: false },
  },
  schemaOptions({ collection: 'member_sections' }),
);
memberSectionSchema.index({ slug: 1 }, { unique: true });
memberSectionSchema.index({ order: 1 });

export function memberSectionModel(mongo: Connection) {
  return registerModel(mongo, 'MemberSection', memberSectionSchema);
}
