import { randomUUID } from 'node:crypto';
import { ROLES, type MembershipLevel, type Role } from '@fm/contracts';
import { USERS_COLLECTION } from '@fm/shared/auth';
import { registerModel, schemaOptions } from '@fm/shared/store';
import { Schema, type Connection, type HydratedDocument, type Model } from 'mongoose';

export interface User {
  _id: string;
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  membershipLevel: MembershipLevel;
  /** `admin` opens the founder console; set only by the admin command (`src/admin-command.ts`). */
  role: Role;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** When the membership event last applied happened (orders out-of-order events). */
  membershipChangedAt: Date | null;
  /** The version of the membership ledger the level was derived from (absent before the first event). */
  membershipVersion?: number;
  /** The member opened a verification link sent to `email` (false for members from before verification). */
  emailVerified: boolean;
  /**
   * When the member's pending reset links were last revoked (password changed or reset, signed
   * out everywhere): a link requested at or before it never works.
   */
  resetLinksRevokedAt: Date | null;
  /** The member wants the monthly newsletter (chosen at sign-up or on the account page; false by default). */
  newsletter: boolean;
  /** When `newsletter` last changed (null: never since sign-up). */
  newsletterChangedAt: Date | null;
  /**
   * The newsletter whose unsubscribe link the member left through (its id, the link's
   * `mailingId`); null once they subscribe again.
   */
  newsletterLeftFrom: string | null;
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
    role: { type: String, enum: ROLES, required: true, default: 'member' },
    stripeCustomerId: { type: String, default: null },
    stripeSubscriptionId: { type: String, default: null },
    membershipChangedAt: { type: Date, default: null },
    membershipVersion: { type: Number },
    emailVerified: { type: Boolean, required: true, default: false },
    resetLinksRevokedAt: { type: Date, default: null },
    newsletter: { type: Boolean, required: true, default: false },
    newsletterChangedAt: { type: Date, default: null },
    newsletterLeftFrom: { type: String, default: null },
  },
  schemaOptions({ collection: USERS_COLLECTION }),
);
// The newsletter's audience, paged in `_id` order (GET /internal/newsletter/audience).
userSchema.index({ newsletter: 1, emailVerified: 1, _id: 1 });
// The members who left the newsletter since a send began (GET /internal/newsletter/left).
userSchema.index({ newsletter: 1, newsletterChangedAt: 1 });
// The sign-ups since a day, paged in `_id` order (GET /internal/members/sign-ups, the founder's cohorts).
userSchema.index({ createdAt: 1, _id: 1 });

/** The newest event seen for one of a member's subscriptions. */
export interface SubscriptionMark {
  level: MembershipLevel;
  /** When the event happened at Stripe (its `membershipEventStamp`): an older event of this subscription changes nothing. */
  at: Date;
  stripeCustomerId: string | null;
}

/**
 * The membership ledger of one member (`_id` = user id): the newest event of each subscription,
 * keyed by subscription id. The member is Premium while any subscription's newest event granted
 * it, so ordering is per subscription and the order events arrive in decides nothing. One
 * document per member keeps every read and write a primary-key operation.
 */
export interface MembershipState {
  _id: string;
  subscriptions: Record<string, SubscriptionMark>;
}

const membershipStateSchema = new Schema<MembershipState>(
  {
    _id: { type: String, required: true },
    subscriptions: { type: Schema.Types.Mixed, required: true, default: {} },
  },
  schemaOptions({ collection: 'membership_states', minimize: false }),
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
  /** When the forgot-password request that made it arrived (absent on links made before it was kept). */
  requestedAt?: Date;
  createdAt: Date;
}

const passwordResetSchema = new Schema<PasswordReset>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, unique: true },
    expiresAt: { type: Date, required: true },
    requestedAt: { type: Date },
  },
  schemaOptions({ collection: 'password_resets', timestamps: { createdAt: true, updatedAt: false } }),
);

/**
 * A member's email-verification token, stored only as its SHA-256 (the mail carries the token).
 * Keyed by that hash (finding and consuming it are primary-key operations); at most one per
 * member (`userId` is unique: a new link replaces the older one). `email` is the address the
 * link was sent to: it verifies only that address.
 */
export interface EmailVerification {
  _id: string;
  userId: string;
  email: string;
  expiresAt: Date;
  createdAt: Date;
}

const emailVerificationSchema = new Schema<EmailVerification>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, unique: true },
    email: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  schemaOptions({ collection: 'email_verifications', timestamps: { createdAt: true, updatedAt: false } }),
);

export interface AuthModels {
  User: Model<User>;
  MembershipState: Model<MembershipState>;
  PasswordReset: Model<PasswordReset>;
  EmailVerification: Model<EmailVerification>;
}

export async function authModels(mongo: Connection): Promise<AuthModels> {
  const models = {
    User: registerModel(mongo, 'User', userSchema),
    MembershipState: registerModel(mongo, 'MembershipState', membershipStateSchema),
    PasswordReset: registerModel(mongo, 'PasswordReset', passwordResetSchema),
    EmailVerification: registerModel(mongo, 'EmailVerification', emailVerificationSchema),
  };
  await Promise.all([
    models.User.init(),
    models.MembershipState.init(),
    models.PasswordReset.init(),
    models.EmailVerification.init(),
  ]);
  return models;
}
