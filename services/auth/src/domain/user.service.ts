import { randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import { jobIdFor, type QUEUES } from '@fm/contracts';
import type { MemberSnapshots } from '@fm/shared/auth';
import { ConflictError, type RateLimiter, type RateLimitRule, UnauthorizedError } from '@fm/shared/http';
import type { QueueProducer } from '@fm/shared/queues';
import type { Logger, ServiceDeps } from '@fm/shared/service';
import { isDuplicateKey, withRedisLock } from '@fm/shared/store';
import type { AuthModels, User } from './user.model';
import { type LoginInput, messages, type SignupInput } from './user.schemas';

/** The Redis key of the claim on one address's sign-up (a lock: one sign-up per address at a time). */
export const signupClaimKey = (redisPrefix: string, email: string) => `${redisPrefix}:signup-claim:${email}`;

/** Throttles: failed logins per account, login attempts per IP (a much higher ceiling), signups per IP. */
export interface AuthLimits {
  loginFailuresPerAccount: RateLimitRule;
  loginsPerIp: RateLimitRule;
  signupsPerIp: RateLimitRule;
}

export function authLimits(config: {
  AUTH_LOGIN_FAILURES_PER_ACCOUNT: number;
  AUTH_LOGINS_PER_IP: number;
  AUTH_SIGNUPS_PER_HOUR: number;
}): AuthLimits {
  return {
    loginFailuresPerAccount: {
      name: 'login-email',
      limit: config.AUTH_LOGIN_FAILURES_PER_ACCOUNT,
      windowSeconds: 15 * 60,
    },
    loginsPerIp: { name: 'login-ip', limit: config.AUTH_LOGINS_PER_IP, windowSeconds: 15 * 60 },
    signupsPerIp: { name: 'signup-ip', limit: config.AUTH_SIGNUPS_PER_HOUR, windowSeconds: 60 * 60 },
  };
}

export interface UserServiceDeps {
  models: AuthModels;
  /** Rewritten after every change of a member (the guards' and GET /api/auth/user's hot read). */
  snapshots: MemberSnapshots;
  /** Claims an email for the one sign-up that hashes its password (see signup). */
  redis: ServiceDeps['redis'];
  redisPrefix: string;
  limiter: RateLimiter;
  limits: AuthLimits;
  logger: Logger;
  bcryptRounds: number;
  notifications: QueueProducer<typeof QUEUES.notifications>;
}

/** How long one sign-up holds its email's claim at most (a hash and an insert take well under it). */
const SIGNUP_CLAIM_MS = 30_000;

/** Accounts, credentials and membership level: the only writer of the users collection's core fields. */
export class UserService {
  /** Compared against when the email is unknown, so both paths take the same time. */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly deps: UserServiceDeps) {
    this.dummyHash = bcrypt.hash('timing-equaliser', deps.bcryptRounds);
  }

  async signup(input: SignupInput, ip: string): Promise<User> {
    await this.deps.limiter.hit(
      this.deps.limits.signupsPerIp,
      ip,
      'Too many accounts created from here. Please try again later.',
    );
    if (await this.deps.models.User.exists({ email: input.email })) throw new ConflictError(messages.emailTaken);
    // Sign-ups racing for one email: only the one holding the claim hashes a password (bcrypt is
    // a quarter second of a core); the others answer 409 at once instead of queueing 200 hashes
    // behind the gateway's timeout. The unique index stays the last word.
    const user = await withRedisLock(
      this.deps.redis,
      signupClaimKey(this.deps.redisPrefix, input.email),
      { ttlMs: SIGNUP_CLAIM_MS, busy: () => new ConflictError(messages.emailTaken) },
      async () => {
        if (await this.deps.models.User.exists({ email: input.email })) throw new ConflictError(messages.emailTaken);
        const password = await bcrypt.hash(input.password, this.deps.bcryptRounds);
        try {
          return (await this.deps.models.User.create({ ...input, password })).toObject() as User;
        } catch (err) {
          if (isDuplicateKey(err)) throw new ConflictError(messages.emailTaken);
          throw err;
        }
      },
    );
    await this.deps.snapshots.refresh(user._id);
    await this.sendMemberMail('welcome-mail', user);
    return user;
  }

  /** "Your password was changed" (after a reset or a change). */
  async notifyPasswordChanged(user: User): Promise<void> {
    await this.sendMemberMail('password-changed-mail', user);
  }

  /**
   * Queues a mail about something that has already happened: a queue outage must not undo it
   * nor answer 503 for it, so a failure is logged (with the event) instead of thrown.
   */
  private async sendMemberMail(job: 'welcome-mail' | 'password-changed-mail', user: User): Promise<void> {
    const eventId = randomUUID();
    try {
      await this.deps.notifications.publish(
        job,
        {
          userId: user._id,
          email: user.email,
          firstName: user.firstName,
          eventId,
          occurredAt: new Date().toISOString(),
        },
        jobIdFor(job, eventId),
      );
    } catch (err) {
      this.deps.logger.error({ err, job, userId: user._id, eventId }, 'member mail not queued');
    }
  }

  /**
   * Each attempt takes one of the account's tries before the password is compared, so a burst
   * cannot outrun the count: past AUTH_LOGIN_FAILURES_PER_ACCOUNT tries in the window every
   * attempt is 429 without a comparison, the right password included. A wrong password keeps
   * its try; the right one within the limit gives the account all its tries back.
   */
  async login(input: LoginInput, ip: string): Promise<User> {
    const { limiter, limits } = this.deps;
    await limiter.hit(limits.loginsPerIp, ip, messages.tooManyAttempts);
    await limiter.hit(limits.loginFailuresPerAccount, input.email, messages.tooManyAttempts);
    const user = await this.deps.models.User.findOne({ email: input.email }).lean<User>();
    const matches = await bcrypt.compare(input.password, user?.password ?? (await this.dummyHash));
    if (!user || !matches) throw new UnauthorizedError(messages.invalidCredentials);
    await this.liftLoginLock(user.email);
    return user;
  }

  /**
   * Gives an account all its login tries back and lifts a lock at once (after a correct
   * password; a password reset calls it too). `email` as stored: trimmed and lower-case.
   */
  async liftLoginLock(email: string): Promise<void> {
    await this.deps.limiter.reset(this.deps.limits.loginFailuresPerAccount, email);
  }

  async findById(id: string): Promise<User | null> {
    return this.deps.models.User.findById(id).lean<User>();
  }
}
