import type { TrialOfferAnswer, TrialRefusal } from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import { personAddressKey } from '@fm/shared/mail';
import { registerModel, schemaOptions } from '@fm/shared/store';
import { Schema, type Model } from 'mongoose';
import type { BillingModels } from './billing.models';
import { samePersonClauses, type PersonKeys } from './guarantee-keys';

/**
 * A member's free trial (`billing_trials`, `_id` = member id: one per account), written when the
 * checkout created the trialing subscription. Like a use of the money-back guarantee it carries
 * the person's keys (guarantee-keys.ts): the hash of the address when it was verified, and the
 * card's fingerprint once the card form saved it. Until then (`cardSavedAt` null) the trial is
 * only a checkout: no Premium, not counted against the person, its subscription cancelled or
 * reused by their next checkout. It stays when the account is deleted, so the same person gets
 * no second trial on a new account.
 */
export interface TrialUse {
  _id: string;
  subscriptionId: string;
  /** The subscription's pending SetupIntent (the card form): its setup_intent.succeeded finds the trial. */
  setupIntentId: string | null;
  addressKey: string | null;
  cardKey: string | null;
  /** When the card was saved (the SetupIntent succeeded): the trial started, or was refused for its card. */
  cardSavedAt: Date | null;
  /**
   * Why the trial ended at once when the card was saved: that card had a free trial before, or
   * (two checkouts of one person open at once) the person's address started one meanwhile.
   */
  endedReason: TrialEndedReason | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Why a trial whose card was saved ended at once. */
export type TrialEndedReason = Extract<TrialRefusal, 'card-already-trialed' | 'already-trialed'>;

/** What saving the card did to a trial checkout. */
export type CardSavedOutcome =
  { outcome: 'started' | TrialEndedReason; trial: TrialUse; first: boolean } | { outcome: 'unknown' };

/** Counted against the person: the card form was completed (a trial that started, or was refused for its card). */
const USED = { cardSavedAt: { $ne: null } };

const trialUseSchema = new Schema<TrialUse>(
  {
    _id: { type: String, required: true },
    subscriptionId: { type: String, required: true },
    setupIntentId: { type: String, default: null },
    cardSavedAt: { type: Date, default: null },
    endedReason: { type: String, default: null },
    addressKey: { type: String, default: null },
    cardKey: { type: String, default: null },
  },
  schemaOptions({ collection: 'billing_trials' }),
);
trialUseSchema.index({ addressKey: 1 });
trialUseSchema.index({ cardKey: 1 });
trialUseSchema.index({ subscriptionId: 1 });
trialUseSchema.index({ setupIntentId: 1 }, { sparse: true });

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
   * another account of the same person (a key shared), whose card was saved → already-trialed (a
   * checkout left before the card counts for nothing); a Premium payment of this account →
   * already-paid.
   */
  async refusal(user: Pick<CurrentUser, 'id' | 'email' | 'emailVerified'>): Promise<TrialRefusal | null> {
    const clauses = samePersonClauses(TrialOffer.keysOf(user));
    const [trial, paid] = await Promise.all([
      this.model.findOne({ ...USED, $or: [{ _id: user.id }, ...clauses] }, { endedReason: 1 }).lean(),
      this.models.SubscriptionPayment.exists({ userId: user.id, amountPaidCents: { $gt: 0 } }),
    ]);
    // This account's own trial refused for its card says so; any other use is a trial had.
    if (trial) return trial._id === user.id && trial.endedReason ? trial.endedReason : 'already-trialed';
    return paid ? 'already-paid' : null;
  }

  /**
   * GET /api/billing/trial: whether the pages may offer this member the trial (they offer it only
   * then): a Free member who may start one, while `trialDays` > 0.
   */
  async offerFor(
    user: Pick<CurrentUser, 'id' | 'email' | 'emailVerified' | 'membershipLevel'>,
    trialDays: number,
  ): Promise<TrialOfferAnswer> {
    if (trialDays <= 0) return { offered: false, trialDays: 0, reason: 'not-offered' };
    if (user.membershipLevel === 'premium') return { offered: false, trialDays, reason: 'premium' };
    const reason = await this.refusal(user);
    return { offered: reason === null, trialDays, reason };
  }

