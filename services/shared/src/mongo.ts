import mongoose, { type Connection, type SchemaOptions } from 'mongoose';

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
 * FerretDB v1 compatible (no TTL, text or partial indexes; see ARCHITECTURE.md).
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
