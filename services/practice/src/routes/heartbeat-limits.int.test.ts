import { heartbeatAnswerSchema } from '@fm/contracts';
import { loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import request from 'supertest';
import { practiceKeys } from '../redis-keys';
import { BEATS_PER_SESSION_WINDOW, NEW_SESSIONS_PER_HOUR, SESSIONS_KEPT } from '../domain/credit/beat-limits';
import { ID } from '../../test/content-catalogue';
import { practiceHarness } from '../../test/practice-harness';

/**
 * Issue 43 §6: a free account sending beats with ever new session ids left a 24-hour Redis key per
 * id, and could fill the Redis that also holds logins, sessions and every queue. Beats are now
 * limited per session and new sessions per member (429 with Retry-After), and the member's
 * sessions live in one capped hash.
 */
const practice = practiceHarness({ now: '2026-03-02T12:00:00Z' });
const { advance } = practice.clock;

/** A free member beating on the open lecture, and what of theirs is in Redis. */
async function freeMember() {
  const { deps, app } = practice;
  const { user, cookie } = await loggedInMember(deps, { membershipLevel: 'free' });
  const beat = (sessionId: string, playedSec: number, seq?: number) =>
    request(app)
      .post('/api/practice/heartbeats')
      .set('Cookie', cookie)
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ itemId: ID['lecture-1'], itemKind: 'lecture', sessionId, positionSec: playedSec, playedSec, seq });
  const keys = practiceKeys(deps.config.REDIS_PREFIX);
  /** Every practice key of the member's (their `{userId}` tag). */
  const memberKeys = async () => (await deps.redis.keys(`${deps.config.REDIS_PREFIX}:practice:{${user.id}}:*`)).sort();
  const sessionsKept = () => deps.redis.hlen(keys.sessions(user.id));
  return { user, beat, memberKeys, sessionsKept };
}

describe('heartbeats: limits (issue 43 §6)', () => {
  it('when a member sends 40 beats with 40 new session ids, then beyond 30 new sessions an hour 429 with Retry-After, and their Redis keys stay four', async () => {
    const { deps } = practice;
    const m = await freeMember();
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push(await m.beat(`flood-${String(i).padStart(4, '0')}`, 15));
      advance(1);
    }
    expect(answers.slice(0, NEW_SESSIONS_PER_HOUR).map((r) => r.status)).toEqual(
      Array(NEW_SESSIONS_PER_HOUR).fill(200),
    );
    for (const refused of answers.slice(NEW_SESSIONS_PER_HOUR)) {
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(refused.body.message).toMatch(/new player sessions/);
      // Until the hour's first session (40 s ago at most) is an hour old.
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3600 - 45);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // One hash of sessions, not a key per id: credited-until, live, pending and sessions.
    expect(await m.memberKeys()).toEqual(
      ['credited-until', 'live', 'pending', 'sessions'].map(
        (k) => `${deps.config.REDIS_PREFIX}:practice:{${m.user.id}}:${k}`,
      ),
    );
    expect(await m.sessionsKept()).toBe(NEW_SESSIONS_PER_HOUR);
    // A session already begun goes on beating meanwhile.
    advance(15);
    const going = await m.beat('flood-0001', 30);
    expect(going.status).toBe(200);
    expect(heartbeatAnswerSchema.parse(going.body).progress.playedSec).toBeGreaterThan(0);
    // An hour after the first, new sessions are taken again.
    advance(3600);
    expect((await m.beat('after-the-hour', 15)).status).toBe(200);
  });

  it('when new sessions keep coming hour after hour, then the member keeps at most 64, and none idle for a day', async () => {
    const m = await freeMember();
    for (let hour = 0; hour < 3; hour++) {
      for (let i = 0; i < NEW_SESSIONS_PER_HOUR; i++) {
        expect((await m.beat(`hour-${hour}-session-${i}`, 15)).status).toBe(200);
        advance(2);
      }
      advance(3600);
    }
    expect(await m.sessionsKept()).toBe(SESSIONS_KEPT);
    expect(await m.memberKeys()).toHaveLength(4);
    advance(25 * 3600);
    expect((await m.beat('a-day-later', 15)).status).toBe(200);
    expect(await m.sessionsKept()).toBe(1);
  });

  it('when one session beats faster than 5 in 10 s, then 429 with Retry-After; after the wait its beats count, and a player beating every 15 s is never refused', async () => {
    const m = await freeMember();
    for (let seq = 0; seq < BEATS_PER_SESSION_WINDOW; seq++) {
      expect((await m.beat('too-fast-1', seq + 1, seq)).status).toBe(200);
      advance(1);
    }
    const refused = await m.beat('too-fast-1', 6, 5);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.body.message).toMatch(/this player session/);
    expect(refused.headers['retry-after']).toBe('5'); // the window began 5 s ago
    advance(5);
    const again = await m.beat('too-fast-1', 10, 5);
    expect(again.status).toBe(200);
    expect(heartbeatAnswerSchema.parse(again.body).progress.playedSec).toBe(10);

    for (let seq = 0; seq < 40; seq++) {
      advance(15);
      expect((await m.beat('steady-player', 15 * (seq + 1), seq)).status).toBe(200);
    }
  });
});