  /**
   * The trial checkout just created (card not saved yet). A checkout the member left before the
   * card is replaced; a trial whose card was saved is kept (refusal() refused a second one before).
   */
  async record(
    user: Pick<CurrentUser, 'id' | 'email' | 'emailVerified'>,
    subscriptionId: string,
    setupIntentId: string | null,
  ): Promise<void> {
    const keys = TrialOffer.keysOf(user);
    try {
      await this.model.updateOne(
        { _id: user.id, cardSavedAt: null },
        {
          $set: { subscriptionId, setupIntentId, addressKey: keys.addressKey },
          $setOnInsert: { cardKey: null, endedReason: null },
        },
        { upsert: true },
      );
    } catch (err) {
      // A trial whose card was saved meanwhile (the upsert's insert collides with it): it stays.
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  }

  /** True while `subscriptionId` is a trial checkout whose card was not saved: it gives no Premium. */
  async awaitingCard(subscriptionId: string): Promise<boolean> {
    return (await this.model.exists({ subscriptionId, cardSavedAt: null })) !== null;
  }

  /**
   * True when `subscriptionId` is a trial checkout that never gave Premium: its card never saved,
   * or saved and refused (the person had a trial). Its end takes nothing away.
   */
  async neverStarted(subscriptionId: string): Promise<boolean> {
    const filter = { subscriptionId, $or: [{ cardSavedAt: null }, { endedReason: { $ne: null } }] };
    return (await this.model.exists(filter)) !== null;
  }

  /** The member's trial checkout whose card is not saved yet, if any. */
  async pendingOf(userId: string): Promise<TrialUse | null> {
    return this.model.findOne({ _id: userId, cardSavedAt: null }).lean();
  }

  /** The trial whose card form is this SetupIntent. */
  async ofSetupIntent(setupIntentId: string): Promise<TrialUse | null> {
    return this.model.findOne({ setupIntentId }).lean();
  }

  /** The member's trial record (pending, started or refused), if any. */
  async ofMember(userId: string): Promise<TrialUse | null> {
    return this.model.findById(userId).lean();
  }

  /**
   * The card form of `subscriptionId`'s trial succeeded with a card of this fingerprint: the
   * trial starts, unless another account's trial had this card (then it ends at once:
   * card-already-trialed). Once: the first caller (webhook or return) decides, `first` says who.
   */
  async cardSaved(subscriptionId: string, cardKey: string | null): Promise<CardSavedOutcome> {
    const pending = await this.model.findOne({ subscriptionId }).lean();
    if (!pending) return { outcome: 'unknown' };
    if (pending.cardSavedAt) return { outcome: pending.endedReason ?? 'started', trial: pending, first: false };
    // Once per person, checked again now that the card is known: the card, or the address (another
    // account's trial may have started since this checkout opened).
    const clauses = samePersonClauses({ addressKey: pending.addressKey, cardKey });
    const other = clauses.length
      ? await this.model.findOne({ ...USED, _id: { $ne: pending._id }, $or: clauses }, { cardKey: 1 }).lean()
      : null;
    let endedReason: TrialEndedReason | null = null;
    if (other) endedReason = cardKey && other.cardKey === cardKey ? 'card-already-trialed' : 'already-trialed';
    const saved = await this.model
      .findOneAndUpdate(
        { _id: pending._id, subscriptionId, cardSavedAt: null },
        { $set: { cardSavedAt: new Date(), cardKey, endedReason } },
        { returnDocument: 'after' },
      )
      .lean();
    if (saved) return { outcome: endedReason ?? 'started', trial: saved, first: true };
    const now = await this.model.findById(pending._id).lean();
    if (!now || now.subscriptionId !== subscriptionId || !now.cardSavedAt) return { outcome: 'unknown' };
    return { outcome: now.endedReason ?? 'started', trial: now, first: false };
  }

  /** The member's trial record of `subscriptionId`, if that subscription was started as a trial (card saved or not). */
  async ofSubscription(subscriptionId: string): Promise<TrialUse | null> {
    return this.model.findOne({ subscriptionId }).lean();
  }
}
