import mongoose, { type Connection, type Model, type Schema, type SchemaOptions } from 'mongoose';

// Options are shared by schemas of every document type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySchemaOptions = SchemaOptions<any, any, any, any, any, any, any>;

/** One connection per service to the shared database; each service owns its collections. */
export async function connectMongo(url: string, options: { dbName?: string } = {}): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName: options.dbName,
    serverSelectionTimeoutMS: 10_000,
    autoIndex: true,
  });
  await connection.asPromise();
  return connection;
}

/**
 * Schema options every model uses: `id` (string) instead of `_id`, no `__v`, timestamps.
 * Portable to every MongoDB-protocol store we run, development's included (no transactions;
 * no TTL, text or partial indexes; one accumulator per `$group`; see ARCHITECTURE.md).
 */
export function schemaOptions(extra: AnySchemaOptions = {}): AnySchemaOptions {
  return {
    timestamps: true,
    versionKey: false,
    ...extra,
    toJSON: {
      virtuals: false,
      versionKey: false,
      transform: (_doc, ret: Record<string, unknown>) => {
        ret.id = String(ret._id);
        delete ret._id;
        return ret;
      },
      ...extra.toJSON,
    },
  };
}

/**
 * A model on this connection: compiled the first time, the same one afterwards (each test file
 * has its own connection; a service registers once). The collection comes from the schema's
 * options (`schemaOptions({ collection })`).
 */
export function registerModel<T>(mongo: Connection, name: string, schema: Schema<T>): Model<T> {
  return (mongo.models[name] as Model<T> | undefined) ?? mongo.model<T>(name, schema);
}

/** MongoDB's "duplicate key" error code: a unique index refused the write. */
const DUPLICATE_KEY = 11000;

/** The write was refused by a unique index (E11000), e.g. a second insert of the same key. */
export function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === DUPLICATE_KEY;
}

/**
 * An insert that may already have happened (a replay, a parallel delivery, a record keyed by the
 * event it comes from): true if this call inserted it, false if the unique index already held it.
 */
export async function insertOnce(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    return false;
  }
}

/**
 * Runs an upsert again when a concurrent one won the unique index: both may try the insert, the
 * index lets one through, and the next run finds the winner's record and updates it. A record
 * that is deleted and inserted again in between (a member's own like/unlike racing) can make the
 * next run lose too, so it tries up to `attempts` times before the duplicate key goes up (409).
 */
export async function retryOnDuplicateKey<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (err) {
      if (!isDuplicateKey(err) || attempt >= attempts) throw err;
    }
  }
}

/**
 * An ObjectId in its 24-hex-digit form (either case). Stricter than `isValidObjectId`, which
 * also takes any 12-character string; anything else names no record and never reaches a query.
 */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && mongoose.isObjectIdOrHexString(value);
}
