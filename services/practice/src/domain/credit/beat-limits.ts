import { TooManyRequestsError } from '@fm/shared/http';

// The heartbeat's limits, kept by the beat script (beat-script.ts) in the member's sessions hash: a free
// account sending beats with ever new session ids can neither fill Redis nor keep a script busy.

/**
 * The beats' rate (a beat costs Redis memory and a script): a player sends one every 15 s and one
 * at each play, pause or mute, so a session's burst of 5 in 10 s is a player's and more is not.
 */
export const SESSION_WINDOW_MS = 10_000;
export const BEATS_PER_SESSION_WINDOW = 5;
/**
 * New player sessions a member may begin in an hour (one per item played in a page; Today's 10 is
 * ten): beyond, a new session's beat is refused until the hour's first is an hour old.
 */
export const NEW_SESSIONS_PER_HOUR = 30;
/** The member's sessions kept at most (the oldest go first): one hash, a few KB, whatever the ids sent. */
export const SESSIONS_KEPT = 64;

/** 429 for a beat beyond the rate (BEAT_SCRIPT's {-2, ms to wait, why}); Retry-After in whole seconds. */
export function tooManyBeats(waitMs: number, newSession: boolean): TooManyRequestsError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new TooManyRequestsError(
    seconds,
    newSession
      ? `Too many new player sessions: at most ${NEW_SESSIONS_PER_HOUR} an hour. Try again in ${seconds} s.`
      : `Too many beats for this player session: at most ${BEATS_PER_SESSION_WINDOW} in ${SESSION_WINDOW_MS / 1000} s. Try again in ${seconds} s.`,
  );
}
