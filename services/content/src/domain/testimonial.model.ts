import { registerModel, schemaOptions } from '@fm/shared/store';
import { managedFields, type Managed } from './managed';
import { type Connection, Schema, type Types } from 'mongoose';

/** A member's words about the product, shown on the home page. */
export interface Testimonial {
  name: string;
  location: string;
  quote: string;
  avatarUrl?: string | null;
}

export type TestimonialDocument = Testimonial & Managed & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const testimonialSchema = new Schema<Testimonial & Managed>(
  {
    name: { type: String, required: true, trim: true },
    location: { type: String, required: true, trim: true },
    quote: { type: String, required: true },
    avatarUrl: { type: String, default: null },
    ...managedFields,
  },
  schemaOptions({ collection: 'testimonials' }),
);
// Name + location is the seed's natural key.
testimonialSchema.index({ name: 1, location: 1 }, { unique: true });
// The seed finds its own records by seedKey (managed.ts).
testimonialSchema.index({ seedKey: 1 });

export function testimonialModel(mongo: Connection) {
  return registerModel(mongo, 'Testimonial', testimonialSchema);
}
