/**
 * Every MongoDB collection of every service, with the fields that hold a member's id or address
 * and what a member's account deletion does to them. The deletion tests read it:
 * - account-deletion-reach.test.ts fails when a service declares a collection (a mongoose schema,
 *   or a `*_COLLECTION` constant) that is not listed here, or a listed schema gains a field named
 *   like a member id or an address that is not listed;
 * - account-deletion-reach.e2e.int.test.ts runs a whole deletion across the services and fails
 *   when any document of any collection still holds the member's address, or their id outside
 *   the collections that keep it (`kept-id`: records without personal data keyed by the id).
 * A new collection with member data therefore needs a consumer of `account-deleted` (or auth's own
 * deletion) that reaches it, and an entry here saying so.
 */
export type OnDeletion =
  /** The member's documents are deleted. */
  | 'erased'
  /** Kept for the service's own bookkeeping, without name or address: only the id remains. */
  | 'kept-id'
  /** Holds no member's data. */
  | 'none'
  /** Admins' own actions (the founder's audit trail); never a member's data. */
  | 'admin-only';

export interface CollectionEntry {
  service: 'auth' | 'courses' | 'billing' | 'contact' | 'content' | 'practice' | 'shared';
  /** The fields holding a member's id or address (`_id` when the document is keyed by the member). */
  personal: readonly string[];
  onDeletion: OnDeletion;
  /** Who does it. */
  by?: string;
}

