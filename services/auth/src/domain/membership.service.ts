import type { Redis } from 'ioredis';
import {
  ServiceUnavailableError,
  withRedisLock,
  insertOnce,
  isDuplicateKey,
  type Logger,
  type MembershipDowngraded,
  type MembershipLevel,
  type MembershipUpgraded,
  type MemberSnapshots,
  redisKeys,
} from '@fm/shared';
import type { AuthModels, MembershipState, SubscriptionMark, User } from './user.model';

/** The mark of a member who was Premium before subscription ids were kept (no Stripe id can look like it). */
const LEGACY = 'legacy';
/** Stripe ids are word characters; anything else could not be a key of the ledger. */
const SUBSCRIPTION_ID = /^[A-Za-z0-9_]+$/;
const EPOCH = new Date(0);

export interface MembershipDeps {
  models: AuthModels;
  redis: Redis;
  redisPrefix: string;
  logger: Logger;
  /** The member's snapshot (the guards' hot read) is rewritten once the level is written. */
  snapshots: MemberSnapshots;
}

/** One member's events at a time across every auth process (FerretDB v1 writes whole documents back). */
const MEMBER_LOCK_MS = 30_000;
const MEMBER_LOCK_WAIT_MS = 20_000;

/** What the member's record says, derived from the ledger alone. */
function memberLevel(marks: Record<string, SubscriptionMark>) {
  const entries = Object.entries(marks).sort(([, a], [, b]) => b.at.getTime() - a.at.getTime());
  const granting = entries.find(([, mark]) => mark.level === 'premium');
  const [id, mark] = granting ?? entries[0] ?? [null, null];
  return {
    membershipLevel: (granting ? 'premium' : 'free') as MembershipLevel,
    membershipChangedAt: entries[0]?.[1].at ?? null,
    ...(id && id !== LEGACY ? { stripeSubscriptionId: id } : {}),
    ...(mark?.stripeCustomerId ? { stripeCustomerId: mark.stripeCustomerId } : {}),
  };
}

/** The ledger a member starts with: what their record said before the first event that reaches it. */
function seedFrom(user: User): Record<string, SubscriptionMark> {
  const at = user.membershipChangedAt ?? EPOCH;
  if (user.stripeSubscriptionId && SUBSCRIPTION_ID.test(user.stripeSubscriptionId))
    return {
      [user.stripeSubscriptionId]: { level: user.membershipLevel, at, stripeCustomerId: user.stripeCustomerId },
    };
  if (user.membershipLevel === 'premium') return { [LEGACY]: { level: 'premium', at, stripeCustomerId: null } };
  return {};
}

/**
 * Applies billing's membership events. Each event is recorded once (`membership_changes`, keyed by
 * the event id) and sets its subscription's mark in the member's ledger only if it is newer than
 * the mark there. The member's level is then derived from the whole ledger: Premium while any
 * subscription's newest event granted it. So a downgrade never touches another subscription (an
 * abandoned checkout's expiry, an old subscription replaced by a new one), and an event that
 * arrives late — a job that stalled when its consumer was killed and ran again after newer ones —
 * loses to the newer event of its own subscription whatever the order of arrival.
 */
export class MembershipService {
  constructor(private readonly deps: MembershipDeps) {}

  async applyUpgrade(event: MembershipUpgraded): Promise<boolean> {
    return this.apply(event.eventId, event.userId, event.stripeSubscriptionId, {
      level: 'premium',
      at: new Date(event.occurredAt),
      stripeCustomerId: event.stripeCustomerId,
    });
  }

  async applyDowngrade(event: MembershipDowngraded): Promise<boolean> {
    return this.apply(event.eventId, event.userId, event.stripeSubscriptionId, {
      level: 'free',
      at: new Date(event.occurredAt),
      stripeCustomerId: null,
    });
  }

  /**
   * True when the event changed its subscription's mark (false: replay, stale, unknown member).
   * Runs holding the member's lock, so two auth processes (replicas, or a restarted one and a
   * job its predecessor held) never write one member's ledger at the same moment: MongoDB would
   * apply each update atomically, FerretDB v1 reads a document and writes it back whole.
   */
  private async apply(eventId: string, userId: string, subscriptionId: string, mark: SubscriptionMark) {
    const { redis, redisPrefix } = this.deps;
    return withRedisLock(
      redis,
      redisKeys(redisPrefix).membershipLock(userId),
      {
        ttlMs: MEMBER_LOCK_MS,
        waitMs: MEMBER_LOCK_WAIT_MS,
        busy: () => new ServiceUnavailableError('membership of this member is being changed elsewhere'),
      },
      () => this.applyHeld(eventId, userId, subscriptionId, mark),
    );
  }

  private async applyHeld(eventId: string, userId: string, subscriptionId: string, mark: SubscriptionMark) {
    const { MembershipChange, User } = this.deps.models;
    if (await MembershipChange.exists({ _id: eventId })) return false;
    const user = await User.findById(userId).lean<User>();
    let changed = false;
    if (!user) {
      this.deps.logger.info({ eventId, userId }, 'membership event for an unknown member: recorded, not applied');
    } else if (!SUBSCRIPTION_ID.test(subscriptionId)) {
      this.deps.logger.warn(
        { eventId, userId, subscriptionId },
        'membership event with a malformed subscription id ignored',
      );
    } else {
      await this.ledgerOf(user);
      changed = await this.mark(userId, subscriptionId, mark);
      // Before subscription ids were kept, the member's Premium came from a subscription we cannot
      // name: any newer downgrade ends it, as it did then.
      if (mark.level === 'free') await this.mark(userId, LEGACY, { ...mark }, true);
      await this.settle(userId);
      await this.deps.snapshots.refresh(userId);
      if (!changed)
        this.deps.logger.info(
          { eventId, userId, subscriptionId },
          "membership event older than its subscription's newest: recorded, level unchanged",
        );
    }
    if (
      !(await insertOnce(() =>
        MembershipChange.create({ _id: eventId, userId, level: mark.level, occurredAt: mark.at }),
      ))
    )
      return false;
    return changed;
  }

  /** The member's ledger, created from their record the first time an event reaches them. */
  private async ledgerOf(user: User): Promise<void> {
    try {
      await this.deps.models.MembershipState.create({ _id: user._id, subscriptions: seedFrom(user) });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /**
   * Sets one subscription's mark if the event is at least as new as the mark (an equal time is the
   * same event applied again after a crash: the same result). `onlyExisting` leaves an absent mark absent.
   */
  private async mark(userId: string, key: string, mark: SubscriptionMark, onlyExisting = false): Promise<boolean> {
    const path = `subscriptions.${key}`;
    const result = await this.deps.models.MembershipState.updateOne(
      {
        _id: userId,
        $or: [...(onlyExisting ? [] : [{ [path]: { $exists: false } }]), { [`${path}.at`]: { $lte: mark.at } }],
      },
      { $set: { [path]: mark } },
    );
    return result.matchedCount > 0;
  }

  /**
   * Writes the level the ledger implies onto the member's record (under the member's lock, so no
   * other consumer changes the ledger meanwhile).
   */
  private async settle(userId: string): Promise<void> {
    const { MembershipState, User } = this.deps.models;
    const state = await MembershipState.findById(userId).lean<MembershipState>();
    if (state) await User.updateOne({ _id: userId }, { $set: memberLevel(state.subscriptions) });
  }
}
