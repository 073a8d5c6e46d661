import { DEFAULT_PREMIUM_PLAN, PREMIUM_PLANS, type PremiumPlan } from '@fm/contracts';
import { registerModel, schemaOptions } from '@fm/shared/store';
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * The plan of a subscription (`billing_checkout_plans`, `_id` = the subscription): written by the
 * checkout right after Stripe created the subscription; changed only by a switch of plan
 * (plan-change.ts: `plan` at once for monthly → annual, `scheduled` for annual → monthly at the
 * end of the paid year). The checkout reuses a subscription only for the same plan, and the
 * account page names it.
 */
export interface CheckoutPlan {
  _id: string;
  userId: string;
  plan: PremiumPlan;
  /** A switch waiting for the end of the period (Stripe's subscription schedule makes it then). */
  scheduled?: { plan: PremiumPlan; effectiveAt: Date } | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A subscription's plan now and the switch waiting, if any. */
export interface PlanState {
  plan: PremiumPlan;
  scheduled: { plan: PremiumPlan; effectiveAt: Date } | null;
}

const checkoutPlanSchema = new Schema<CheckoutPlan>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    plan: { type: String, enum: PREMIUM_PLANS, required: true },
    scheduled: {
      type: new Schema({ plan: { type: String, enum: PREMIUM_PLANS }, effectiveAt: Date }, { _id: false }),
      default: null,
    },
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
    return (await this.stateOf(subscriptionId)).plan;
  }

  /**
   * The plan now (a scheduled switch whose time has come is the plan: Stripe's schedule made it)
   * and the switch still waiting.
   */
  async stateOf(subscriptionId: string, now = new Date()): Promise<PlanState> {
    const found = await this.model.findById(subscriptionId, { plan: 1, scheduled: 1 }).lean();
    const scheduled = found?.scheduled?.plan && found.scheduled.effectiveAt ? found.scheduled : null;
    if (scheduled && scheduled.effectiveAt <= now) return { plan: scheduled.plan, scheduled: null };
    return { plan: found?.plan ?? DEFAULT_PREMIUM_PLAN, scheduled };
  }

  /** A switch made at once (monthly → annual): the plan from now on, nothing waiting. */
  async switched(subscriptionId: string, userId: string, plan: PremiumPlan): Promise<void> {
    await this.model.updateOne(
      { _id: subscriptionId },
      { $set: { plan, scheduled: null }, $setOnInsert: { userId } },
      { upsert: true },
    );
  }

  /** A switch at `effectiveAt` (annual → monthly at the end of the year), or none (`null`: undone). */
  async schedule(
    subscriptionId: string,
    userId: string,
    current: PremiumPlan,
    scheduled: PlanState['scheduled'],
  ): Promise<void> {
    await this.model.updateOne(
      { _id: subscriptionId },
      { $set: { scheduled }, $setOnInsert: { userId, plan: current } },
      { upsert: true },
    );
  }

  /** The first of `subscriptionIds` (in their order) whose checkout asked for `plan`. */
  async firstOfPlan(subscriptionIds: string[], plan: PremiumPlan): Promise<string | undefined> {
    if (subscriptionIds.length === 0) return undefined;
    const found = await this.model.find({ _id: { $in: subscriptionIds } }, { plan: 1 }).lean();
    const plans = new Map(found.map((entry) => [entry._id, entry.plan]));
    return subscriptionIds.find((id) => (plans.get(id) ?? DEFAULT_PREMIUM_PLAN) === plan);
  }
}
