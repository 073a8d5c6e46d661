import bcrypt from 'bcrypt';
import {
  ConflictError,
  type MembershipDowngraded,
  type MembershipUpgraded,
  type RateLimiter,
  type RateLimitRule,
  UnauthorizedError,
  type Logger,
} from '@fm/shared';
import type { AuthModels, MembershipChange, User } from './user.model';
import { type LoginInput, messages, type SignupInput } from './user.schemas';

/** Failed logins per account: 5 per 15 minutes. Attempts per IP: a much higher ceiling. */
export const LOGIN_FAILURES_PER_EMAIL: RateLimitRule = { name: 'login-email', limit: 5, windowSeconds: 15 * 60 };
export const LOGIN_ATTEMPTS_PER_IP: RateLimitRule = { name: 'login-ip', limit: 100, windowSeconds: 15 * 60 };
export const SIGNUPS_PER_IP: RateLimitRule = { name: 'signup-ip', limit: 20, windowSeconds: 60 * 60 };

export interface UserServiceDeps {
  models: AuthModels;
  limiter: RateLimiter;
  logger: Logger;
  bcryptRounds: number;
}

/** Accounts, credentials and membership level: the only writer of the users collection's core fields. */
export class UserService {
  /** Compared against when the email is unknown, so both paths take the same time. */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly deps: UserServiceDeps) {
    this.dummyHash = bcrypt.hash('timing-equaliser', deps.bcryptRounds);
  }

  async signup(input: SignupInput, ip: string): Promise<User> {
    await this.deps.limiter.hit(SIGNUPS_PER_IP, ip, 'Too many accounts created from here. Please try again later.');
    if (await this.deps.models.User.exists({ email: input.email })) throw new ConflictError(messages.emailTaken);
    const password = await bcrypt.hash(input.password, this.deps.bcryptRounds);
    try {
      const user = await this.deps.models.User.create({ ...input, password });
      return user.toObject();
    } catch (err) {
      // Two signups racing for one email: the unique index lets exactly one through.
      if ((err as { code?: number }).code === 11000) throw new ConflictError(messages.emailTaken);
      throw err;
    }
  }

  async login(input: LoginInput, ip: string): Promise<User> {
    const { limiter } = this.deps;
    await limiter.hit(LOGIN_ATTEMPTS_PER_IP, ip, messages.tooManyAttempts);
    await limiter.check(LOGIN_FAILURES_PER_EMAIL, input.email, messages.tooManyAttempts);
    const user = await this.deps.models.User.findOne({ email: input.email }).lean<User>();
    const matches = await bcrypt.compare(input.password, user?.password ?? (await this.dummyHash));
    if (!user || !matches) {
      await limiter.hit(LOGIN_FAILURES_PER_EMAIL, input.email, messages.tooManyAttempts);
      throw new UnauthorizedError(messages.invalidCredentials);
    }
    await limiter.reset(LOGIN_FAILURES_PER_EMAIL, input.email);
    return user;
  }

  async findById(id: string): Promise<User | null> {
    return this.deps.models.User.findById(id).lean<User>();
  }

  /**
   * Applies a membership event once. Replays (same eventId) and events older than the last one
   * applied change nothing; a downgrade for a subscription the member no longer has is ignored.
   */
  async applyUpgrade(event: MembershipUpgraded): Promise<boolean> {
    const occurredAt = new Date(event.occurredAt);
    return this.apply(event.eventId, event.userId, 'premium', occurredAt, {}, {
      stripeCustomerId: event.stripeCustomerId,
      stripeSubscriptionId: event.stripeSubscriptionId,
    });
  }

  async applyDowngrade(event: MembershipDowngraded): Promise<boolean> {
    const occurredAt = new Date(event.occurredAt);
    return this.apply(
      event.eventId,
      event.userId,
      'free',
      occurredAt,
      { stripeSubscriptionId: { $in: [event.stripeSubscriptionId, null] } },
      {},
    );
  }

  private async apply(
    eventId: string,
    userId: string,
    level: MembershipChange['level'],
    occurredAt: Date,
    extraFilter: Record<string, unknown>,
    extraSet: Partial<User>,
  ): Promise<boolean> {
    const { User, MembershipChange } = this.deps.models;
    if (await MembershipChange.exists({ eventId })) return false;
    const result = await User.updateOne(
      {
        _id: userId,
        $or: [{ membershipChangedAt: null }, { membershipChangedAt: { $lte: occurredAt } }],
        ...extraFilter,
      },
      { $set: { membershipLevel: level, membershipChangedAt: occurredAt, ...extraSet } },
    );
    if (result.matchedCount === 0) {
      this.deps.logger.info({ eventId, userId, level }, 'membership event not applied (unknown user, stale or other subscription)');
    }
    try {
      await MembershipChange.create({ eventId, userId, level, occurredAt });
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
      return false;
    }
    return result.matchedCount > 0;
  }
}
