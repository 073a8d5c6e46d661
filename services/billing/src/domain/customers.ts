import type { CurrentUser } from '@fm/shared/auth';
import type { Logger } from '@fm/shared/service';
import { insertOnce } from '@fm/shared/store';
import type { Redis } from 'ioredis';
import { billingKeys } from '../redis-keys';
import { callStripe, type Stripe } from '../stripe/stripe-client';
import type { BillingCustomer, BillingModels } from './billing.models';

/** How long "this member has no customer from before billing_customers" is remembered. */
export const NO_OLD_CUSTOMER_TTL_SECONDS = 30 * 24 * 3600;

/** "Ada Birdie" from the member's names; null when they gave none. */
export function displayName(member: Pick<CurrentUser, 'firstName' | 'lastName'>): string | null {
  const name = [member.firstName, member.lastName]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || null;
}

/**
 * Billing's map member → Stripe customer (`billing_customers`), the only place billing keeps a
 * member's customer id: checkout, the portal, the subscription routes and the webhook's
 * customer → member mapping all read it. Auth's `users` is never read or written here; the
 * member's e-mail and name come from the request's logged-in user.
 *
 * Members from before this map (their customer id was stored on auth's user document) have no
 * row: their customer is found at Stripe by `metadata.userId` (every customer billing ever
 * created carries it) and the row is written then (see CONTEXT.md, "customer"). A search that
 * finds none is remembered in Redis for NO_OLD_CUSTOMER_TTL_SECONDS (no such customer can appear
 * later: every customer made since gets its row), so a free member's account page does not ask
 * Stripe each time.
 */
export class Customers {
  constructor(private readonly deps: { models: BillingModels; stripe: Stripe; redis: Redis; redisPrefix: string }) {}

  /** The member's row, deleted or not. */
  async row(userId: string): Promise<BillingCustomer | undefined> {
    return (await this.deps.models.BillingCustomer.findById(userId).lean()) ?? undefined;
  }

  /** The member behind a Stripe customer (billing_customers' unique stripeCustomerId). */
  async memberOf(customerId: string): Promise<string | undefined> {
    const row = await this.deps.models.BillingCustomer.findOne({ stripeCustomerId: customerId }, { _id: 1 }).lean();
    return row?._id;
  }

  async isDeleted(userId: string): Promise<boolean> {
    return Boolean((await this.row(userId))?.deletedAt);
  }

  /**
   * The member's customer id: the row's; else a customer of theirs Stripe already has (created
   * before billing kept its own map), adopted into a row; else undefined.
   */
  async find(userId: string, log: Logger): Promise<string | undefined> {
    const row = await this.row(userId);
    if (row) return row.stripeCustomerId;
    const existing = await this.searchStripe(userId, log);
    return existing ? this.claim(userId, existing, log) : undefined;
  }

  /**
   * The member's customer, created at Stripe when they have none. Two parallel first checkouts
   * end with one row: the unique `_id` lets one insert through, and the other request uses the
   * winner's customer (Stripe's idempotency key already gives both the same one within 24 h).
   */
  async ensure(user: CurrentUser, log: Logger): Promise<string> {
    const known = await this.find(user.id, log);
    if (known) return known;
    const customer = await callStripe(log, 'customers.create', () =>
      this.deps.stripe.customers.create(
        { email: user.email, name: displayName(user) ?? undefined, metadata: { userId: user.id } },
        { idempotencyKey: `fm-customer-${user.id}` },
      ),
    );
    return this.claim(user.id, customer.id, log);
  }

  /** Marks the member's row deleted (written, marked, when only Stripe knew the customer). */
  async markDeleted(userId: string, customerId: string | undefined): Promise<void> {
    const { BillingCustomer } = this.deps.models;
    const now = new Date();
    if (customerId) {
      await insertOnce(() => BillingCustomer.create({ _id: userId, stripeCustomerId: customerId, deletedAt: now }));
    }
    await BillingCustomer.updateOne({ _id: userId, deletedAt: null }, { $set: { deletedAt: now } });
  }

  /** Stores `customerId` as the member's unless a row is there; answers the stored one. */
  private async claim(userId: string, customerId: string, log: Logger): Promise<string> {
    const { BillingCustomer } = this.deps.models;
    if (
      await insertOnce(() => BillingCustomer.create({ _id: userId, stripeCustomerId: customerId, deletedAt: null }))
    ) {
      return customerId;
    }
    const stored = await this.row(userId);
    if (!stored) throw new Error(`billing customer of ${userId} refused as a duplicate but not found`);
    if (stored.stripeCustomerId !== customerId) {
      log.warn({ userId, unused: customerId }, 'a parallel request stored another Stripe customer first');
    }
    return stored.stripeCustomerId;
  }

  /**
   * A customer billing created for this member before it kept its own map. Only a customer
   * whose metadata names the member counts (stripe-mock answers any search with its fixture).
   */
  private async searchStripe(userId: string, log: Logger): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]+$/.test(userId)) return undefined;
    const { redis, redisPrefix, stripe } = this.deps;
    const noneKey = billingKeys(redisPrefix).noOldCustomer(userId);
    // Redis unreachable: just ask Stripe.
    if ((await redis.exists(noneKey).catch(() => 0)) === 1) return undefined;
    const found = await callStripe(log, 'customers.search', () =>
      stripe.customers.search({ query: `metadata['userId']:'${userId}'`, limit: 10 }),
    );
    const mine = found.data
      .filter((customer) => customer.metadata?.userId === userId)
      .sort((a, b) => a.created - b.created)[0];
    if (!mine) {
      await redis.set(noneKey, '1', 'EX', NO_OLD_CUSTOMER_TTL_SECONDS).catch(() => undefined);
      return undefined;
    }
    log.info({ userId, customerId: mine.id }, 'Stripe customer from before billing_customers adopted');
    return mine.id;
  }
}
