/**
 * The practice behind the founder's numbers (engagement.ts, routes/engagement.routes.ts): billing's
 * POST /internal/engagement/last-practice and /cohorts, over real practice written by members'
 * heartbeats (the credit script, the flush, the minutes records).
 */
import {
  cohortPracticeAnswerSchema,
  ENGAGEMENT_WEEKS,
  lastPracticeAnswerSchema,
  MAX_INTERNAL_MEMBERS,
} from '@fm/contracts';
import { signServiceToken } from '@fm/shared/auth';
import request from 'supertest';
import { ID } from '../../../test/content-catalogue';
import { practiceHarness, type PracticeMember } from '../../../test/practice-harness';

// 2026-03-02 is a Monday: the first cohort's week 0 is 03-02 … 03-08, week 1 03-09 … 03-15, …
const practice = practiceHarness({ now: '2026-03-02T09:00:00Z' });
const { clock } = practice;

const token = (audience: 'practice' | 'billing' = 'practice') =>
  signServiceToken(practice.deps.config.JWT_SECRET, { issuer: 'billing', audience, claims: { userId: 'metrics' } });
const ask = (path: string, body: unknown, bearer: string | null = token()) => {
  const req = request(practice.app).post(`/internal/engagement/${path}`);
  return (bearer ? req.set('Authorization', `Bearer ${bearer}`) : req).send(body as object);
};

/** `seconds` of listening on `day` (UTC, the members' zone), as the player's beats say them. */
async function listen(m: PracticeMember, day: string, seconds: number, session: string): Promise<void> {
  clock.set(`${day}T10:00:00Z`);
  await m.beat(ID['focus-2'], `session-${session}`, 20); // a first beat credits its 20 s
  clock.advance(seconds - 20);
  await m.beat(ID['focus-2'], `session-${session}`, seconds);
}

let a1: PracticeMember;
let a2: PracticeMember;
let a3: PracticeMember;
let b1: PracticeMember;

beforeAll(async () => {
  [a1, a2, a3, b1] = [
    await practice.member(),
    await practice.member(),
    await practice.member(),
    await practice.member(),
  ];
  await listen(a1, '2026-03-03', 720, 'a1-w0'); // week 0: 12 min
  await listen(a1, '2026-03-10', 360, 'a1-w1'); // week 1: 6 min, not enough
  await listen(a1, '2026-03-16', 300, 'a1-w2a'); // week 2: 5 + 5 min on two days = 10
  await listen(a1, '2026-03-18', 300, 'a1-w2b');
  await listen(a2, '2026-03-12', 900, 'a2-w1'); // week 1: 15 min
  await listen(b1, '2026-03-09', 600, 'b1-w0'); // the second cohort's week 0: exactly 10 min
  await listen(b1, '2026-06-01', 900, 'b1-late'); // week 12: after the weeks counted
  // a3 never practises.
}, 60_000);

describe('POST /internal/engagement/last-practice', () => {
  it('when billing asks about members, then each one’s last practice day in the order asked, null for never', async () => {
    const memberIds = [b1.user.id, a3.user.id, a1.user.id, 'no-such-member'];
    const res = await ask('last-practice', { memberIds });
    expect(res.status).toBe(200);
    expect(lastPracticeAnswerSchema.parse(res.body).members).toEqual([
      { memberId: b1.user.id, lastPracticeDay: '2026-06-01' },
      { memberId: a3.user.id, lastPracticeDay: null },
      { memberId: a1.user.id, lastPracticeDay: '2026-03-18' },
      { memberId: 'no-such-member', lastPracticeDay: null },
    ]);
  });

  it('when a beat was just sent (not flushed yet), then the day already counts', async () => {
    const fresh = await practice.member();
    clock.set('2026-06-02T08:00:00Z');
    await fresh.beat(ID['focus-1'], 'session-fresh-1', 20);
    const res = await ask('last-practice', { memberIds: [fresh.user.id] });
    expect(res.body.members).toEqual([{ memberId: fresh.user.id, lastPracticeDay: '2026-06-02' }]);
  });
});

describe('POST /internal/engagement/cohorts', () => {
  it('when cohorts are asked, then per week k the members who practised at least 10 minutes in it', async () => {
    const res = await ask('cohorts', {
      cohorts: [
        { weekStart: '2026-03-02', memberIds: [a1.user.id, a2.user.id, a3.user.id] },
        { weekStart: '2026-03-09', memberIds: [b1.user.id] },
        { weekStart: '2026-03-16', memberIds: [] },
      ],
    });
    expect(res.status).toBe(200);
    const zeros = (n: number) => new Array<number>(n).fill(0);
    expect(cohortPracticeAnswerSchema.parse(res.body).cohorts).toEqual([
      { weekStart: '2026-03-02', members: 3, practised: [1, 1, 1, ...zeros(ENGAGEMENT_WEEKS - 3)] },
      { weekStart: '2026-03-09', members: 1, practised: [1, ...zeros(ENGAGEMENT_WEEKS - 1)] },
      { weekStart: '2026-03-16', members: 0, practised: zeros(ENGAGEMENT_WEEKS) },
    ]);
  });

  it('when a member is put in a later cohort, then their weeks count from that cohort’s week', async () => {
    const res = await ask('cohorts', { cohorts: [{ weekStart: '2026-03-09', memberIds: [a1.user.id] }] });
    // From 03-09: 6 min (k 0), 10 min (k 1).
    expect(res.body.cohorts[0].practised.slice(0, 3)).toEqual([0, 1, 0]);
  });
});

describe('what practice refuses', () => {
  it('when the request has no service token, a member’s cookie or a token for another service, then 401', async () => {
    const body = { memberIds: [a1.user.id] };
    expect((await ask('last-practice', body, null)).status).toBe(401);
    expect((await ask('last-practice', body, token('billing'))).status).toBe(401);
    const withCookie = await request(practice.app)
      .post('/internal/engagement/cohorts')
      .set('Cookie', a1.cookie)
      .send({ cohorts: [{ weekStart: '2026-03-02', memberIds: [a1.user.id] }] });
    expect(withCookie.status).toBe(401);
  });

  it('when too many members, no member, or a week start that is not a Monday are asked, then 400 naming it', async () => {
    const many = Array.from({ length: MAX_INTERNAL_MEMBERS + 1 }, (_, i) => `m${i}`);
    const tooMany = await ask('last-practice', { memberIds: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.memberIds).toBe(`at most ${MAX_INTERNAL_MEMBERS} members in one request`);
    const split = await ask('cohorts', {
      cohorts: [
        { weekStart: '2026-03-02', memberIds: many.slice(0, 1500) },
        { weekStart: '2026-03-09', memberIds: many.slice(1500) },
      ],
    });
    expect(split.status).toBe(400);
    expect(split.body.errors.cohorts).toBe(`at most ${MAX_INTERNAL_MEMBERS} members in one request`);
    expect((await ask('last-practice', { memberIds: [] })).status).toBe(400);
    const tuesday = await ask('cohorts', { cohorts: [{ weekStart: '2026-03-03', memberIds: [a1.user.id] }] });
    expect(tuesday.status).toBe(400);
    expect(tuesday.body.errors['cohorts.0.weekStart']).toBe('must be a Monday');
  });
});
