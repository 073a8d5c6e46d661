import type { TrialRefusal } from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import { personAddressKey } from '@fm/shared/mail';
import { registerModel, schemaOptions } from '@fm/shared/store';
import { Schema, type Model } from 'mongoose';
import type { BillingModels } from './billing.models';
import { samePersonClauses, type PersonKeys } from './guarantee-keys';

/**
 * A member's free trial (`billing_trials`, `_id` = member id: one per account), written when the
 * checkout created the trialing subscription. Like a use of the money-back guarantee it carries
 * the person's keys (guarantee-keys.ts): the hash of the address when it was verified (and room
 * for the card's fingerprint, not filled yet: the card is collected after the trial has started);
 * it stays when the account is deleted, so the same person gets no second trial on a new account.
 */
export interface TrialUse {
  _id: string;
  subscriptionId: string;
  addressKey: string | null;
  cardKey: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const trialUseSchema = new Schema<TrialUse>(
  {
    _id: { type: String, required: true },
    subscriptionId: { type: String, required: true },
    addressKey: { type: String, default: null },
    cardKey: { type: String, default: null },
  },
  schemaOptions({ collection: 'billing_trials' }),
);
trialUseSchema.index({ addressKey: 1 });
trialUseSchema.index({ cardKey: 1 });

/** Who may start the free trial, and the record of those who did. */
export class TrialOffer {
  private readonly model: Model<TrialUse>;

  constructor(private readonly models: BillingModels) {
    this.model = registerModel(models.BillingSubscription.db, 'TrialUse', trialUseSchema);
  }

  /** The person's keys as a checkout knows them: the address only when the member proved it theirs. */
  static keysOf(user: Pick<CurrentUser, 'email' | 'emailVerified'>): PersonKeys {
    return { addressKey: user.emailVerified ? personAddressKey(user.email) : null, cardKey: null };
  }

  /**
   * Why this member gets no trial, or null when they may start one: a trial of this account, or of
   * another account of the same person (a key shared) → already-trialed; a Premium payment of this
   * account → already-paid.
   */
  async refusal(user: Pick<CurrentUser, 'id' | 'email' | 'emailVerified'>): Promise<TrialRefusal | null> {
    const clauses = samePersonClauses(TrialOffer.keysOf(user));
    const [trial, paid] = await Promise.all([
      this.model.exists({ $or: [{ _id: user.id }, ...clauses] }),
      this.models.SubscriptionPayment.exists({ userId: user.id, amountPaidCents: { $gt: 0 } }),
    ]);
    if (trial) return 'already-trialed';
    return paid ? 'already-paid' : null;
  }

  /** The trial the checkout started (a second record for the member keeps the first). */
  async record(user: Pick<CurrentUser, 'id' | 'email' | 'emailVerified'>, subscriptionId: string): Promise<void> {
    const keys = TrialOffer.keysOf(user);
    await this.model.updateOne(
      { _id: user.id },
      { $setOnInsert: { subscriptionId, addressKey: keys.addressKey, cardKey: keys.cardKey } },
      { upsert: true },
    );
  }

  /** The member's trial record of `subscriptionId`, if that subscription was started as a trial. */
  async ofSubscription(subscriptionId: string): Promise<TrialUse | null> {
    return this.model.findOne({ subscriptionId }).lean();
  }
}
