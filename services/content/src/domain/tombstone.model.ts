import { registerModel } from '@fm/shared/store';
import { type Connection, Schema } from 'mongoose';

/**
 * A seeded record the founder deleted in the console (`_id` = `<kind>:<seedKey>`): the seed
 * skips it from then on, so a deleted lesson does not come back with the next deploy.
 */
export interface CatalogueTombstone {
  _id: string;
  kind: string;
  seedKey: string;
  deletedAt: Date;
  deletedBy: string;
}

const tombstoneSchema = new Schema<CatalogueTombstone>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    seedKey: { type: String, required: true },
    deletedAt: { type: Date, required: true },
    deletedBy: { type: String, required: true },
  },
  { collection: 'catalogue_tombstones', versionKey: false },
);

export function tombstoneId(kind: string, seedKey: string): string {
  return `${kind}:${seedKey}`;
}

export function tombstoneModel(mongo: Connection) {
  return registerModel(mongo, 'CatalogueTombstone', tombstoneSchema);
}
