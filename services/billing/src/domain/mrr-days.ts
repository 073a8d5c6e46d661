import { isDuplicateKey } from '@fm/shared/store';
import type { Redis } from 'ioredis';
import { rowContribution } from '../metrics/day-totals';
import { ledgerLock } from './ledger-lock';
import type { MrrDelta, MrrModels } from './mrr-ledger.models';

/**
 * The ledger's day totals (`billing_mrr_days`, metrics/day-totals.ts; docs/METRICS.md "Day
 * totals"): each row added to its currency's day once. The update is conditional on the row's id
 * not being in the day's `rows` yet and pushes it in the same single-document update, so a row
 * added again (a step finishing an earlier one's pending rows, a replay) changes nothing. Writers
 * of one day hold a Redis lock per day (FerretDB v1 applies an update as a read and a write; two
 * unlocked writers of one day could lose one's sum), queued in-process first.
 */
export class MrrDays {
  private readonly locked: ReturnType<typeof ledgerLock>;

  constructor(private readonly deps: { models: Pick<MrrModels, 'MrrDay'>; redis: Redis; redisPrefix: string }) {
    this.locked = ledgerLock(deps);
  }

  /** Adds the row to its day (once): true if this call added it. */
  add(row: Omit<MrrDelta, '_id'>): Promise<boolean> {
    const day = row.at.toISOString().slice(0, 10);
    const id = `${row.currency}:${day}`;
    const rowId = `${row.memberId}:${row.seq}`;
    const { netCents, payingDelta, key: bucket, cents } = rowContribution(row);
    return this.locked(`day:${id}`, "this day's MRR totals are being changed elsewhere; try again", async () => {
      try {
        // The driver's update (not Mongoose's): no casting or defaults beside the $push.
        const result = await this.deps.models.MrrDay.collection.updateOne(
          { _id: id as never, rows: { $ne: rowId } },
          {
            $setOnInsert: { currency: row.currency, day },
            $inc: { netCents, payingDelta, [`movements.${bucket}`]: cents },
            $push: { rows: rowId, ...(row.spell ? { churns: row.spell } : {}) } as never,
          },
          { upsert: true },
        );
        return result.modifiedCount + result.upsertedCount > 0;
      } catch (err) {
        // The day exists and already holds the row: the upsert's insert met its _id.
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    });
  }
}
