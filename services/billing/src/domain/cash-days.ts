import { isDuplicateKey } from '@fm/shared/store';
import type { Redis } from 'ioredis';
import { bookingParts, partsChange, paymentParts, type CashPart } from '../metrics/cash-days';
import type { BillingModels } from './billing.models';
import { ledgerLock } from './ledger-lock';
import type { CashEntry, MrrModels } from './mrr-ledger.models';

/**
 * A sync reads again the records written this long before it started: a write's `updatedAt` is
 * its writer's clock when it was sent, so it may land a little after a sync that started later.
 */
const OVERLAP_MS = 2_000;
const SYNC = '$sync';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/**
 * The cash day totals (`billing_cash_days`, metrics/cash-days.ts; docs/METRICS.md "Cash"), kept
 * from billing's payment records (subscription_payments, coaching_bookings) whoever wrote them:
 * `sync` reads the records written since shortly before the last sync started (by `updatedAt`;
 * the first sync reads them all: the backfill), and moves each record's day totals from its parts as
 * last added (`billing_cash_entries`) to its parts now. Exactly once: the change is written on the
 * record's entry with a new version before it is added, each of its parts is added to its day once
 * (its id `<key>:<version>:<index>` pushed in the same single-document update, as billing_mrr_days),
 * and a sync that died half-way is finished by the next; a record read again unchanged (a replay,
 * the overlap) changes nothing. One sync at a time (a Redis lock; FerretDB v1 applies an update as
 * a read and a write).
 */
export class CashDays {
  private readonly locked: ReturnType<typeof ledgerLock>;

  constructor(
    private readonly deps: {
      models: Pick<BillingModels, 'SubscriptionPayment' | 'CoachingBooking'>;
      mrr: Pick<MrrModels, 'CashDay' | 'CashEntry'>;
      redis: Redis;
      redisPrefix: string;
    },
  ) {
    this.locked = ledgerLock(deps);
  }

  /** Brings the day totals up to the records; how many records changed them. */
  sync(): Promise<number> {
    return this.locked('cash-sync', 'the cash totals are being brought up to date elsewhere; try again', () =>
      this.syncLocked(),
    );
  }

  private async syncLocked(): Promise<number> {
    const { SubscriptionPayment, CoachingBooking } = this.deps.models;
    const { CashEntry } = this.deps.mrr;
    const startedAt = Date.now();
    const meta = await CashEntry.findById(SYNC, { syncedTo: 1 }).lean();
    const since = meta?.syncedTo ?? new Date(0);
    const [payments, bookings] = await Promise.all([
      SubscriptionPayment.find(
        { updatedAt: { $gte: since } },
        { currency: 1, amountPaidCents: 1, amountRefundedCents: 1, paidAt: 1, updatedAt: 1 },
      ).lean(),
      CoachingBooking.find(
        { updatedAt: { $gte: since } },
        { currency: 1, amountCents: 1, status: 1, paidAt: 1, refundedAt: 1, updatedAt: 1 },
      ).lean(),
    ]);
    const records = [
      ...payments.map((p) => ({ key: `premium:${p._id}`, parts: paymentParts(p), updatedAt: p.updatedAt })),
      ...bookings.map((b) => ({ key: `coaching:${b._id}`, parts: bookingParts(b), updatedAt: b.updatedAt })),
    ];
    if (records.length === 0) return 0;
    const entries = new Map<string, CashEntry>();
    for (let i = 0; i < records.length; i += 1000) {
      const keys = records.slice(i, i + 1000).map((r) => r.key);
      for (const e of await CashEntry.find({ _id: { $in: keys } }).lean<CashEntry[]>()) entries.set(e._id, e);
    }
    let changed = 0;
    for (const record of records) {
      if (await this.apply(record.key, entries.get(record.key), record.parts)) changed++;
    }
    // The next sync reads the records written from shortly before this one started.
    const next = new Date(startedAt - OVERLAP_MS);
    if (!meta?.syncedTo || next > meta.syncedTo) {
      await CashEntry.updateOne({ _id: SYNC }, { $set: { syncedTo: next } }, { upsert: true });
    }
    return changed;
  }

  /** Moves one record's days from its entry's parts to `parts` (see the class): true if they changed. */
  private async apply(key: string, entry: CashEntry | undefined, parts: CashPart[]): Promise<boolean> {
    const { CashEntry } = this.deps.mrr;
    const v = entry?.v ?? 0;
    if (entry?.pending.length) {
      await this.add(key, v, entry.pending);
      await CashEntry.updateOne({ _id: key, v }, { $set: { pending: [] } });
    }
    if (same(entry?.parts, parts)) return false;
    const change = partsChange(entry?.parts ?? [], parts);
    await CashEntry.updateOne({ _id: key }, { $set: { parts, v: v + 1, pending: change } }, { upsert: true });
    await this.add(key, v + 1, change);
    await CashEntry.updateOne({ _id: key, v: v + 1 }, { $set: { pending: [] } });
    return true;
  }

  /** Each part of the record's change `v` added to its day, once. */
  private async add(key: string, v: number, change: readonly CashPart[]): Promise<void> {
    for (const [i, part] of change.entries()) {
      const rowId = `${key}:${v}:${i}`;
      try {
        // The driver's update (not Mongoose's): no casting or defaults beside the $push.
        await this.deps.mrr.CashDay.collection.updateOne(
          { _id: `${part.currency}:${part.day}` as never, rows: { $ne: rowId } },
          {
            $setOnInsert: { currency: part.currency, day: part.day },
            $inc: { [part.field]: part.cents },
            $push: { rows: rowId } as never,
          },
          { upsert: true },
        );
      } catch (err) {
        // The day exists and already holds the part: the upsert's insert met its _id.
        if (!isDuplicateKey(err)) throw err;
      }
    }
  }
}
