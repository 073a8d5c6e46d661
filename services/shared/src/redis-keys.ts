/**
 * The kit's Redis keys and prefixes (sessions, member snapshots, rate limits, applyIfNewer's lock,
 * the queues), built here and nowhere else. All live under the deployment's REDIS_PREFIX (`fm`
 * unless set), so several stacks can share one Redis; a service's own keys do too.
 *
 * Keys one Lua script touches together share a hash tag (`{…}`: Redis Cluster places keys by
 * the tag alone, and refuses a script whose keys lie in different slots):
 * - `{<userId>}`: a member's session index, session generation and snapshot, and the sessions
 *   begun since this module exists (their id names the member: MEMBER_SID). A session from
 *   before keeps its key (`<prefix>:sess:<sid>`), so no one is logged out by a deploy; the
 *   store reads it in two steps (session, then member keys).
 * - `{bull}`: every BullMQ key of every queue (bullPrefix).
 * Every other key stands alone. A key only one service uses is that service's, in its folder:
 * `src/redis-keys.ts` of contact, content, practice (its beat state under the member's `{<userId>}`
 * tag too) and billing, courses' list cache and auth's sign-up claim beside their code. The kit's
 * keys are not its public surface: a service reads a session's key through `sessionKey`
 * (`@fm/shared/auth`).
 */

/** A session id that names its member: `<userId>.<random>` (user ids are UUIDs: no dot). */
const MEMBER_SID = /^([0-9A-Za-z-]{1,64})\.([A-Za-z0-9_-]+)$/;

/** The member a session id names, or undefined for an id from before member-tagged ids. */
export function memberOfSid(sid: string): string | undefined {
  return MEMBER_SID.exec(sid)?.[1];
}

/** A session id for `userId`'s session (see MEMBER_SID); `random` is the id's random part. */
export function memberSid(userId: string, random: string): string {
  return `${userId}.${random}`;
}

export function redisKeys(prefix: string) {
  const member = (userId: string) => `{${userId}}`;
  return {
    /** A session: `<prefix>:sess:{<userId>}.<random>`, or `<prefix>:sess:<sid>` (an older id, or no member). */
    session(sid: string): string {
      const userId = memberOfSid(sid);
      return userId ? `${prefix}:sess:${member(userId)}.${sid.slice(userId.length + 1)}` : `${prefix}:sess:${sid}`;
    },
    /** The set of a member's session ids (the session index). */
    userSessions: (userId: string) => `${prefix}:user-sessions:${member(userId)}`,
    /** The member's session generation: sessions stamped with a lower one are dead. */
    userSessionsGeneration: (userId: string) => `${prefix}:user-sessions-gen:${member(userId)}`,
    /** The member snapshot (member-snapshot.ts). */
    memberSnapshot: (userId: string) => `${prefix}:member:${member(userId)}`,
    /**
     * The member keys as named before hash tags. The sessions begun then are indexed under the
     * old index and stamped with the old generation (session.ts reads both while they live);
     * writers also raise the old snapshot's version for one release, for replicas still on the
     * old code during a rolling deploy.
     */
    legacyUserSessions: (userId: string) => `${prefix}:user-sessions:${userId}`,
    legacyUserSessionsGeneration: (userId: string) => `${prefix}:user-sessions-gen:${userId}`,
    legacyMemberSnapshot: (userId: string) => `${prefix}:member:${userId}`,
    /** A rate-limit counter (rate-limit.ts). */
    rateLimit: (rule: string, id: string) => `${prefix}:rl:${rule}:${id}`,

    // Locks (redis-lock.ts).
    /** kit: one write of a record at a time through applyIfNewer, where the store needs it (MONGO_CAS_LOCK). */
    applyIfNewerLock: (collection: string, id: string) => `${prefix}:apply-if-newer:${collection}:${id}`,

    // Queues.
    /**
     * BullMQ's prefix: its keys are `<prefix>:{bull}:<queue>:…`. BullMQ's scripts touch many keys
     * of a queue at once and build some names inside (its docs: the prefix must carry a hash tag
     * on a Cluster); the tag `{bull}` puts every key of every queue, their QueueEvents streams and
     * any flow between queues in one slot. The tag sits after `<prefix>:` so that every key still
     * starts with the deployment's prefix (a `<prefix>:*` scan or ACL still covers the queues);
     * the price is that deployments sharing a Cluster also share that slot, as do our queues
     * (one node carries them: their load is small beside the sessions').
     */
    bullPrefix: () => `${prefix}:{bull}`,
    /**
     * BullMQ's prefix before the hash tag (its keys `<prefix>:bull:<queue>:…`): what a service
     * finds left of a previous deploy moves to bullPrefix when it starts (events/legacy-queues.ts).
     */
    legacyBullPrefix: () => `${prefix}:bull`,
    /** The move of one queue's jobs from legacyBullPrefix (a lock: one replica moves them at a time). */
    legacyQueueMoveLock: (queue: string) => `${prefix}:bull-move:${queue}`,
  };
}

export type RedisKeys = ReturnType<typeof redisKeys>;
