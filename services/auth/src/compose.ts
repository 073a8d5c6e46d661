import { memberSnapshots } from '@fm/shared/auth';
import { AuditLog, createApp, RateLimiter } from '@fm/shared/http';
import { type ServiceDeps, startable } from '@fm/shared/service';
import { createApplyIfNewer, createInbox } from '@fm/shared/store';
import type { AuthConfig } from './config';
import { AccountService } from './domain/account.service';
import { MemberAdmin } from './domain/member-admin.service';
import { EmailVerificationService } from './domain/email-verification.service';
import { memberExportLimit, MemberExportService } from './domain/member-export.service';
import { memberSessions } from './domain/member-sessions';
import { NewsletterSubscriptionService } from './domain/newsletter-subscription.service';
import { INBOX_COLLECTION, MembershipService } from './domain/membership.service';
import { passwordResetLimits, PasswordResetService } from './domain/password-reset.service';
import { authModels } from './domain/user.model';
import { authLimits, UserService } from './domain/user.service';
import { type AuthProducers, createAuthProducers } from './events/auth.producers';
import { adminRouter } from './routes/admin.routes';
import { authRouter } from './routes/auth.routes';
import { accountRouter } from './routes/account.routes';
import { emailVerificationRouter } from './routes/email-verification.routes';
import { newsletterRouter } from './routes/newsletter.routes';
import { internalMembersRouter } from './routes/internal-members.routes';
import { startMembershipWorker } from './workers/membership.worker';
import { startPasswordResetWorker } from './workers/password-reset.worker';

/** What tests substitute: producers whose Redis is gone. */
export interface AuthOverrides {
  producers?: AuthProducers;
}

/**
 * The auth service: its routes (accounts, sessions, the member's own account, the founder
 * console's members and audit log), the producers of
 * member mails and account events, and the consumers of billing's membership events and of the
 * forgot-password requests its own route queues (started by runService).
 */
export async function compose(deps: ServiceDeps<AuthConfig>, overrides: AuthOverrides = {}) {
  const { config, logger, redis } = deps;
  const models = await authModels(deps.mongo);
  const limiter = new RateLimiter(redis, config.REDIS_PREFIX);
  const limits = authLimits(config);
  const producers =
    overrides.producers ?? createAuthProducers({ redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX });
  const sessions = memberSessions(redis, config.REDIS_PREFIX);
  const snapshots = memberSnapshots(redis, config.REDIS_PREFIX, deps.mongo);
  const users = new UserService({
    snapshots,
    models,
    redis,
    redisPrefix: config.REDIS_PREFIX,
    limiter,
    limits,
    logger,
    bcryptRounds: config.BCRYPT_ROUNDS,
    notifications: producers.notifications,
  });
  const resets = new PasswordResetService({
    models,
    users,
    sessions,
    limiter,
    limits: passwordResetLimits(config),
    notifications: producers.notifications,
    requests: producers.passwordResetRequests,
    logger,
    bcryptRounds: config.BCRYPT_ROUNDS,
    siteOrigin: config.SITE_ORIGIN,
    ttlMinutes: config.PASSWORD_RESET_TTL_MINUTES,
    tokenKey: config.JWT_SECRET,
  });
  const accounts = new AccountService({
    models,
    snapshots,
    users,
    sessions,
    limiter,
    limits,
    producers,
    logger,
    bcryptRounds: config.BCRYPT_ROUNDS,
  });
  const verifications = new EmailVerificationService({
    models,
    snapshots,
    limiter,
    notifications: producers.notifications,
    logger,
    siteOrigin: config.SITE_ORIGIN,
  });
  const exports = new MemberExportService({
    baseUrls: {
      courses: config.COURSES_INTERNAL_URL,
      billing: config.BILLING_INTERNAL_URL,
      contact: config.CONTACT_INTERNAL_URL,
      practice: config.PRACTICE_INTERNAL_URL,
    },
    jwtSecret: config.JWT_SECRET,
    timeoutMs: config.INTERNAL_REQUEST_TIMEOUT_MS,
    limiter,
    exportsPerMember: memberExportLimit(config),
    logger,
  });
  const membership = startable(() =>
    startMembershipWorker(
      new MembershipService({ models, logger, snapshots, applyIfNewer: createApplyIfNewer(deps) }),
      createInbox(deps.mongo, { collection: INBOX_COLLECTION }),
      {
        redisUrl: config.REDIS_URL,
        redisPrefix: config.REDIS_PREFIX,
        logger,
      },
    ),
  );
  const passwordResets = startable(() =>
    startPasswordResetWorker(resets, {
      redisUrl: config.REDIS_URL,
      redisPrefix: config.REDIS_PREFIX,
      logger,
    }),
  );
  return {
    app: createApp(deps, {
      name: 'auth',
      routers: [
        authRouter(users, verifications),
        accountRouter({ accounts, resets, exports, bodyLimit: config.BODY_LIMIT }),
        emailVerificationRouter({ accounts, verifications }),
        adminRouter({ members: new MemberAdmin(models), audit: new AuditLog(deps.mongo) }),
        // The newsletter's one-click links and, for contact's send job, its audience (internal).
        newsletterRouter(
          new NewsletterSubscriptionService({ models, snapshots, jwtSecret: config.JWT_SECRET, logger }),
          config.JWT_SECRET,
        ),
        // What practice's reminder reads of a member (internal).
        internalMembersRouter(models, config.JWT_SECRET),
      ],
    }),
    // The producers are listed first, so they close after the workers.
    background: { producers, membership, passwordResets },
    /** The member domain, for callers besides the routes (tests; the lock lift of a password reset). */
    users,
    /** The members' snapshots in Redis, rewritten by the admin command after a role change. */
    snapshots,
  };
}
