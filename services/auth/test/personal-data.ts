import { REGISTRY, type OnDeletion } from '@fm/contracts';

/**
 * Every MongoDB collection of every service, with the fields that hold a member's id or address
 * and what a member's account deletion does to them. The services' collections come from the
 * service registry (services/contracts/src/registry.json, `personalData` of each service; issue
 * 45 §1); the kit's own (`shared`) are listed here. The deletion tests read it:
 * - account-deletion-reach.test.ts fails when a service declares a collection (a mongoose schema,
 *   or a `*_COLLECTION` constant) that is not listed here, or a listed schema gains a field named
 *   like a member id or an address that is not listed;
 * - account-deletion-reach.e2e.int.test.ts runs a whole deletion across the services and fails
 *   when any document of any collection still holds the member's address, or their id outside
 *   the collections that keep it (`kept-id`: records without personal data keyed by the id).
 * A new collection with member data therefore needs a consumer of `account-deleted` (or auth's own
 * deletion) that reaches it, and an entry in the registry saying so.
 */
export type { OnDeletion };

export interface CollectionEntry {
  /** A service of the registry, or `shared` (the kit's collections). */
  service: string;
  /** The fields holding a member's id or address (`_id` when the document is keyed by the member). */
  personal: readonly string[];
  onDeletion: OnDeletion;
  /** Who does it. */
  by?: string;
}

export const COLLECTIONS: Record<string, CollectionEntry> = {
  ...Object.fromEntries(
    REGISTRY.services.flatMap((s) =>
      s.personalData.map((c) => [
        c.collection,
        { service: s.name, personal: c.fields, onDeletion: c.onDeletion, ...(c.by ? { by: c.by } : {}) },
      ]),
    ),
  ),
  admin_audit: { service: 'shared', personal: ['actorId', 'actorEmail'], onDeletion: 'admin-only' },
};

/** A field whose name says it holds a member's id or address. */
export const PERSONAL_FIELD = /(^|\.)(userId|memberId|actorId|recipient|[A-Za-z]*[eE]mail)$/;
