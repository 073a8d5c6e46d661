import type { Connection, Model, Schema } from 'mongoose';

/** One model per connection: compiles it the first time, then hands back the same one. */
export function modelOn<T>(mongo: Connection, name: string, schema: Schema<T>, collection: string): Model<T> {
  return (mongo.models[name] as Model<T> | undefined) ?? mongo.model<T>(name, schema, collection);
}
