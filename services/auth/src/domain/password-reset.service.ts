import { createHash, createHmac, randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import { type PasswordResetRequest, type QUEUES, jobIdFor } from '@fm/contracts';
import { type RateLimiter, type RateLimitRule, ValidationError } from '@fm/shared/http';
import type { QueueProducer } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import { retryOnDuplicateKey } from '@fm/shared/store';
import type { MemberSessions } from './member-sessions';
import type { AuthModels, PasswordReset, User } from './user.model';
import { messages } from './user.schemas';
import type { UserService } from './user.service';

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
  requests: QueueProducer<typeof QUEUES.passwordResetRequests>;
  logger: Logger;
  bcryptRounds: number;
  /** `<SITE_ORIGIN>`: the reset link points at the SPA's /reset-password page. */
  siteOrigin: string;
  ttlMinutes: number;
  /** JWT_SECRET: the key a link's token is derived with from its request's id. */
  tokenKey: string;
}

/** The token as stored: its SHA-256, so a leaked database holds no usable link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The job id of a forgot-password request, and the job id of the mail it may lead to. */
export const resetRequestJobId = (requestId: string) => jobIdFor('password-reset-request', requestId);
export const resetMailJobId = (requestId: string) => jobIdFor('password-reset', requestId);

/** What the worker did with a request (its log line says it). */
export type ResetRequestOutcome = 'mailed' | 'no-account' | 'already-mailed' | 'superseded' | 'expired' | 'revoked';

/** Whether a link requested at `requestedAt` is void for `user`: asked at or before its links were revoked. */
function revokedFor(user: Pick<User, 'resetLinksRevokedAt'>, requestedAt: Date): boolean {
  return !!user.resetLinksRevokedAt && requestedAt.getTime() <= user.resetLinksRevokedAt.getTime();
}

/**
 * Kills every pending reset link of a member: the one on file, and any request still queued or
 * being answered (the worker refuses requests made at or before this moment, and a reset checks
 * it too). Called on password change, password reset and sign-out-everywhere; deleting the
 * account removes the member and its links (a request answered later finds no account).
 */
export async function revokeResetLinks(models: AuthModels, userId: string, at = new Date()): Promise<void> {
  await models.User.updateOne({ _id: userId }, { $set: { resetLinksRevokedAt: at } }, { timestamps: false });
  await models.PasswordReset.deleteMany({ userId });
}

/**
 * Forgotten passwords: a single-use, short-lived link by mail, and the reset it allows. The
 * answer to a request never tells whether the email has an account: the request path does the
 * same for every email (throttles, one queued job), and auth's worker does the rest.
 */
export class PasswordResetService {
  constructor(private readonly deps: PasswordResetDeps) {}

  /**
   * Throttled per client IP and per email before anything else; then one `password-reset-request`
   * job, whatever the email. No member lookup here: nothing in the answer or its timing depends
   * on whether the email has an account. Redis down → 503, for every email alike.
   */
  async requestReset(email: string, ip: string): Promise<void> {
    const { limiter, limits } = this.deps;
    await limiter.hit(limits.resetsPerIp, ip, messages.tooManyResets);
    await limiter.hit(limits.resetsPerEmail, email, messages.tooManyResets);
    const requestId = randomUUID();
    await this.deps.requests.publish(
      'password-reset-request',
      { email, requestId, requestedAt: new Date().toISOString() },
      resetRequestJobId(requestId),
    );
  }

  /**
   * The worker's half of a request. Without an account: nothing. With one: the request's token
   * replaces the member's older one and the `password-reset-mail` is queued (job id and event id
   * from the request id; expiry counted from the request time).
   *
   * Safe to run again for the same job (BullMQ delivers at least once): the token is derived from
   * the request id, so a rerun makes the same link; once that link's mail is queued a rerun does
   * nothing (so a link already used is not stored again); and a request older than the member's
   * current link (retried late, after a newer request) leaves the newer link alone.
   */
  async processRequest(request: PasswordResetRequest): Promise<ResetRequestOutcome> {
    const { models, notifications } = this.deps;
    const user = await models.User.findOne({ email: request.email }).lean<User>();
    if (!user) return 'no-account';
    const mailJobId = resetMailJobId(request.requestId);
    if (await notifications.queue.getJob(mailJobId)) return 'already-mailed';
    const requestedAt = new Date(request.requestedAt);
    const expiresAt = new Date(requestedAt.getTime() + this.deps.ttlMinutes * 60_000);
    if (expiresAt.getTime() <= Date.now()) return 'expired';
    if (revokedFor(user, requestedAt)) return 'revoked';
    const token = this.tokenFor(request.requestId);
    const tokenHash = hashResetToken(token);
    // One token per member: this request's replaces an older request's. Only the token read is
    // deleted, so one written meanwhile (another process) makes the create fail on the unique
    // userId, and the retry weighs that one instead.
    const stored = await retryOnDuplicateKey(async () => {
      const current = await models.PasswordReset.findOne({ userId: user._id }).lean<PasswordReset>();
      if (current?._id === tokenHash) return true;
      if (current?.requestedAt && current.requestedAt.getTime() > requestedAt.getTime()) return false;
      if (current) await models.PasswordReset.deleteOne({ _id: current._id });
      await models.PasswordReset.create({ _id: tokenHash, userId: user._id, expiresAt, requestedAt });
      return true;
    });
    if (!stored) return 'superseded';
    await notifications.publish(
      'password-reset-mail',
      {
        userId: user._id,
        email: user.email,
        firstName: user.firstName,
        eventId: request.requestId,
        occurredAt: requestedAt.toISOString(),
        resetUrl: `${this.deps.siteOrigin}/reset-password?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      },
      mailJobId,
    );
    return 'mailed';
  }

  /**
   * A request's token: 32 bytes (base64url, 43 characters) of HMAC-SHA256 over its random id,
   * keyed with JWT_SECRET, so every run of one request makes the same link and nobody without
   * the key can make it from the id the job carries.
   */
  private tokenFor(requestId: string): string {
    return createHmac('sha256', this.deps.tokenKey).update(`password-reset-token:${requestId}`).digest('base64url');
  }

  /**
   * Sets a new password with a valid token (the caller has already checked the password's
   * rules, so a refused password leaves the token usable). The token is consumed first, by a
   * primary-key delete only one request can win; a link requested before the member's links
   * were revoked is refused like an expired one. Then every other pending link dies, every
   * session of the member ends and the failed-login lock lifts.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const { models } = this.deps;
    const invalid = () => new ValidationError(messages.resetTokenInvalid, { token: messages.resetTokenInvalid });
    const tokenHash = hashResetToken(token);
    const reset = await models.PasswordReset.findById(tokenHash).lean<PasswordReset>();
    if (!reset) throw invalid();
    const consumed = await models.PasswordReset.deleteOne({ _id: tokenHash });
    if (consumed.deletedCount !== 1 || reset.expiresAt.getTime() <= Date.now()) throw invalid();
    const owner = await models.User.findById(reset.userId).lean<User>();
    if (!owner || revokedFor(owner, reset.requestedAt ?? reset.createdAt)) throw invalid();
    const hash = await bcrypt.hash(password, this.deps.bcryptRounds);
    const user = await models.User.findOneAndUpdate(
      { _id: reset.userId },
      { $set: { password: hash } },
      { returnDocument: 'after' },
    ).lean<User>();
    if (!user) throw invalid();
    await revokeResetLinks(models, user._id);
    await this.deps.sessions.endAll(user._id);
    await this.deps.users.liftLoginLock(user.email);
    await this.deps.users.notifyPasswordChanged(user);
  }
}
