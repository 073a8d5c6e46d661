import { randomUUID } from 'node:crypto';
import type { User as PublicUser } from '@fm/contracts';
import { registerModel, schemaOptions, USERS_COLLECTION, type MembershipLevel } from '@fm/shared';
import { Schema, type Connection, type HydratedDocument, type Model } from 'mongoose';

export interface User {
  _id: string;
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  membershipLevel: MembershipLevel;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** When the membership event last applied happened (orders out-of-order events). */
  membershipChangedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type UserDocument = HydratedDocument<User>;

const userSchema = new Schema<User>(
  {
    _id: { type: String, default: () => randomUUID() },
    email: { type: String, required: true, unique: true, trim: true, lowercase: true },
    password: { type: String, required: true },
    firstName: { type: String, default: null },
    lastName: { type: String, default: null },
    profileImageUrl: { type: String, default: null },
    membershipLevel: { type: String, enum: ['free', 'premium'], required: true, default: 'free' },
    stripeCustomerId: { type: String, default: null },
    stripeSubscriptionId: { type: String, default: null },
    membershipChangedAt: { type: Date, default: null },
  },
  schemaOptions({ collection: USERS_COLLECTION }),
);

/**
 * One membership event applied to one user: the record that makes replays harmless and visible.
 * Keyed by the event id itself (`_id`), so the replay check is a primary-key lookup on any
 * MongoDB-protocol server (FerretDB v1 scans the collection for other filters).
 */
export interface MembershipChange {
  _id: string;
  userId: string;
  level: MembershipLevel;
  occurredAt: Date;
}

const membershipChangeSchema = new Schema<MembershipChange>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    level: { type: String, enum: ['free', 'premium'], required: true },
    occurredAt: { type: Date, required: true },
  },
  schemaOptions({ collection: 'membership_changes' }),
);

/**
 * A member's password-reset token, stored only as the SHA-256 of the token (the mail carries
 * the token). Keyed by that hash, so finding and consuming it are primary-key operations; at
 * most one per member (`userId` is unique: a newer request replaces the older token).
 */
export interface PasswordReset {
  _id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
}

const passwordResetSchema = new Schema<PasswordReset>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, unique: true },
    expiresAt: { type: Date, required: true },
  },
  schemaOptions({ collection: 'password_resets', timestamps: { createdAt: true, updatedAt: false } }),
);

export interface AuthModels {
  User: Model<User>;
  MembershipChange: Model<MembershipChange>;
  PasswordReset: Model<PasswordReset>;
}

export async function authModels(mongo: Connection): Promise<AuthModels> {
  const models = {
    User: registerModel(mongo, 'User', userSchema),
    MembershipChange: registerModel(mongo, 'MembershipChange', membershipChangeSchema),
    PasswordReset: registerModel(mongo, 'PasswordReset', passwordResetSchema),
  };
  await Promise.all([models.User.init(), models.MembershipChange.init(), models.PasswordReset.init()]);
  return models;
}

/** What a user looks like outside this service: no password hash, no Stripe ids. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user._id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    membershipLevel: user.membershipLevel,
    createdAt: user.createdAt.toISOString(),
  };
}
