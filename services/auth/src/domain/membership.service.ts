import {
  type MembershipDowngraded,
  type MembershipLevel,
  type MembershipUpgraded,
  membershipEventStamp,
} from '@fm/contracts';
import type { MemberSnapshots } from '@fm/shared/auth';
import type { Logger } from '@fm/shared/service';
import { type ApplyIfNewer, insertOnce } from '@fm/shared/store';
import type { AuthModels, MembershipState, SubscriptionMark, User } from './user.model';

/** The mark of a member who was Premium before subscription ids were kept (no Stripe id can look like it). */
const LEGACY = 'legacy';
/** Stripe ids are word characters; anything else could not be a key of the ledger. */
const SUBSCRIPTION_ID = /^[A-Za-z0-9_]+$/;
const EPOCH = new Date(0);

/** auth's inbox: the events it has handled (billing's membership events, by event id). */
export const INBOX_COLLECTION = 'auth_inbox';

export interface MembershipDeps {
  models: AuthModels;
  logger: Logger;
  /** The member's snapshot (the guards' hot read) is rewritten once the level is written. */
  snapshots: MemberSnapshots;
  applyIfNewer: ApplyIfNewer;
}

/** What applying one event came to (recorded in the inbox). */
export type MembershipOutcome = 'applied' | 'stale' | 'unknown-member' | 'malformed';

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
 * Applies billing's membership events. Each event is applied once (the worker's: auth's inbox,
 * keyed by the event id, the kit's `once`) and sets its subscription's mark in the member's ledger only if it is newer than the
 * mark there (`applyIfNewer`, ordered by `membershipEventStamp`). The member's level is then
 * derived from the whole ledger: Premium while any subscription's newest event granted it. So a
 * downgrade never touches another subscription (an abandoned checkout's expiry, an old
 * subscription replaced by a new one), and an event that arrives late — a job that stalled when
 * its consumer was killed and ran again after newer ones — loses to the newer event of its own
 * subscription whatever the order of arrival. Every write is versioned, so auth's processes
 * (replicas, or a restarted one) may apply one member's events at the same moment.
 */
export class MembershipService {
  constructor(private readonly deps: MembershipDeps) {}

  async applyUpgrade(event: MembershipUpgraded): Promise<MembershipOutcome> {
    return this.apply(event.eventId, event.userId, event.stripeSubscriptionId, membershipEventStamp(event), {
      level: 'premium',
      at: new Date(event.occurredAt),
      stripeCustomerId: event.stripeCustomerId,
    });
  }

  async applyDowngrade(event: MembershipDowngraded): Promise<MembershipOutcome> {
    return this.apply(event.eventId, event.userId, event.stripeSubscriptionId, membershipEventStamp(event), {
      level: 'free',
      at: new Date(event.occurredAt),
      stripeCustomerId: null,
    });
  }

  /** `applied` when the event changed its subscription's mark. */
  private async apply(
    eventId: string,
    userId: string,
    subscriptionId: string,
    stamp: Date,
    mark: SubscriptionMark,
  ): Promise<MembershipOutcome> {
    const user = await this.deps.models.User.findById(userId).lean<User>();
    if (!user) {
      this.deps.logger.info({ eventId, userId }, 'membership event for an unknown member: recorded, not applied');
      return 'unknown-member';
    }
    if (!SUBSCRIPTION_ID.test(subscriptionId)) {
      this.deps.logger.warn(
        { eventId, userId, subscriptionId },
        'membership event with a malformed subscription id ignored',
      );
      return 'malformed';
    }
    const ledger = await this.ledgerOf(user);
    const changed = await this.mark(userId, subscriptionId, stamp, mark);
    // Before subscription ids were kept, the member's Premium came from a subscription we cannot
    // name: any newer downgrade ends it, as it did then (the mark exists only from the seed).
    if (mark.level === 'free' && ledger.subscriptions[LEGACY]) await this.mark(userId, LEGACY, stamp, { ...mark });
    await this.settle(userId);
    await this.deps.snapshots.refresh(userId);
    if (!changed)
      this.deps.logger.info(
        { eventId, userId, subscriptionId },
        "membership event older than its subscription's newest: recorded, level unchanged",
      );
    return changed ? 'applied' : 'stale';
  }

  /** The member's ledger, created from their record the first time an event reaches them. */
  private async ledgerOf(user: User): Promise<MembershipState> {
    const { MembershipState } = this.deps.models;
    const seeded = { _id: user._id, subscriptions: seedFrom(user) };
    if (await insertOnce(() => MembershipState.create(seeded))) return seeded;
    return (await MembershipState.findById(user._id).lean<MembershipState>()) ?? seeded;
  }

  /**
   * Sets one subscription's mark if the event is at least as new as the mark (an equal stamp is
   * the same event applied again after a crash: the same result).
   */
  private mark(userId: string, key: string, stamp: Date, mark: SubscriptionMark): Promise<boolean> {
    const path = `subscriptions.${key}`;
    return this.deps.applyIfNewer(
      this.deps.models.MembershipState,
      userId,
      stamp,
      { [`${path}.level`]: mark.level, [`${path}.stripeCustomerId`]: mark.stripeCustomerId },
      { field: `${path}.at`, insert: false },
    );
  }

  /**
   * Writes the level the ledger implies onto the member's record. The ledger only moves forward
   * (each mark's time only grows), so the sum of its marks' times orders its versions: the
   * level derived from a newer read of it is written over one from an older read, never under.
   */
  private async settle(userId: string): Promise<void> {
    const { MembershipState, User } = this.deps.models;
    const state = await MembershipState.findById(userId).lean<MembershipState>();
    if (!state) return;
    const version = Object.values(state.subscriptions).reduce((sum, mark) => sum + new Date(mark.at).getTime(), 0);
    await this.deps.applyIfNewer(User, userId, version, memberLevel(state.subscriptions), {
      field: 'membershipVersion',
      insert: false,
    });
  }
}
