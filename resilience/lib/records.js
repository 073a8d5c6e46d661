'use strict';
// What the services recorded as handled, read the same way by every scenario: each service's
// inbox (the kit's inbox.once: one entry per handled event, `state: 'done'`, its outcome).

/** @typedef {import('mongodb').Db} Db */

/**
 * The Stripe events billing handled with outcome `queued` (a job for auth or contact), of `ids`.
 * Billing's record is `processed_stripe_events` until billing moves to the kit's inbox
 * (`billing_inbox`); both are read, so the suite holds across that change.
 * @param {Db} db @param {string[]} ids @returns {Promise<Set<string>>}
 */
async function queuedStripeEvents(db, ids) {
  const [legacy, inbox] = await Promise.all([
    db
      .collection('processed_stripe_events')
      .find({ _id: { $in: /** @type {any[]} */ (ids) }, outcome: 'queued' })
      .toArray(),
    db
      .collection('billing_inbox')
      .find({ _id: { $in: /** @type {any[]} */ (ids) }, state: 'done', outcome: 'queued' })
      .toArray(),
  ]);
  return new Set([...legacy, ...inbox].map((d) => String(d._id)));
}

/**
 * auth's inbox entries of the membership events `ids` it applied (one per event id).
 * @param {Db} db @param {string[]} ids
 */
function appliedMembershipEvents(db, ids) {
  return db
    .collection('auth_inbox')
    .find({ _id: { $in: /** @type {any[]} */ (ids) }, state: 'done' })
    .toArray();
}

/** A regular expression matching `text` literally. */
const literally = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How many mails contact recorded as sent for the notification keys (`mail:<key>:<recipient>`).
 * @param {Db} db @param {string[]} keys
 */
function recordedMails(db, keys) {
  if (keys.length === 0) return Promise.resolve(0);
  return db.collection('contact_inbox').countDocuments({
    _id: /** @type {any} */ ({ $regex: `^mail:(${keys.map(literally).join('|')}):` }),
    state: 'done',
  });
}

module.exports = { appliedMembershipEvents, queuedStripeEvents, recordedMails };
