import { practiceAdminMemberSchema, practiceAdminSummarySchema } from '@fm/contracts';
import { loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import request from 'supertest';
import { ID } from '../../test/content-catalogue';
import { practiceHarness } from '../../test/practice-harness';

// Wednesday: the week started on Monday 2026-05-04.
const practice = practiceHarness({ now: '2026-05-06T12:00:00Z' });
const { clock } = practice;

/** `minutes` minutes of play for the member on the day of `at` (UTC). */
async function play(cookie: string, at: string, minutes: number) {
  clock.set(at);
  const beat = (playedSec: number) =>
    request(practice.app)
      .post('/api/practice/heartbeats')
      .set('Cookie', cookie)
      .set('Origin', TEST_SITE_ORIGIN)
      .send({
        itemId: ID['focus-2'],
        itemKind: 'content',
        sessionId: `s-${at.replace(/\D/g, '')}`,
        positionSec: playedSec,
        playedSec,
      });
  expect((await beat(20)).status).toBe(200);
  clock.advance(minutes * 60 - 20);
  expect((await beat(minutes * 60)).status).toBe(200);
}

it('when members practised this week, then the console shows active members (≥ 3 of 7 days), minutes this week and one member’s totals; admins only', async () => {
  const { deps, app: server } = practice;
  const regular = await loggedInMember(deps, { membershipLevel: 'premium' });
  const once = await loggedInMember(deps, { membershipLevel: 'premium' });
  await play(regular.cookie, '2026-05-01T09:00:00Z', 10); // last week
  await play(regular.cookie, '2026-05-04T09:00:00Z', 10);
  await play(regular.cookie, '2026-05-05T09:00:00Z', 5);
  await play(once.cookie, '2026-05-05T10:00:00Z', 3);
  // The regular member reads a 3-minute text item, open for four minutes.
  const post = (path: string) =>
    request(server)
      .post(`/api/practice${path}`)
      .set('Cookie', regular.cookie)
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ itemId: ID['journal-1'], itemKind: 'content' });
  clock.set('2026-05-05T11:00:00Z');
  expect((await post('/opens')).status).toBe(204);
  clock.advance(240);
  expect((await post('/reads')).status).toBe(200);
  clock.set('2026-05-06T12:00:00Z');

  const admin = await loggedInAdmin(deps);
  const summary = await request(server).get('/api/admin/practice/summary').set('Cookie', admin.cookie);
  expect(summary.status).toBe(200);
  expect(practiceAdminSummarySchema.parse(summary.body)).toEqual({
    activeMembers: 1,
    minutesThisWeek: 21,
    readMinutesThisWeek: 3,
    weekStart: '2026-05-04',
  });
  const member = await request(server)
    .get(`/api/admin/practice/members/${regular.user.id}`)
    .set('Cookie', admin.cookie);
  expect(practiceAdminMemberSchema.parse(member.body)).toEqual({
    memberId: regular.user.id,
    totalMinutes: 28,
    readMinutes: 3,
    minutesLast7Days: 28,
    daysPractisedLast7: 3,
    streak: 0,
    completedItems: 2, // focus-2 is 5 minutes long; journal-1 read
    lastPractisedAt: expect.any(String),
  });

  expect((await request(server).get('/api/admin/practice/summary')).status).toBe(401);
  const refused = await request(server).get('/api/admin/practice/summary').set('Cookie', regular.cookie);
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('ADMIN_REQUIRED');
});
