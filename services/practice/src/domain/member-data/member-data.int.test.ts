/**
 * Practice's part of a member's data rights, through the real pieces: the export auth calls
 * (GET /internal/member-export with a service token) and the consumer of auth's `account-deleted`
 * (queue `account-events-practice`) as runService starts it.
 */
import { type AccountDeleted, jobIdFor, QUEUES } from '@fm/contracts';
import { QueueProducer } from '@fm/shared/queues';
import { signServiceToken } from '@fm/shared/auth';
import { eventually, loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import request from 'supertest';
import { ID } from '../../../test/content-catalogue';
import { practiceHarness } from '../../../test/practice-harness';

let auth: QueueProducer<typeof QUEUES.accountEventsPractice>;

const practice = practiceHarness({
  async started({ deps, service }) {
    await service.background.accountEvents.start();
    auth = new QueueProducer(QUEUES.accountEventsPractice, {
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
    });
  },
  async closing() {
    await auth.close();
  },
});

const exportOf = (userId: string, audience: 'practice' | 'courses' = 'practice') =>
  request(practice.app)
    .get('/internal/member-export')
    .set(
      'Authorization',
      `Bearer ${signServiceToken(practice.deps.config.JWT_SECRET, { issuer: 'auth', audience, claims: { userId } })}`,
    );

async function practised() {
  const { deps, app: server } = practice;
  const { user, cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
  const post = (path: string, body: object) =>
    request(server).post(`/api/practice${path}`).set('Cookie', cookie).set('Origin', TEST_SITE_ORIGIN).send(body);
  expect(
    (
      await post('/heartbeats', {
        itemId: ID['breath-2'],
        itemKind: 'content',
        sessionId: 'export-tab-1',
        positionSec: 12,
        playedSec: 12,
      })
    ).status,
  ).toBe(200);
  expect((await post('/reads', { itemId: ID['journal-1'], itemKind: 'content' })).status).toBe(200);
  expect((await request(server).get('/api/practice/today').set('Cookie', cookie)).status).toBe(200);
  return user;
}

it('when auth asks with a practice token, then the export holds the member’s progress, days, plans and settings; another audience → 401', async () => {
  const server = practice.app;
  const user = await practised();
  const res = await exportOf(user.id);
  expect(res.status).toBe(200);
  expect(res.body.settings).toEqual({ timeZone: 'UTC', reminder: { enabled: false, time: '19:00' } });
  expect(res.body.progress.map((p: { itemId: string }) => p.itemId).sort()).toEqual(
    [ID['breath-2'], ID['journal-1']].sort(),
  );
  // The read was never opened: it completes the item and credits nothing (issue 43 §5).
  expect(res.body.days).toEqual([{ date: expect.any(String), seconds: 12 }]);
  expect(res.body.plans).toHaveLength(1);
  expect((await exportOf(user.id, 'courses')).status).toBe(401);
  expect((await request(server).get('/internal/member-export')).status).toBe(401);
});

it('when auth announces the account deleted (twice), then every practice record of the member goes, once, and others stay', async () => {
  const user = await practised();
  const other = await practised();
  const event: AccountDeleted = {
    userId: user.id,
    eventId: jobIdFor('account-deleted', user.id),
    occurredAt: new Date().toISOString(),
    email: 'gone@example.com',
    emailVerified: true,
  };
  await auth.publish('account-deleted', event, event.eventId);
  await eventually(async () => (await (await auth.queue.getJob(event.eventId))?.getState()) === 'completed');
  const db = practice.deps.mongo.db!;
  for (const name of ['practice_progress', 'practice_minutes', 'practice_plans']) {
    expect(await db.collection(name).countDocuments({ userId: user.id })).toBe(0);
    expect(await db.collection(name).countDocuments({ userId: other.id })).toBeGreaterThan(0);
  }
  const erased = await exportOf(user.id);
  expect(erased.body).toMatchObject({ progress: [], days: [], plans: [] });
  // A replay (another job id, same event) is handled once by the inbox.
  await auth.publish('account-deleted', event, `${event.eventId}-replay`);
  await eventually(
    async () => (await (await auth.queue.getJob(`${event.eventId}-replay`))?.getState()) === 'completed',
  );
  expect(await db.collection('practice_inbox').countDocuments({ _id: event.eventId as never })).toBe(1);
});
