/**
 * Billing's own Redis keys, under the deployment's REDIS_PREFIX (the kit builds the keys it
 * shares: sessions, snapshots, limits, queues). Unchanged from when the kit held them: a lock a
 * replica of the previous deploy holds is still seen during a rolling deploy. Each stands alone
 * (no hash tag): no script touches two of them.
 */
export function billingKeys(prefix: string) {
  return {
    /** One checkout of a member at a time: a lock. */
    checkoutLock: (userId: string) => `${prefix}:billing:checkout-lock:${userId}`,
    /**
     * One money-back guarantee refund of a member at a time (`subject` the member id), and one
     * check-and-record per person key (`address:<hash>`, `card:<fingerprint>`): a lock.
     */
    guaranteeLock: (subject: string) => `${prefix}:billing:guarantee-lock:${subject}`,
    /**
     * One step of a member's MRR ledger at a time (read the state, write it and its rows), and one
     * write of a day's totals (`day:<currency>:<day>`): a lock.
     */
    mrrLedgerLock: (memberId: string) => `${prefix}:billing:mrr-ledger-lock:${memberId}`,
    /** The member has no customer from before billing_customers existed: a marker. */
    noOldCustomer: (userId: string) => `${prefix}:billing:no-old-customer:${userId}`,
  };
}
