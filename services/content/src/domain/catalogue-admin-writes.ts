import type { CurrentUser } from '@fm/shared/auth';
import { type AuditLog, changeSummary, ConflictError, NotFoundError } from '@fm/shared/http';
import type { Logger } from '@fm/shared/service';
import { insertOnce, isDuplicateKey, isObjectId } from '@fm/shared/store';
import type { Redis } from 'ioredis';
import type { Connection, Model } from 'mongoose';
import type { CatalogueCache } from './catalogue-cache';
import { announceCatalogueChange } from './catalogue-events';
import type { Managed } from './managed';
import { tombstoneId, tombstoneModel } from './tombstone.model';

/** One kind of catalogue record as the console edits it. */
export interface Kind<D> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>;
  /** The audit's targetType and the tombstone's kind. */
  type: string;
  notFound: string;
  duplicate: string;
  /** The fields a create or delete summary names. */
  summaryFields: readonly (keyof D & string)[];
}

export type Actor = Pick<CurrentUser, 'id' | 'email'>;
export type StoredRecord = Managed & { _id: unknown; createdAt: Date; updatedAt: Date };

export interface CatalogueWritesDeps {
  mongo: Connection;
  redis: Redis;
  redisPrefix: string;
  cache: CatalogueCache;
  audit: AuditLog;
  logger: Logger;
  /** The service's clock: what a record the founder adds gets as its `publishedAt`. */
  now: () => Date;
}

/**
 * The common write path of the founder's catalogue changes: every write marks the record
 * `managedBy: 'admin'` (the seed leaves it alone from then on; a deleted seeded record leaves a
 * tombstone), is recorded in the audit log, and is announced to every content replica (their
 * caches drop at once).
 */
export class CatalogueWrites {
  private readonly tombstones;

  constructor(private readonly deps: CatalogueWritesDeps) {
    this.tombstones = tombstoneModel(deps.mongo);
  }

  /** Now, by the service's clock (compose's `clock`; tests set it). */
  now(): Date {
    return this.deps.now();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async nextOrder(model: Model<any>, scope: Record<string, unknown>): Promise<number> {
    const last = await model.find(scope).sort({ order: -1 }).limit(1).lean<{ order: number }[]>();
    return (last[0]?.order ?? 0) + 1;
  }

  private async find<D>(kind: Kind<D>, id: string, scope: Record<string, unknown>): Promise<D> {
    const doc = isObjectId(id) ? await kind.model.findOne({ _id: id, ...scope }).lean<D>() : null;
    if (!doc) throw new NotFoundError(kind.notFound);
    return doc;
  }

  private async refusingDuplicates<T>(kind: Pick<Kind<unknown>, 'duplicate'>, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isDuplicateKey(err)) throw new ConflictError(kind.duplicate);
      throw err;
    }
  }

  async create<D extends StoredRecord>(kind: Kind<D>, actor: Actor, fields: object): Promise<D> {
    const created = await this.refusingDuplicates(kind, () =>
      kind.model.create({ ...fields, managedBy: 'admin', seedKey: null }),
    );
    const doc = (await kind.model.findById(created._id).lean<D>()) as D;
    await this.deps.audit.record(actor, {
      action: `${kind.type}.create`,
      targetType: kind.type,
      targetId: String(doc._id),
      summary: changeSummary(null, doc as Record<string, unknown>, kind.summaryFields),
    });
    await this.announce(kind.type);
    return doc;
  }

  async update<D extends StoredRecord>(
    kind: Kind<D>,
    actor: Actor,
    id: string,
    patch: object,
    scope: Record<string, unknown>,
    check?: (merged: D, before: D) => void,
  ): Promise<D> {
    const before = await this.find(kind, id, scope);
    check?.({ ...before, ...patch }, before);
    await this.refusingDuplicates(kind, () =>
      kind.model.updateOne({ _id: id, ...scope }, { $set: { ...patch, managedBy: 'admin' } }, { runValidators: true }),
    );
    const after = await this.find(kind, id, scope);
    await this.deps.audit.record(actor, {
      action: `${kind.type}.update`,
      targetType: kind.type,
      targetId: String(after._id),
      summary: changeSummary(before as Record<string, unknown>, after as Record<string, unknown>, Object.keys(patch)),
    });
    await this.announce(kind.type);
    return after;
  }

  async remove<D extends StoredRecord>(
    kind: Kind<D>,
    actor: Actor,
    id: string,
    scope: Record<string, unknown>,
    check?: (before: D) => void,
  ): Promise<void> {
    const before = await this.find(kind, id, scope);
    check?.(before);
    // The tombstone first: a seed running meanwhile must not bring the record back.
    if (before.seedKey) {
      await insertOnce(() =>
        this.tombstones.create({
          _id: tombstoneId(kind.type, before.seedKey!),
          kind: kind.type,
          seedKey: before.seedKey!,
          deletedAt: new Date(),
          deletedBy: actor.id,
        }),
      );
    }
    await kind.model.deleteOne({ _id: id, ...scope });
    await this.deps.audit.record(actor, {
      action: `${kind.type}.delete`,
      targetType: kind.type,
      targetId: String(before._id),
      summary: changeSummary(before as Record<string, unknown>, null, kind.summaryFields),
    });
    await this.announce(kind.type);
  }

  /**
   * This replica's cache drops at once; the others drop theirs when the announcement arrives. If
   * Redis cannot take it, their subscribers are cut off too and read uncached meanwhile.
   */
  private async announce(what: string): Promise<void> {
    this.deps.cache.clear();
    try {
      await announceCatalogueChange(this.deps.redis, this.deps.redisPrefix, what);
    } catch (err) {
      this.deps.logger.warn({ err, what }, 'catalogue change saved but not announced');
    }
  }
}
