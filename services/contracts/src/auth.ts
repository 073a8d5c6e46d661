import { z } from 'zod';
import { isoDate } from './common';

export const MEMBERSHIP_LEVELS = ['free', 'premium'] as const;
export const membershipLevelSchema = z.enum(MEMBERSHIP_LEVELS);
export type MembershipLevel = z.infer<typeof membershipLevelSchema>;

/** `users.role`: granted and revoked only by auth's command (`npm run admin -w services/auth`). */
export const ROLES = ['member', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** GET /api/auth/user; no password hash, no Stripe ids. `role: "admin"` opens the founder console. */
export const userSchema = z.strictObject({
  id: z.string().min(1),
  email: z.email(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  membershipLevel: membershipLevelSchema,
  role: roleSchema,
  createdAt: isoDate,
  /** The member proved they own `email` (opened the link of the verification mail). */
  emailVerified: z.boolean(),
  /** The member wants the monthly newsletter (sent only once `emailVerified`); false unless they chose it. */
  newsletter: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/auth/signup and /api/auth/login. */
export const authAnswerSchema = z.strictObject({ user: userSchema });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/**
 * auth's GET /internal/reminder-recipient (service token, audience `auth`; its subject is the
 * member): what practice's daily reminder needs to know of the member. A member with no account
 * (deleted) is `{deleted: true}` with the rest empty, never a 404 (a 404 is a wrong address).
 */
export const reminderRecipientSchema = z.strictObject({
  memberId: z.string().min(1),
  deleted: z.boolean(),
  email: z.email().nullable(),
  firstName: z.string().nullable(),
  membershipLevel: membershipLevelSchema.nullable(),
  /** Reminders go only to verified addresses. */
  emailVerified: z.boolean(),
});
export type ReminderRecipient = z.infer<typeof reminderRecipientSchema>;
