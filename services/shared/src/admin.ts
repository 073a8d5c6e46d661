/**
 * The founder console's kit: the audit log every admin write records into, and the paging of
 * admin lists. Routes use it after `requireAdmin` (guards.ts), behind which `ctx.state.viewer` is the admin.
 *
 * `admin_audit` is the one collection no single service owns: every service that has admin
 * writes appends to it through this module (and only through it), auth answers it at
 * GET /api/admin/audit. Like the sessions in Redis, it is the kit's.
 */
import { ADMIN_PAGE_SIZE, type AdminPage, type AuditEntry } from '@fm/contracts';
import { type Connection, type Model, Types } from 'mongoose';
import { z } from 'zod';
import type { CurrentUser } from './guards';
import type { AdminContext } from './identity';

export const ADMIN_AUDIT_COLLECTION = 'admin_audit';

/** `?page=` from 1 and `?pageSize=` (default 20, at most 100; 400 above). */
export const adminPageShape = {
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page is at most 100000')
    .default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}` })
    .int(`pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
    .min(1, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
    .max(ADMIN_PAGE_SIZE.max, `pageSize is at most ${ADMIN_PAGE_SIZE.max}`)
    .default(ADMIN_PAGE_SIZE.default),
};

export interface AdminPageQuery {
  page: number;
  pageSize: number;
}

/**
 * The query of an admin list: page, pageSize and the list's own filters. Unknown or repeated
 * parameters (`?page=1&page=2`, `q[$ne]=`) are a 400 naming them.
 */
