import { USERS_COLLECTION, type MembershipLevel } from '@fm/shared';
import type { Connection } from 'mongoose';

/**
 * Billing's window on the `users` collection, which auth owns. Billing reads members and sets
 * exactly one field, `stripeCustomerId`, with a plain updateOne; everything else is auth's.
 */
export interface Member {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  membershipLevel: MembershipLevel;
  stripeCustomerId: string | null;
}

interface UserDocument {
  _id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  membershipLevel?: MembershipLevel;
  stripeCustomerId?: string | null;
}

export class Members {
  constructor(private readonly mongo: Connection) {}

  private get users() {
    return this.mongo.collection<UserDocument>(USERS_COLLECTION);
  }

  async find(userId: string): Promise<Member | undefined> {
    const doc = await this.users.findOne(
      { _id: userId },
      { projection: { email: 1, firstName: 1, lastName: 1, membershipLevel: 1, stripeCustomerId: 1 } },
    );
    return doc ? toMember(doc) : undefined;
  }

  async findByCustomerId(customerId: string): Promise<Member | undefined> {
    const doc = await this.users.findOne(
      { stripeCustomerId: customerId },
      { projection: { email: 1, firstName: 1, lastName: 1, membershipLevel: 1, stripeCustomerId: 1 } },
    );
    return doc ? toMember(doc) : undefined;
  }

  async membershipLevel(userId: string): Promise<MembershipLevel | undefined> {
    const doc = await this.users.findOne({ _id: userId }, { projection: { membershipLevel: 1 } });
    if (!doc) return undefined;
    return doc.membershipLevel === 'premium' ? 'premium' : 'free';
  }

  /**
   * Stores the member's Stripe customer id unless one is already there; answers the id that
   * is stored afterwards (the other one, when a parallel request won).
   */
  async claimStripeCustomerId(userId: string, customerId: string): Promise<string | undefined> {
    await this.users.updateOne({ _id: userId, stripeCustomerId: null }, { $set: { stripeCustomerId: customerId } });
    return (await this.find(userId))?.stripeCustomerId ?? undefined;
  }
}

function toMember(doc: UserDocument): Member {
  return {
    id: doc._id,
    email: doc.email,
    firstName: doc.firstName ?? null,
    lastName: doc.lastName ?? null,
    membershipLevel: doc.membershipLevel === 'premium' ? 'premium' : 'free',
    stripeCustomerId: doc.stripeCustomerId ?? null,
  };
}

export function displayName(member: Pick<Member, 'firstName' | 'lastName'>): string | null {
  const name = [member.firstName, member.lastName]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || null;
}
