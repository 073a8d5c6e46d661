import { registerModel, schemaOptions } from '@fm/shared/store';
import { managedFields, type Managed } from './managed';
import { type Connection, Schema, type Types } from 'mongoose';

/** A card on /membership: Free or Premium. `price` is display text ("Free", "$19.99"). */
export interface MembershipTier {
  name: string;
  price: string;
  features: string[];
  isFeatured: boolean;
  order: number;
}

export type MembershipTierDocument = MembershipTier &
  Managed & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

const membershipTierSchema = new Schema<MembershipTier & Managed>(
  {
    name: { type: String, required: true, trim: true },
    price: { type: String, required: true },
    features: { type: [String], default: [] },
    isFeatured: { type: Boolean, required: true, default: false },
    order: { type: Number, required: true },
    ...managedFields,
  },
  schemaOptions({ collection: 'membership_tiers' }),
);
membershipTierSchema.index({ name: 1 }, { unique: true });
// The seed finds its own records by seedKey (managed.ts).
membershipTierSchema.index({ seedKey: 1 });

export function membershipTierModel(mongo: Connection) {
  return registerModel(mongo, 'MembershipTier', membershipTierSchema);
}