export function adminListQuerySchema<T extends z.ZodRawShape>(filters: T) {
  return z.strictObject(
    { ...adminPageShape, ...filters },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown query parameter: ${(issue as { keys?: string[] }).keys?.join(', ')}`
          : undefined,
    },
  );
}

/** An admin list's `?q=`: one text value, trimmed, at most 100 characters (400 otherwise). */
export const adminSearchField = z
  .string({ error: 'Search must be a single text value' })
  .trim()
  .max(100, 'Search is at most 100 characters')
  .optional();

/** `text` as a literal pattern: every regex metacharacter escaped, so "a.b (c)" means itself. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The filter of an admin search: every word of `q` in one of `fields`, as a case-insensitive
 * substring ("ada love" finds Ada Lovelace; "example.com" an address); `{}` for no search.
 */
export function wordSearchFilter(q: string | undefined, fields: readonly string[]): Record<string, unknown> {
  const words = q?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (!words.length) return {};
  return {
    $and: words.map((word) => {
      const pattern = new RegExp(escapeRegExp(word), 'i');
      return { $or: fields.map((field) => ({ [field]: pattern })) };
    }),
  };
}

/** Newest first; `_id` breaks ties, so pages never overlap. */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/**
 * One page of a mongoose model's records (`filter`, `sort`), mapped to their views, and the
 * total under the same filter.
 */
export async function findPage<D, V>(
  // Any model: the records are read lean and typed by `view`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>,
  filter: Record<string, unknown>,
  query: AdminPageQuery,
  view: (doc: D) => V,
  sort: Record<string, 1 | -1> = NEWEST_FIRST,
): Promise<AdminPage<V>> {
  const [docs, total] = await Promise.all([
    model
      .find(filter)
      .sort(sort)
      .skip((query.page - 1) * query.pageSize)
      .limit(query.pageSize)
      .lean<D[]>(),
    model.countDocuments(filter),
  ]);
  return { items: docs.map(view), total };
}

/** What an admin write records besides who and when. */
export interface AuditRecord {
  /** `<targetType>.<verb>`: "lesson.create", "lesson.update", "lesson.delete", "contact-message.update"… */
  action: string;
  targetType: string;
  targetId: string;
  /** A short before/after description (`changeSummary`); never a secret. */
  summary: string;
}

interface AuditDocument {
  _id: Types.ObjectId;
  actorId: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  at: Date;
  summary: string;
}

const SUMMARY_MAX = 500;

function auditView(doc: AuditDocument): AuditEntry {
  return {
    id: String(doc._id),
    actorId: doc.actorId,
    actorEmail: doc.actorEmail,
    action: doc.action,
    targetType: doc.targetType,
    targetId: doc.targetId,
    at: doc.at.toISOString(),
    summary: doc.summary,
  };
}

/** The admin audit log (`admin_audit`): append-only from the services, read by the console. */
export class AuditLog {
  private indexes: Promise<unknown> | undefined;

  constructor(private readonly mongo: Connection) {}

  private get collection() {
    return this.mongo.collection<AuditDocument>(ADMIN_AUDIT_COLLECTION);
  }

  private ensureIndexes(): Promise<unknown> {
    this.indexes ??= Promise.all([
      this.collection.createIndex({ at: -1, _id: -1 }),
      this.collection.createIndex({ targetType: 1, targetId: 1, at: -1 }),
    ]).catch((err: unknown) => {
      this.indexes = undefined;
      throw err;
    });
    return this.indexes;
  }

  /** Appends one entry for `actor` (the admin behind the request). */
  async record(actor: Pick<CurrentUser, 'id' | 'email'>, record: AuditRecord): Promise<AuditEntry> {
    await this.ensureIndexes();
    const doc: AuditDocument = {
      _id: new Types.ObjectId(),
      actorId: actor.id,
      actorEmail: actor.email,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      at: new Date(),
      summary: truncate(record.summary, SUMMARY_MAX),
    };
    await this.collection.insertOne(doc);
    return auditView(doc);
  }

  /** The request's admin (behind requireAdmin) records `record`. */
  async recordFor(ctx: Pick<AdminContext, 'state'>, record: AuditRecord): Promise<AuditEntry> {
    return this.record(ctx.state.viewer, record);
  }

  /** Newest first; optionally only one target type or one target. */
  async list(
    query: AdminPageQuery,
    filter: { targetType?: string; targetId?: string; actorId?: string } = {},
  ): Promise<AdminPage<AuditEntry>> {
    await this.ensureIndexes();
    const where: Record<string, string> = {};
    for (const [key, value] of Object.entries(filter)) if (value !== undefined) where[key] = value;
    const [docs, total] = await Promise.all([
      this.collection
        .find(where)
        .sort({ at: -1, _id: -1 })
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .toArray(),
      this.collection.countDocuments(where),
    ]);
    return { items: docs.map(auditView), total };
  }
}

// ---- summaries ------------------------------------------------------------------------------

/** Keys never written into a summary, whatever the caller passes. */
const SECRET_KEY = /password|secret|token|hash|stripe|cookie|session/i;
const VALUE_MAX = 60;

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A value as a summary shows it: text quoted and shortened, lists by their length. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return JSON.stringify(truncate(value, VALUE_MAX));
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? '' : 's'}]`;
  if (typeof value === 'object') return '{…}';
  return String(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

type Fields = Readonly<Record<string, unknown>>;

/**
 * A short description of a write: `created: title "A", order 3`, `title: "A" → "B"; isFree: false
 * → true`, `deleted: title "A"`. Only the `fields` given (all of the record's if none); keys that
 * look like secrets are left out. At most 500 characters.
 */
export function changeSummary(before: Fields | null, after: Fields | null, fields?: readonly string[]): string {
  const keys = (fields ?? Object.keys({ ...before, ...after })).filter(
    (key) => !SECRET_KEY.test(key) && key !== 'id' && key !== '_id' && key !== 'createdAt' && key !== 'updatedAt',
  );
  let text: string;
  if (!before && after) {
    text = `created: ${keys.map((key) => `${key} ${describeValue(after[key])}`).join(', ')}`;
  } else if (before && !after) {
    text = `deleted: ${keys.map((key) => `${key} ${describeValue(before[key])}`).join(', ')}`;
  } else if (before && after) {
    const changed = keys.filter((key) => key in after && !sameValue(before[key], after[key]));
    text = changed.length
      ? changed.map((key) => `${key}: ${describeValue(before[key])} → ${describeValue(after[key])}`).join('; ')
      : 'no change';
  } else {
    text = '';
  }
  return truncate(text, SUMMARY_MAX);
}
