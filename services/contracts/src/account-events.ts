/**
 * Auth's account events: a deleted account and a changed name (auth → the services' account-event
 * queues), and a forgot-password request (auth → its own worker).
 */
import { z } from 'zod';
import { isoDate } from './common';

/** A member deleted their account: every service drops or anonymises what it holds of them. */
export const accountDeletedSchema = z.object({
  userId: z.string().min(1),
  eventId: z.string().min(1),
  occurredAt: isoDate,
  /**
   * The member's address, for data kept by address rather than by id (contact's messages sent
   * as a visitor, its sent-mail records). Optional: events queued before it existed lack it.
   */
  email: z.email().optional(),
  /** Whether the member proved they own `email`: only then are messages sent to it as a visitor theirs. */
  emailVerified: z.boolean().optional(),
});

/** A member's display name changed (courses keep the owner's name on each course). */
export const memberProfileChangedSchema = z.object({
  userId: z.string().min(1),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  eventId: z.string().min(1),
  occurredAt: isoDate,
});

/**
 * Someone asked for a password-reset link (POST /api/auth/password/forgot). The request path
 * queues this for every email alike, with or without an account, so its answer cannot tell them
 * apart; auth's worker looks the member up and, with an account, queues `password-reset-mail`.
 * `requestId` is this reset request's own random id (not the HTTP X-Request-Id, which a client
 * may choose): the job id, the mail's event id and the link's token all derive from it, so a
 * redelivered job makes the same link, never a second one.
 */
export const passwordResetRequestSchema = z.object({
  /** Trimmed and lower-cased, as the route validated it. */
  email: z.email().max(254),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  /** When the request arrived; the link expires PASSWORD_RESET_TTL_MINUTES after it. */
  requestedAt: isoDate,
});

export type AccountDeleted = z.infer<typeof accountDeletedSchema>;
export type MemberProfileChanged = z.infer<typeof memberProfileChangedSchema>;
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
