import type { MrrModels } from '../mrr-ledger.models';
import type { MemberMrr } from './founder-cohorts.service';

/**
 * The members' MRR as the MRR ledger holds it now (each member's state in billing_mrr_members;
 * the ledger is its one writer): one query for every member asked about. A member the ledger has
 * no state for is left out.
 */
export function memberMrrFromLedger(
  models: Pick<MrrModels, 'MrrMember'>,
): (memberIds: readonly string[]) => Promise<Map<string, MemberMrr>> {
  return async (memberIds) => {
    const records = await models.MrrMember.find({ _id: { $in: [...new Set(memberIds)] } }, { state: 1 }).lean();
    return new Map(
      records.flatMap((r) => (r.state ? [[r._id, { mrrCents: r.state.mrrCents, currency: r.state.currency }]] : [])),
    );
  };
}
