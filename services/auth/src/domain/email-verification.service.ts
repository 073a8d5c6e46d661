import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jobIdFor, type QUEUES } from '@fm/contracts';
import type { MemberSnapshots } from '@fm/shared/auth';
import { ConflictError, type RateLimiter, type RateLimitRule, ValidationError } from '@fm/shared/http';
import type { QueueProducer } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import { retryOnDuplicateKey } from '@fm/shared/store';
import type { AuthModels, EmailVerification, User } from './user.model';
import { messages } from './user.schemas';

/** How long a verification link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/** "Resend" mails per member per hour (the sign-up's own mail does not count). */
export const verificationResendLimit: RateLimitRule = { name: 'verify-resend', limit: 3, windowSeconds: 60 * 60 };

export interface EmailVerificationDeps {
  models: AuthModels;
  /** Rewritten when a member is verified (GET /api/auth/user reads it). */
  snapshots: MemberSnapshots;
  limiter: RateLimiter;
  notifications: QueueProducer<typeof QUEUES.notifications>;
  logger: Logger;
  /** `<SITE_ORIGIN>`: the link points at the SPA's /verify-email page. */
  siteOrigin: string;
}

/** The token as stored: its SHA-256, so a leaked database holds no usable link. */
export function hashVerificationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Email verification: a member proves they own their address by opening a link mailed to it
 * (32 random bytes, base64url; stored only hashed; single use; valid 24 hours; one live link
 * per member, a new one replaces the older). The product works unverified; what depends on it
 * (visitor messages in the data export, unrequested mails) reads `users.emailVerified`.
 */
export class EmailVerificationService {
  constructor(private readonly deps: EmailVerificationDeps) {}

  /**
   * The sign-up's link. The account already exists, so a failure (Redis or MongoDB down) is
   * logged, not thrown: the member can ask for another with "Resend".
   */
  async sendFirstLink(user: User): Promise<void> {
    try {
      await this.sendLink(user);
    } catch (err) {
      this.deps.logger.error({ err, userId: user._id }, 'verification mail not queued');
    }
  }

  /** "Resend": 409 once verified; at most 3 per member per hour (429 with Retry-After past it). */
  async resend(user: User): Promise<void> {
    if (user.emailVerified) throw new ConflictError(messages.emailAlreadyVerified);
    await this.deps.limiter.hit(verificationResendLimit, user._id, messages.tooManyVerificationMails);
    await this.sendLink(user);
  }

  /**
   * Verifies the member a token was sent to. The token is consumed first, by a primary-key delete
   * only one request can win; used, expired or unknown → 400. It verifies the address it was
   * sent to only (`email` as stored with it).
   */
  async verify(token: string): Promise<void> {
    const { models } = this.deps;
    const tokenHash = hashVerificationToken(token);
    const record = await models.EmailVerification.findById(tokenHash).lean<EmailVerification>();
    if (!record) throw invalidToken();
    const consumed = await models.EmailVerification.deleteOne({ _id: tokenHash });
    if (consumed.deletedCount !== 1 || record.expiresAt.getTime() <= Date.now()) throw invalidToken();
    const user = await models.User.findOneAndUpdate(
      { _id: record.userId, email: record.email },
      { $set: { emailVerified: true } },
      { returnDocument: 'after' },
    ).lean<User>();
    if (!user) throw invalidToken();
    await this.deps.snapshots.refresh(user._id);
  }

  private async sendLink(user: User): Promise<void> {
    const { models } = this.deps;
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 60 * 60_000);
    // One link per member: a concurrent request's create fails on the unique userId and retries.
    await retryOnDuplicateKey(async () => {
      await models.EmailVerification.deleteMany({ userId: user._id });
      await models.EmailVerification.create({
        _id: hashVerificationToken(token),
        userId: user._id,
        email: user.email,
        expiresAt,
      });
    });
    const eventId = randomUUID();
    await this.deps.notifications.publish(
      'email-verification-mail',
      {
        userId: user._id,
        email: user.email,
        firstName: user.firstName,
        eventId,
        occurredAt: now.toISOString(),
        verifyUrl: `${this.deps.siteOrigin}/verify-email?token=${token}`,
        expiresAt: expiresAt.toISOString(),
      },
      jobIdFor('email-verification-mail', eventId),
    );
  }
}

function invalidToken(): ValidationError {
  return new ValidationError(messages.verifyTokenInvalid, { token: messages.verifyTokenInvalid });
}
