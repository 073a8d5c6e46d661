import { randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import { ACCOUNT_EVENT_QUEUES, jobIdFor, type AccountDeleted, QUEUES } from '@fm/contracts';
import type { MemberSnapshots } from '@fm/shared/auth';
import { type RateLimiter, UnauthorizedError, ValidationError } from '@fm/shared/http';
import type { QueueProducer } from '@fm/shared/queues';
import type { Logger } from '@fm/shared/service';
import type { MemberSessions } from './member-sessions';
import { revokeResetLinks } from './password-reset.service';
import type { AuthModels, User } from './user.model';
import { messages, type UpdateProfileInput } from './user.schemas';
import type { AuthLimits, UserService } from './user.service';

/** What every account-event producer can publish. */
interface AccountDeletedPublisher {
  publish(job: 'account-deleted', payload: AccountDeleted, jobId: string): Promise<unknown>;
}

export interface AccountServiceDeps {
  models: AuthModels;
  snapshots: MemberSnapshots;
  users: UserService;
  sessions: MemberSessions;
  limiter: RateLimiter;
  limits: AuthLimits;
  producers: {
    notifications: QueueProducer<typeof QUEUES.notifications>;
    accountEventsCourses: QueueProducer<typeof QUEUES.accountEventsCourses>;
    accountEventsBilling: QueueProducer<typeof QUEUES.accountEventsBilling>;
    accountEventsContact: QueueProducer<typeof QUEUES.accountEventsContact>;
    accountEventsPractice: QueueProducer<typeof QUEUES.accountEventsPractice>;
  };
  logger: Logger;
  bcryptRounds: number;
}

/** A logged-in member managing their own account: password, names, sessions, deletion. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** The member behind a session, or 401 (a deleted member has none). */
  async member(userId: string | undefined): Promise<User> {
    const user = userId ? await this.deps.users.findById(userId) : null;
    if (!user) throw new UnauthorizedError();
    return user;
  }

  /**
   * The password a member typed to confirm who they are. It takes a try of the account's
   * failed-login throttle before the comparison, as a login does (429 past the limit); a wrong
   * one keeps it, the right one gives the tries back. Wrong → 400 naming `field`.
   */
  private async confirmPassword(user: User, password: string, field: string, message: string): Promise<void> {
    await this.deps.limiter.hit(this.deps.limits.loginFailuresPerAccount, user.email, messages.tooManyAttempts);
    if (!(await bcrypt.compare(password, user.password))) throw new ValidationError(message, { [field]: message });
    await this.deps.users.liftLoginLock(user.email);
  }

  /**
   * Sets a new password after the current one is confirmed, kills every pending reset link and
   * ends every session of the member but `currentSessionId` (the caller gives that one a new id).
   */
  async changePassword(
    user: User,
    input: { currentPassword: string; newPassword: string },
    currentSessionId: string | undefined,
  ): Promise<void> {
    await this.confirmPassword(user, input.currentPassword, 'currentPassword', messages.currentPasswordWrong);
    const password = await bcrypt.hash(input.newPassword, this.deps.bcryptRounds);
    const updated = await this.deps.models.User.findOneAndUpdate(
      { _id: user._id },
      { $set: { password } },
      { returnDocument: 'after' },
    ).lean<User>();
    if (!updated) throw new UnauthorizedError();
    await revokeResetLinks(this.deps.models, user._id);
    await this.deps.sessions.endAll(user._id, { except: currentSessionId });
    await this.deps.users.notifyPasswordChanged(updated);
  }

  /**
   * Changes the member's names and newsletter choice. When a name actually changes,
   * `member-profile-changed` is queued first (a queue outage answers 503 with nothing changed; a
   * retry is harmless), then stored with the same time as the event's occurredAt. The newsletter
   * choice is auth's alone: no event.
   */
  async updateProfile(user: User, input: UpdateProfileInput): Promise<User> {
    const changes: Partial<
      Pick<User, 'firstName' | 'lastName' | 'newsletter' | 'newsletterChangedAt' | 'newsletterLeftFrom'>
    > = {};
    if (input.firstName !== undefined && input.firstName !== user.firstName) changes.firstName = input.firstName;
    if (input.lastName !== undefined && input.lastName !== user.lastName) changes.lastName = input.lastName;
    const namesChanged = Object.keys(changes).length > 0;
    const changedAt = new Date();
    if (input.newsletter !== undefined && input.newsletter !== (user.newsletter === true)) {
      changes.newsletter = input.newsletter;
      changes.newsletterChangedAt = changedAt;
      // Left from the account page: no newsletter's link counts it.
      changes.newsletterLeftFrom = null;
    }
    if (!Object.keys(changes).length) return user;
    if (namesChanged) {
      const next = { ...user, ...changes };
      const eventId = randomUUID();
      await this.deps.producers.accountEventsCourses.publish(
        'member-profile-changed',
        {
          userId: user._id,
          firstName: next.firstName,
          lastName: next.lastName,
          eventId,
          occurredAt: changedAt.toISOString(),
        },
        jobIdFor('member-profile-changed', eventId),
      );
    }
    const updated = await this.deps.models.User.findOneAndUpdate(
      { _id: user._id },
      { $set: { ...changes, updatedAt: changedAt } },
      { returnDocument: 'after', timestamps: false },
    ).lean<User>();
    if (!updated) throw new UnauthorizedError();
    await this.deps.snapshots.refresh(user._id);
    return updated;
  }

  /** Signs the member out everywhere, this session included, and kills every pending reset link. */
  async endAllSessions(user: User): Promise<void> {
    await revokeResetLinks(this.deps.models, user._id);
    await this.deps.sessions.endAll(user._id);
  }

  /**
   * Deletes the account after the password is confirmed. The events and the mail are queued
   * first, with ids derived from the member: a queue outage answers 503 and leaves the account
   * as it was, and a retry adds no second job. Then the member's records go and every session
   * ends: login, sessions and every service's guards see no member from here on.
   */
  async deleteAccount(user: User, password: string): Promise<void> {
    await this.confirmPassword(user, password, 'password', messages.passwordWrong);
    const { producers, models } = this.deps;
    const occurredAt = new Date().toISOString();
    const eventId = jobIdFor('account-deleted', user._id);
    // Contact finds messages by address too, and takes those sent as a visitor only from a
    // verified one.
    const emailVerified = user.emailVerified === true;
    const event: AccountDeleted = { userId: user._id, eventId, occurredAt, email: user.email, emailVerified };
    // One job per consumer queue, all with the same id.
    const byQueue: Record<(typeof ACCOUNT_EVENT_QUEUES)[number], AccountDeletedPublisher> = {
      [QUEUES.accountEventsCourses]: producers.accountEventsCourses,
      [QUEUES.accountEventsBilling]: producers.accountEventsBilling,
      [QUEUES.accountEventsContact]: producers.accountEventsContact,
      [QUEUES.accountEventsPractice]: producers.accountEventsPractice,
    };
    for (const queue of ACCOUNT_EVENT_QUEUES) await byQueue[queue].publish('account-deleted', event, eventId);
    await producers.notifications.publish(
      'account-deleted-mail',
      { userId: user._id, email: user.email, firstName: user.firstName, eventId, occurredAt, emailVerified },
      jobIdFor('account-deleted-mail', user._id),
    );
    await models.User.deleteOne({ _id: user._id });
    await this.deps.snapshots.drop(user._id);
    await models.PasswordReset.deleteMany({ userId: user._id });
    await models.EmailVerification.deleteMany({ userId: user._id });
    await models.MembershipState.deleteOne({ _id: user._id });
    await this.deps.sessions.endAll(user._id);
    await this.deps.users.liftLoginLock(user.email);
    this.deps.logger.info({ userId: user._id, eventId }, 'account deleted');
  }
}
