/**
 * Practice's own Redis keys, under the deployment's REDIS_PREFIX (the kit builds the keys it
 * shares: sessions, snapshots, limits, queues). Unchanged from when the kit held them: what a
 * running deploy wrote stays readable.
 *
 * The member's beat state shares their hash tag, `{<userId>}`, with the kit's member keys: the
 * beat script (domain/credit/beat-script.ts) touches sessions, credited-until, live and pending
 * together, which a Redis Cluster allows only within one slot. The dirty set is no member's: it
 * stands alone and is written beside the script (the kit's evalScriptBeside).
 */
export function practiceKeys(prefix: string) {
  const member = (userId: string) => `${prefix}:practice:{${userId}}`;
  return {
    /**
     * The member's player sessions, one field each (last beat: seq, played ms, when; the beats'
     * rate), in one hash the beat script caps by count and age (beats.ts): a new session id adds
     * no key.
     */
    sessions: (userId: string) => `${member(userId)}:sessions`,
    /** The end of the member's latest credited span of wall time (ms): overlaps count once. */
    creditedUntil: (userId: string) => `${member(userId)}:credited-until`,
    /** The member's items as beats left them (played ms, position, completion; hash). */
    live: (userId: string) => `${member(userId)}:live`,
    /** The beats' effects not yet written to the store (hash; taken whole by a flush). */
    pending: (userId: string) => `${member(userId)}:pending`,
    /** The member's account was deleted within the hour (a flush then erases what it wrote). */
    erased: (userId: string) => `${member(userId)}:erased`,
    /** The member's flush in progress (a lock: one flush of a member at a time). */
    flushing: (userId: string) => `${member(userId)}:flushing`,
    /** The members with effects pending, scored by when they first were (sorted set). */
    dirty: () => `${prefix}:practice:dirty`,
  };
}

export type PracticeKeys = ReturnType<typeof practiceKeys>;