export const COLLECTIONS: Record<string, CollectionEntry> = {
  users: { service: 'auth', personal: ['_id', 'email'], onDeletion: 'erased', by: 'auth AccountService.deleteAccount' },
  // The events auth handled, by billing's event id (no member's id or address).
  auth_inbox: { service: 'auth', personal: [], onDeletion: 'none' },
  membership_states: { service: 'auth', personal: ['_id'], onDeletion: 'erased', by: 'auth' },
  password_resets: { service: 'auth', personal: ['userId'], onDeletion: 'erased', by: 'auth' },
  email_verifications: { service: 'auth', personal: ['userId', 'email'], onDeletion: 'erased', by: 'auth' },

  courses: { service: 'courses', personal: ['userId'], onDeletion: 'erased', by: 'courses account-events worker' },
  course_likes: { service: 'courses', personal: ['userId'], onDeletion: 'erased', by: 'courses' },
  course_favorites: { service: 'courses', personal: ['userId'], onDeletion: 'erased', by: 'courses' },
  course_bags: { service: 'courses', personal: ['_id'], onDeletion: 'erased', by: 'courses account-events worker' },
  course_rounds: {
    service: 'courses',
    personal: ['userId'],
    onDeletion: 'erased',
    by: 'courses account-events worker',
  },
  course_owners: {
    service: 'courses',
    personal: ['_id'],
    onDeletion: 'kept-id',
    by: 'courses (a tombstone without the name; late writes withdraw)',
  },

  billing_customers: { service: 'billing', personal: ['_id'], onDeletion: 'kept-id', by: 'billing (marked deleted)' },
  billing_subscriptions: { service: 'billing', personal: ['userId'], onDeletion: 'kept-id', by: 'billing (canceled)' },
  coaching_bookings: {
    service: 'billing',
    personal: ['userId', 'memberEmail'],
    onDeletion: 'kept-id',
    by: 'billing (address and name removed)',
  },
  subscription_payments: { service: 'billing', personal: ['userId'], onDeletion: 'kept-id', by: 'billing (accounts)' },
  billing_guarantees: {
    service: 'billing',
    personal: ['_id', 'earlierUseId'],
    onDeletion: 'kept-id',
    // The money-back guarantee is once per person: a use stays with the keys that know the person
    // again on a new account, a SHA-256 of the verified address (`addressKey`, never the address)
    // and Stripe's fingerprint of the refunded card (`cardKey`); a request refused for it names
    // that use's account (`earlierUseId`).
    by: 'billing (accounts: the money-back guarantee was used, once per person)',
  },
  billing_inbox: {
    service: 'billing',
    personal: ['_id'],
    onDeletion: 'kept-id',
    // Stripe's events by their ids, and auth's account events by theirs: the deletion's own entry
    // keeps the id in its key (`account-deleted-<userId>`) and names the subscriptions it canceled.
    by: 'billing (the account event handled once)',
  },

  contact_submissions: {
    service: 'contact',
    // typedEmail: an address a signed-in member typed that was not the account's (issue 43 §3).
    personal: ['memberId', 'email', 'typedEmail'],
    onDeletion: 'erased',
    by: 'contact account-events worker (signed in, and as a visitor from the verified address)',
  },
  contact_inbox: {
    service: 'contact',
    personal: ['_id'],
    onDeletion: 'kept-id',
    // What contact handled once: its mails (`mail:<key>:<recipient>`; those to the address are
    // erased; the deletion mail's own entry keeps the id in its key, `account-deleted-<userId>`,
    // and a hash of the address, never the address) and account events (by event id).
    by: 'contact account-events worker',
  },
  // The founder's replies (keyed by message id, no member id or address): erased with the messages.
  contact_replies: { service: 'contact', personal: [], onDeletion: 'erased', by: 'contact account-events worker' },
  // The founder's newsletters (no member data).
  newsletters: { service: 'contact', personal: [], onDeletion: 'none' },
  newsletter_deliveries: {
    service: 'contact',
    personal: ['_id', 'userId', 'email', 'firstName'],
    onDeletion: 'kept-id',
    // One per newsletter and member (`<newsletterId>:<userId>`): a pending one is skipped (never
    // mailed), and every one forgets the address and first name; the id stays with the counts.
    by: 'contact account-events worker',
  },
  // Only the ids of messages erased with their sender's account (a reply to one answers 410).
  contact_erased_messages: { service: 'contact', personal: [], onDeletion: 'none' },

  practice_progress: {
    service: 'practice',
    personal: ['_id', 'userId'],
    onDeletion: 'erased',
    by: 'practice account-events worker',
  },
  practice_minutes: {
    service: 'practice',
    personal: ['_id', 'userId'],
    onDeletion: 'erased',
    by: 'practice account-events worker',
  },
  practice_settings: {
    service: 'practice',
    personal: ['_id'],
    onDeletion: 'erased',
    by: 'practice account-events worker',
  },
  practice_plans: {
    service: 'practice',
    personal: ['_id', 'userId'],
    onDeletion: 'erased',
    by: 'practice account-events worker',
  },
  practice_reminders: {
    service: 'practice',
    personal: ['_id', 'userId'],
    onDeletion: 'erased',
    by: 'practice account-events worker',
  },
  // Auth's account events handled once, by event id (`account-deleted-<userId>`): only the id.
  practice_inbox: {
    service: 'practice',
    personal: ['_id'],
    onDeletion: 'kept-id',
    by: 'practice account-events worker',
  },

  admin_audit: { service: 'shared', personal: ['actorId', 'actorEmail'], onDeletion: 'admin-only' },

  lessons: { service: 'content', personal: [], onDeletion: 'none' },
  lectures: { service: 'content', personal: [], onDeletion: 'none' },
  testimonials: { service: 'content', personal: [], onDeletion: 'none' },
  membership_tiers: { service: 'content', personal: [], onDeletion: 'none' },
  member_sections: { service: 'content', personal: [], onDeletion: 'none' },
  member_content: { service: 'content', personal: [], onDeletion: 'none' },
  catalogue_tombstones: { service: 'content', personal: [], onDeletion: 'none' },
  catalogue_seed: { service: 'content', personal: [], onDeletion: 'none' },
  worksheets: { service: 'content', personal: [], onDeletion: 'none' },
};

/** A field whose name says it holds a member's id or address. */
export const PERSONAL_FIELD = /(^|\.)(userId|memberId|actorId|recipient|[A-Za-z]*[eE]mail)$/;
