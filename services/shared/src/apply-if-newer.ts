import type { Redis } from 'ioredis';
import type { Model } from 'mongoose';
import type { BaseConfig } from './config';
import { ServiceUnavailableError } from './errors';
import { isDuplicateKey } from './mongo';
import { oneAtATimePerKey } from './one-at-a-time';
import { redisKeys } from './redis-keys';
import { withRedisLock } from './redis-lock';

/** What orders the versions of one record: a time, or any number that grows (greater = newer). */
export type Stamp = number | Date;

export interface ApplyIfNewerOptions {
  /**
   * The record's field holding the stamp of the version it has (default `stamp`); a dotted path
   * versions a part of the record (`subscriptions.sub_1.at`: one entry of a map), `set` then
   * names that part's fields by their dotted paths.
   */
  field?: string;
  /** Create the record when it does not exist (default true); false: only an existing record is changed. */
  insert?: boolean;
  /** False: the write leaves the record's `updatedAt` as it was (default: the schema's timestamps). */
  timestamps?: boolean;
}

/**
 * `applyIfNewer(model, id, stamp, set, options?)`: a versioned compare-and-set. Writes `set` (and
 * the stamp) to the record `id` only when `stamp` is not older than the stamp it holds (a record
 * without one counts as oldest; an equal stamp is the same version written again, e.g. an event
 * handled again after a crash, and gives the same result). Resolves to whether it wrote: false
 * means the record already has a newer version. Atomic across processes on every store we run:
 *
 * - MongoDB applies a conditional update atomically: that update is the check.
 * - FerretDB v1, the development and test store, applies a conditional update as a read and a
 *   write, so two writers could both pass the check and the older land last. With
 *   `MONGO_CAS_LOCK=true` (the launcher sets it when it starts FerretDB) each write holds a Redis
 *   lock per record (and queues behind the same record's writes of its own process first), then
 *   reads by `_id` and writes by `_id` (FerretDB serves plain `_id` lookups without a scan).
 *
 * Every writer of a stamped field must go through here for the order to hold.
 */
export type ApplyIfNewer = <T>(
  model: Model<T>,
  id: string,
  stamp: Stamp,
  set: Partial<T> | DottedFields,
  options?: ApplyIfNewerOptions,
) => Promise<boolean>;

/** Fields named by their dotted paths (`{ 'subscriptions.sub_1.level': 'premium' }`). */
export type DottedFields = Record<`${string}.${string}`, unknown>;

/** A holder that crashed blocks the record this long at most. */
const LOCK_TTL_MS = 30_000;
/** How long a write waits for another process's write of the same record before it fails (503). */
const LOCK_WAIT_MS = 20_000;

type AnyModel = Model<Record<string, unknown>>;
type WriteOptions = { insert: boolean; timestamps: boolean | undefined };

/** The Redis key a write of one record holds with MONGO_CAS_LOCK (a test stands in for another process with it). */
export function applyIfNewerLockKey(redisPrefix: string, collection: string, id: string): string {
  return redisKeys(redisPrefix).applyIfNewerLock(collection, id);
}

const valueOf = (stamp: unknown): number => (stamp instanceof Date ? stamp.getTime() : Number(stamp));

/** The value at a dotted path of a document as read. */
function at(doc: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (part, key) => (part && typeof part === 'object' ? (part as Record<string, unknown>)[key] : undefined),
      doc,
    );
}

/**
 * The service's `applyIfNewer`, from its Redis and configuration (`MONGO_CAS_LOCK` switches the
 * lock on; its keys live under `REDIS_PREFIX`).
 */
export function createApplyIfNewer(deps: {
  redis: Redis;
  config: Pick<BaseConfig, 'REDIS_PREFIX' | 'MONGO_CAS_LOCK'>;
}): ApplyIfNewer {
  const inProcess = oneAtATimePerKey();
  return async (model, id, stamp, set, options = {}) => {
    const field = options.field ?? 'stamp';
    const insert = options.insert ?? true;
    const changes = { ...set, [field]: stamp };
    const write = { insert, timestamps: options.timestamps };
    const anyModel = model as unknown as AnyModel;
    if (!deps.config.MONGO_CAS_LOCK) return conditionalUpdate(anyModel, id, field, stamp, changes, write);

    const key = applyIfNewerLockKey(deps.config.REDIS_PREFIX, model.collection.collectionName, id);
    return inProcess(key, () =>
      withRedisLock(
        deps.redis,
        key,
        {
          ttlMs: LOCK_TTL_MS,
          waitMs: LOCK_WAIT_MS,
          busy: () => new ServiceUnavailableError('this record is being changed elsewhere; try again'),
        },
        () => lockedUpdate(anyModel, id, field, stamp, changes, write),
      ),
    );
  };
}

/** MongoDB: the conditional update is the atomic check; an upsert refused by `_id` means the record exists. */
async function conditionalUpdate(
  model: AnyModel,
  id: string,
  field: string,
  stamp: Stamp,
  changes: Record<string, unknown>,
  { insert, timestamps }: WriteOptions,
): Promise<boolean> {
  const notOlder = { _id: id, $or: [{ [field]: { $exists: false } }, { [field]: null }, { [field]: { $lte: stamp } }] };
  const update = (upsert: boolean) => model.updateOne(notOlder, { $set: changes }, { upsert, timestamps });
  if (insert) {
    try {
      const result = await update(true);
      return result.matchedCount > 0 || result.upsertedCount > 0;
    } catch (err) {
      // The record exists with a newer stamp, or a parallel writer inserted it a moment ago:
      // the conditional update decides which.
      if (!isDuplicateKey(err)) throw err;
    }
  }
  return (await update(false)).matchedCount > 0;
}

/** Under the record's lock: no other write of it runs, so a read and a write by `_id` are enough. */
async function lockedUpdate(
  model: AnyModel,
  id: string,
  field: string,
  stamp: Stamp,
  changes: Record<string, unknown>,
  { insert, timestamps }: WriteOptions,
): Promise<boolean> {
  const current = await model.findById(id, { [field]: 1 }).lean<Record<string, unknown>>();
  if (!current) {
    if (!insert) return false;
    // By `_id` only: no other write of the record runs meanwhile.
    await model.updateOne({ _id: id }, { $set: changes }, { upsert: true, timestamps });
    return true;
  }
  const stored = at(current, field);
  if (stored !== undefined && stored !== null && valueOf(stored) > valueOf(stamp)) return false;
  await model.updateOne({ _id: id }, { $set: changes }, { timestamps });
  return true;
}
