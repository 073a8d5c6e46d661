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
