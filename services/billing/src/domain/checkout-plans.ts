import { DEFAULT_PREMIUM_PLAN, PREMIUM_PLANS, type PremiumPlan } from '@fm/contracts';
import { registerModel, schemaOptions } from '@fm/shared';
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * The plan a checkout asked for (`billing_checkout_plans`, `_id` = the subscription it created):
 * written by the checkout right after Stripe created the subscription, never changed. The checkout
 * reuses a subscription only for the same plan, and the account page names it.
 */
export interface CheckoutPlan {
  _id: string;
  userId: string;
  plan: PremiumPlan;
  createdAt: Date;
  updatedAt: Date;
}

const checkoutPlanSchema = new Schema<CheckoutPlan>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    plan: { type: String, enum: PREMIUM_PLANS, required: true },
  },
  schemaOptions({ collection: 'billing_checkout_plans' }),
);

/**
 * The plans of the member's checkouts. A subscription without one (created before the annual
 * plan, by the founder's comp, or at Stripe) is monthly: the only price those were made with.
 */
export class CheckoutPlans {
  private readonly model: Model<CheckoutPlan>;

  /** On billing's connection; mongoose builds the member index when the model is registered. */
  constructor(mongo: Connection) {
    this.model = registerModel(mongo, 'CheckoutPlan', checkoutPlanSchema);
  }

  async record(subscriptionId: string, userId: string, plan: PremiumPlan): Promise<void> {
    await this.model.updateOne({ _id: subscriptionId }, { $setOnInsert: { userId, plan } }, { upsert: true });
  }

  async planOf(subscriptionId: string): Promise<PremiumPlan> {
    const found = await this.model.findById(subscriptionId, { plan: 1 }).lean();
    return found?.plan ?? DEFAULT_PREMIUM_PLAN;
  }

  /** The first of `subscriptionIds` (in their order) whose checkout asked for `plan`. */
  async firstOfPlan(subscriptionIds: string[], plan: PremiumPlan): Promise<string | undefined> {
    if (subscriptionIds.length === 0) return undefined;
    const found = await this.model.find({ _id: { $in: subscriptionIds } }, { plan: 1 }).lean();
    const plans = new Map(found.map((entry) => [entry._id, entry.plan]));
    return subscriptionIds.find((id) => (plans.get(id) ?? DEFAULT_PREMIUM_PLAN) === plan);
  }
}
