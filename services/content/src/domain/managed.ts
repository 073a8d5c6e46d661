import type { CatalogueManager } from '@fm/contracts';

/**
 * Who maintains a catalogue record. The seed creates records with `seedKey` (its natural key in
 * `src/catalogue/`, e.g. "lesson:Sweet Spot Swings") and keeps them up to date while
 * `managedBy` is `seed` (or absent: records seeded before the console existed). A record the
 * founder created or edited in the console is `managedBy: 'admin'`: the seed never writes it
 * again, and a seeded record the founder deleted leaves a tombstone (`catalogue_tombstones`) so
 * the seed does not bring it back.
 */
export interface Managed {
  seedKey?: string | null;
  managedBy?: CatalogueManager;
}

export const managedFields = {
  seedKey: { type: String, default: null },
  managedBy: { type: String, enum: ['seed', 'admin'], default: 'seed' },
};

export function managerOf(doc: Managed): CatalogueManager {
  return doc.managedBy === 'admin' ? 'admin' : 'seed';
}
