import { createHash, randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import {
  type Logger,
  type QueueProducer,
  type QUEUES,
  type RateLimiter,
  type RateLimitRule,
  retryOnDuplicateKey,
  ValidationError,
  jobIdFor,
} from '@fm/shared';
import type { MemberSessions } from './member-sessions';
import type { AuthModels, User } from './user.model';
import { messages } from './user.schemas';
import type { UserService } from './user.service';

/** Bytes of randomness in a reset token (base64url in the link: 43 characters). */
const TOKEN_BYTES = 32;

export interface PasswordResetLimits {
  resetsPerEmail: RateLimitRule;
  resetsPerIp: RateLimitRule;
}

export function passwordResetLimits(config: {
  AUTH_RESETS_PER_EMAIL_PER_HOUR: number;
  AUTH_RESETS_PER_IP_PER_HOUR: number;
}): PasswordResetLimits {
  return {
    resetsPerEmail: { name: 'reset-email', limit: config.AUTH_RESETS_PER_EMAIL_PER_HOUR, windowSeconds: 60 * 60 },
    resetsPerIp: { name: 'reset-ip', limit: config.AUTH_RESETS_PER_IP_PER_HOUR, windowSeconds: 60 * 60 },
  };
}

export interface PasswordResetDeps {
  models: AuthModels;
  users: UserService;
  sessions: MemberSessions;
  limiter: RateLimiter;
  limits: PasswordResetLimits;
  notifications: QueueProducer<typeof QUEUES.notifications>;
  logger: Logger;
  bcryptRounds: number;
  /** `<SITE_ORIGIN>`: the reset link points at the SPA's /reset-password page. */
  siteOrigin: string;
  ttlMinutes: number;
}

/** The token as stored: its SHA-256, so a leaked database holds no usable link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Forgotten passwords: a single-use, short-lived link by mail, and the reset it allows. The
 * answer to a request never tells whether the email has an account.
 */
export class PasswordResetService {
  constructor(private readonly deps: PasswordResetDeps) {}

  /**
   * Throttled per client IP and per email before anything else. With an account: a new token
   * replaces the member's older one and the mail is queued. Without: the same token work and a
   * comparable primary-key lookup, so both answers take about the same time.
   */
  async requestReset(email: string, ip: string): Promise<void> {
    const { limiter, limits, models } = this.deps;
    await limiter.hit(limits.resetsPerIp, ip, messages.tooManyResets);
    await limiter.hit(limits.resetsPerEmail, email, messages.tooManyResets);
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const tokenHash = hashResetToken(token);
    const user = await models.User.findOne({ email }).lean<User>();
    if (!user) {
      // The database work of the other branch (replace a token), with nothing to replace.
      await models.PasswordReset.deleteMany({ userId: '' });
      await models.PasswordReset.exists({ _id: tokenHash });
      return;
    }
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.deps.ttlMinutes * 60_000);
    // One token per member: the newer request replaces the older (the unique userId settles a race).
    await retryOnDuplicateKey(async () => {
      await models.PasswordReset.deleteMany({ userId: user._id });
      await models.PasswordReset.create({ _id: tokenHash, userId: user._id, expiresAt });
    });
    const eventId = randomUUID();
    await this.deps.notifications.publish(
      'password-reset-mail',
      {
        userId: user._id,
        email: user.email,
        firstName: user.firstName,
        eventId,
        occurredAt: now.toISOString(),
        resetUrl: `${this.deps.siteOrigin}/reset-password?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      },
      jobIdFor('password-reset', eventId),
    );
  }

  /**
   * Sets a new password with a valid token (the caller has already checked the password's
   * rules, so a refused password leaves the token usable). The token is consumed first, by a
   * primary-key delete only one request can win; then every session of the member ends and
   * the failed-login lock lifts.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const { models } = this.deps;
    const tokenHash = hashResetToken(token);
    const reset = await models.PasswordReset.findById(tokenHash).lean<{ userId: string; expiresAt: Date }>();
    if (!reset) throw new ValidationError(messages.resetTokenInvalid, { token: messages.resetTokenInvalid });
    const consumed = await models.PasswordReset.deleteOne({ _id: tokenHash });
    if (consumed.deletedCount !== 1 || reset.expiresAt.getTime() <= Date.now()) {
      throw new ValidationError(messages.resetTokenInvalid, { token: messages.resetTokenInvalid });
    }
    const hash = await bcrypt.hash(password, this.deps.bcryptRounds);
    const user = await models.User.findOneAndUpdate(
      { _id: reset.userId },
      { $set: { password: hash } },
      { new: true },
    ).lean<User>();
    if (!user) throw new ValidationError(messages.resetTokenInvalid, { token: messages.resetTokenInvalid });
    await this.deps.sessions.endAll(user._id);
    await this.deps.users.liftLoginLock(user.email);
    await this.deps.users.notifyPasswordChanged(user);
  }
}
