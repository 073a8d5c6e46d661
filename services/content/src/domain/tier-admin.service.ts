import type { AdminPage, AdminTier } from '@fm/contracts';
import { type AdminPageQuery, ConflictError, findPage, ValidationError } from '@fm/shared/http';
import type { Connection } from 'mongoose';
import { PREMIUM_TIER_NAME } from '../catalogue/tiers';
import { ADMIN_MESSAGES, type CreateTierInput, type UpdateTierInput } from './catalogue-admin.schemas';
import { adminTierView } from './catalogue-admin.views';
import type { Actor, CatalogueWrites, Kind } from './catalogue-admin-writes';
import { membershipTierModel, type MembershipTierDocument } from './membership-tier.model';

/** The founder's membership tiers; the Premium tier keeps its name and the configured price. */
export class TierAdmin {
  private readonly model;
  private readonly kind: Kind<MembershipTierDocument>;

  constructor(
    mongo: Connection,
    private readonly writes: CatalogueWrites,
    /** "$19.99": the Premium tier's price as GET /api/membership-tiers renders it. */
    private readonly premiumPrice: string,
  ) {
    this.model = membershipTierModel(mongo);
    this.kind = {
      model: this.model,
      type: 'tier',
      notFound: 'Membership tier not found',
      duplicate: 'A membership tier with this name already exists',
      summaryFields: ['name', 'price', 'isFeatured', 'order'],
    };
  }

  private view = (doc: MembershipTierDocument) => adminTierView(doc, this.premiumPrice);

  list(query: AdminPageQuery): Promise<AdminPage<AdminTier>> {
    return findPage(this.model, {}, query, this.view);
  }

  async create(actor: Actor, input: CreateTierInput): Promise<AdminTier> {
    const order = input.order ?? (await this.writes.nextOrder(this.model, {}));
    return this.view(await this.writes.create<MembershipTierDocument>(this.kind, actor, { ...input, order }));
  }

  /**
   * The Premium tier's price is always the configured one (PREMIUM_PRICE_CENTS, CURRENCY): a
   * price in the patch is a 400, as is renaming it (the price and billing find it by name).
   */
  async update(actor: Actor, id: string, patch: UpdateTierInput): Promise<AdminTier> {
    const doc = await this.writes.update<MembershipTierDocument>(this.kind, actor, id, patch, {}, (_merged, before) => {
      if (before.name !== PREMIUM_TIER_NAME) return;
      if (patch.price !== undefined) {
        throw new ValidationError(ADMIN_MESSAGES.premiumPrice, { price: ADMIN_MESSAGES.premiumPrice });
      }
      if (patch.name !== undefined && patch.name !== PREMIUM_TIER_NAME) {
        throw new ValidationError(ADMIN_MESSAGES.premiumName, { name: ADMIN_MESSAGES.premiumName });
      }
    });
    return this.view(doc);
  }

  async delete(actor: Actor, id: string): Promise<void> {
    await this.writes.remove<MembershipTierDocument>(this.kind, actor, id, {}, (before) => {
      if (before.name === PREMIUM_TIER_NAME) throw new ConflictError(ADMIN_MESSAGES.premiumDelete);
    });
  }
}
