import { bagSchema, CLUB_IDS, DEFAULT_BAG, roundSchema } from '@fm/contracts';
import { signServiceToken } from '@fm/shared/auth';
import { closeBackground } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { z } from 'zod';
import { compose } from '../compose';
import { type Config, configSchema } from '../config';
import { accountDeleted, accountEventsPublisher } from '../../test/account-events';
import { type Callback, coursesApi, validRound } from '../../test/course-client';

let deps: TestDeps<Config>;
let service: ReturnType<typeof compose>;
let app: Callback;
let auth: Awaited<ReturnType<typeof accountEventsPublisher>>;

beforeAll(async () => {
  deps = await createTestDeps(configSchema, { COURSES_WRITES_PER_MINUTE: '1000' });
  service = compose(deps);
  app = service.app.callback();
  await service.background.accountEvents.start();
  auth = await accountEventsPublisher({ redisUrl: deps.config.REDIS_URL, redisPrefix: deps.config.REDIS_PREFIX });
});

afterAll(async () => {
  await auth.close();
  await closeBackground(service.background);
  await deps.close();
});

const HOUR = 3600_000;
/** A member whose account is a year old (their rounds of the last days are after it), or made at `createdAt`. */
const member = async (createdAt = new Date(Date.now() - 365 * 24 * HOUR)) => {
  const { user, cookie } = await loggedInMember(deps, { createdAt });
  return { user, api: coursesApi(app, cookie) };
};

const roundsOf = (res: { body: unknown }) => z.array(roundSchema).parse(res.body);
const count = (collection: string, filter: Record<string, unknown>) =>
  deps.mongo.collection(collection).countDocuments(filter);

describe('GET/PUT /api/courses/bag', () => {
  it('when a member never chose a bag, then they carry the default 14 clubs in SPEC order', async () => {
    const { api } = await member();
    const res = await api.getBag();
    expect(res.status).toBe(200);
    expect(bagSchema.parse(res.body).clubIds).toEqual([
      'driver',
      '3-wood',
      '5-wood',
      'hybrid',
      '5-iron',
      '6-iron',
      '7-iron',
      '8-iron',
      '9-iron',
      'pitching-wedge',
      'gap-wedge',
      'sand-wedge',
      'lob-wedge',
      'putter',
    ]);
    expect(res.body.clubIds).toHaveLength(14);
  });

  it('when a member saves clubs in any order, then the bag is kept in SPEC order and is theirs alone', async () => {
    const owner = await member();
    const other = await member();
    const res = await owner.api.putBag({ clubIds: ['putter', '7-iron', 'driver', 'mini-driver'] });
    expect(res).toMatchObject({ status: 200, body: { clubIds: ['driver', 'mini-driver', '7-iron', 'putter'] } });
    expect((await owner.api.getBag()).body).toEqual({ clubIds: ['driver', 'mini-driver', '7-iron', 'putter'] });
    expect((await other.api.getBag()).body).toEqual({ clubIds: [...DEFAULT_BAG] });

    // Saved again: replaced, not added to.
    expect((await owner.api.putBag({ clubIds: ['putter'] })).body).toEqual({ clubIds: ['putter'] });
    expect((await owner.api.getBag()).body).toEqual({ clubIds: ['putter'] });
    expect(await count('course_bags', { _id: owner.user.id })).toBe(1);
  });

  it('when the bag holds exactly 14 clubs, then it is accepted', async () => {
    const { api } = await member();
    const fourteen = CLUB_IDS.slice(0, 14);
    expect(await api.putBag({ clubIds: fourteen })).toMatchObject({ status: 200, body: { clubIds: fourteen } });
  });

  it.each([
    ['an empty bag', { clubIds: [] }, 'Choose at least 1 club for your bag'],
    ['15 clubs', { clubIds: CLUB_IDS.slice(0, 15) }, 'A bag holds at most 14 clubs (Rules of Golf 4.1b)'],
    ['an unknown club', { clubIds: ['driver', 'spoon'] }, 'Unknown club: "spoon"'],
    ['a club twice', { clubIds: ['driver', 'putter', 'driver'] }, 'driver is in the bag twice'],
    ['a number for a club', { clubIds: [7] }, 'Unknown club: 7'],
    ['no list', { clubIds: 'driver' }, 'clubIds must be a list of club ids'],
    ['no clubIds at all', {}, 'clubIds must be a list of club ids'],
    ['an unknown field', { clubIds: ['driver'], owner: 'x' }, 'Unknown field: owner'],
    ['an operator object', { clubIds: { $ne: [] } }, 'clubIds must be a list of club ids'],
  ])('when the member sends %s, then 400 naming the problem and the bag is unchanged', async (_case, body, message) => {
    const { api } = await member();
    await api.putBag({ clubIds: ['driver', 'putter'] });
    const res = await api.putBag(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect((await api.getBag()).body).toEqual({ clubIds: ['driver', 'putter'] });
  });

  it('when a visitor asks, then 401', async () => {
    const visitor = coursesApi(app);
    expect(await visitor.getBag()).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect((await visitor.putBag({ clubIds: ['driver'] })).status).toBe(401);
  });
});

describe('POST /api/courses/:id/rounds', () => {
  it('when a member saves a round, then 201 with its scorecard, and the same id again is the same round (200, stored once)', async () => {
    const { user, api } = await member();
    const courseId = await api.createId({ name: 'Old Course' });
    const body = validRound();
    const first = await api.saveRound(courseId, body);
    expect(first.status).toBe(201);
    expect(roundSchema.parse(first.body)).toMatchObject({
      id: body.id,
      courseId,
      courseName: 'Old Course',
      holes: [
        { hole: 1, routine: 4, note: 'Breathed before every shot' },
        { hole: 2, routine: 2, note: null },
        { hole: 3, routine: 5, note: null },
      ],
      review: { wentWell: 'My pre-shot routine', workOn: 'Tempo on the greens', word: 'Patient' },
      mentalScore: 3.7,
    });

    // A retry (the answer was lost), even with a changed body: one round, the first one.
    const again = await api.saveRound(courseId, { ...body, holes: [{ hole: 1, routine: 1 }] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await count('course_rounds', { userId: user.id })).toBe(1);
    // Shots are never stored: the round holds the scorecard alone.
    const stored = await deps.mongo.collection('course_rounds').findOne({ userId: user.id });
    expect(Object.keys(stored!).sort()).toEqual(
      [
        '_id',
        'userId',
        'roundId',
        'courseId',
        'courseName',
        'startedAt',
        'finishedAt',
        'holes',
        'review',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
  });

  it('when the same round is sent several times at once, then it is stored once (one 201, the rest 200)', async () => {
    const { user, api } = await member();
    const courseId = await api.createId();
    const body = validRound();
    const answers = await Promise.all([1, 2, 3, 4].map(() => api.saveRound(courseId, body)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await count('course_rounds', { userId: user.id })).toBe(1);
  });

  it("when two members' devices happen to use the same id, then each keeps their own round", async () => {
    const a = await member();
    const b = await member();
    const courseA = await a.api.createId();
    const courseB = await b.api.createId();
    const id = randomUUID();
    expect((await a.api.saveRound(courseA, validRound({ id }))).status).toBe(201);
    expect((await b.api.saveRound(courseB, validRound({ id, holes: [{ hole: 9, routine: 1 }] }))).status).toBe(201);
    expect((await a.api.getRound(id)).body).toMatchObject({ courseId: courseA, mentalScore: 3.7 });
    expect((await b.api.getRound(id)).body).toMatchObject({ courseId: courseB, mentalScore: 1 });
  });

  it("when the course is another member's private course, or unknown, then 404 and nothing is stored", async () => {
    const owner = await member();
    const player = await member();
    const privateId = await owner.api.createId({ isPublic: false });
    for (const courseId of [privateId, '0123456789abcdef01234567', 'not-an-id']) {
      expect(await player.api.saveRound(courseId, validRound())).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND' },
      });
    }
    expect(await count('course_rounds', { userId: player.user.id })).toBe(0);
  });

  it("when the course is another member's public course, then the member keeps a round of it", async () => {
    const owner = await member();
    const player = await member();
    const publicId = await owner.api.createId({ isPublic: true, name: 'Shared Links' });
    const res = await player.api.saveRound(publicId, validRound());
    expect(res).toMatchObject({ status: 201, body: { courseId: publicId, courseName: 'Shared Links' } });
    // The course's owner does not see the player's round.
    expect((await owner.api.listRounds()).body).toEqual([]);
  });

  const now = Date.now();
  it.each([
    ['no id', { id: undefined }, 'id', 'Round id must be a UUID made by your device'],
    ['an id that is not a UUID', { id: 'round-1' }, 'id', 'Round id must be a UUID made by your device'],
    ['no holes', { holes: [] }, 'holes', 'Score at least 1 hole'],
    [
      'a routine of 6',
      { holes: [{ hole: 1, routine: 6 }] },
      'holes.0.routine',
      'Routine must be a whole number from 1 to 5',
    ],
    [
      'a routine of 0',
      { holes: [{ hole: 1, routine: 0 }] },
      'holes.0.routine',
      'Routine must be a whole number from 1 to 5',
    ],
    [
      'a routine of 2.5',
      { holes: [{ hole: 1, routine: 2.5 }] },
      'holes.0.routine',
      'Routine must be a whole number from 1 to 5',
    ],
    ['hole 19', { holes: [{ hole: 19, routine: 3 }] }, 'holes.0.hole', 'Hole must be a whole number from 1 to 18'],
    [
      'a hole scored twice',
      {
        holes: [
          { hole: 4, routine: 3 },
          { hole: 4, routine: 2 },
        ],
      },
      'holes.1.hole',
      'Hole 4 is scored twice',
    ],
    [
      'a note of 141 characters',
      { holes: [{ hole: 1, routine: 3, note: 'x'.repeat(141) }] },
      'holes.0.note',
      'Note must be at most 140 characters',
    ],
    [
      'a two-word word for the day',
      { review: { word: 'Very calm' } },
      'review.word',
      'The word for the day must be one word',
    ],
    ['a date that is not one', { startedAt: 'yesterday' }, 'startedAt', 'startedAt must be a date and time (ISO 8601)'],
    [
      'a finish before the start',
      { startedAt: new Date(now).toISOString(), finishedAt: new Date(now - 3600_000).toISOString() },
      'finishedAt',
      'A round cannot finish before it started',
    ],
    [
      'a finish in the future',
      { finishedAt: new Date(now + 86_400_000).toISOString() },
      'finishedAt',
      'A round cannot finish in the future',
    ],
    [
      'a start in the future',
      { startedAt: new Date(now + 2 * HOUR).toISOString(), finishedAt: new Date(now + 3 * HOUR).toISOString() },
      'startedAt',
      'A round cannot start in the future',
    ],
    [
      'a start on 0001-01-01',
      { startedAt: '0001-01-01T00:00:00.000Z' },
      'startedAt',
      'A round cannot start more than 12 hours before it finished',
    ],
    [
      'a round of 12 hours and a minute',
      {
        startedAt: new Date(now - 12 * HOUR - 2 * 60_000).toISOString(),
        finishedAt: new Date(now - 60_000).toISOString(),
      },
      'startedAt',
      'A round cannot start more than 12 hours before it finished',
    ],
    ['shots', { shots: [{ id: 1, clubId: 'driver' }] }, '_', 'Unknown field: shots'],
  ])(
    'when the round has %s, then 400 naming the problem and nothing is stored',
    async (_case, overrides, field, message) => {
      const { user, api } = await member();
      const courseId = await api.createId();
      const res = await api.saveRound(courseId, validRound(overrides));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { [field]: message } });
      expect(await count('course_rounds', { userId: user.id })).toBe(0);
    },
  );
});

describe('POST /api/courses/:id/rounds: when a round may have been played', () => {
  it('when a round starts before the account was created, then 400 naming startedAt and nothing is stored', async () => {
    const { user, api } = await member(new Date(Date.now() - 2 * HOUR));
    const courseId = await api.createId();
    // Played 3 to 1 hours ago: it began an hour before the account existed (beyond any clock skew).
    const body = validRound({
      startedAt: new Date(Date.now() - 3 * HOUR).toISOString(),
      finishedAt: new Date(Date.now() - HOUR).toISOString(),
    });
    const res = await api.saveRound(courseId, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'A round cannot start before your account was created',
      errors: { startedAt: 'A round cannot start before your account was created' },
    });
    // The whole round on 0001-01-01: as long as allowed, yet long before the account.
    const ancient = validRound({ startedAt: '0001-01-01T08:00:00.000Z', finishedAt: '0001-01-01T12:00:00.000Z' });
    expect((await api.saveRound(courseId, ancient)).body).toMatchObject({
      errors: { startedAt: 'A round cannot start before your account was created' },
    });
    expect(await count('course_rounds', { userId: user.id })).toBe(0);
  });

  it('when a round of exactly 12 hours, or one started a minute before sign-up (a slow device clock), is sent, then it is stored', async () => {
    const { api } = await member(new Date(Date.now() - 13 * HOUR));
    const courseId = await api.createId();
    const finishedAt = Date.now() - 60_000;
    const full = validRound({
      startedAt: new Date(finishedAt - 12 * HOUR).toISOString(),
      finishedAt: new Date(finishedAt).toISOString(),
    });
    expect((await api.saveRound(courseId, full)).status).toBe(201);

    const newcomer = await member(new Date());
    const early = validRound({
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      finishedAt: new Date().toISOString(),
    });
    expect((await newcomer.api.saveRound(await newcomer.api.createId(), early)).status).toBe(201);
  });

  it('when an offline round reaches the server days later (the outbox), then it is stored with the dates it was played', async () => {
    const { api } = await member(new Date(Date.now() - 30 * 24 * HOUR));
    const courseId = await api.createId();
    const finishedAt = new Date(Date.now() - 3 * 24 * HOUR);
    const body = validRound({
      startedAt: new Date(finishedAt.getTime() - 4 * HOUR).toISOString(),
      finishedAt: finishedAt.toISOString(),
    });
    const res = await api.saveRound(courseId, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ startedAt: body.startedAt, finishedAt: body.finishedAt });
  });
});

describe('GET /api/courses/rounds, GET and DELETE /api/courses/rounds/:roundId', () => {
  it('when a member has rounds, then they are listed newest first, limited, filtered by course, and only theirs', async () => {
    const { api } = await member();
    const other = await member();
    const courseA = await api.createId();
    const courseB = await api.createId();
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000).toISOString();
    const round = (hoursAgo: number) => validRound({ startedAt: at(hoursAgo + 4), finishedAt: at(hoursAgo) });
    // Sent out of order (an outbox catching up): listed by when they were played.
    const middle = round(48);
    const oldest = round(96);
    const newest = round(1);
    await api.saveRound(courseA, middle);
    await api.saveRound(courseB, newest);
    await api.saveRound(courseA, oldest);
    await other.api.saveRound(await other.api.createId(), validRound());

    const all = await api.listRounds();
    expect(all.status).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(roundsOf(all).map((r) => r.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(roundsOf(await api.listRounds('?limit=2')).map((r) => r.id)).toEqual([newest.id, middle.id]);
    expect(roundsOf(await api.listRounds(`?courseId=${courseA}`)).map((r) => r.id)).toEqual([middle.id, oldest.id]);
    expect(await api.listRounds('?limit=0')).toMatchObject({
      status: 400,
      body: { message: 'limit must be at least 1' },
    });
    expect(await api.listRounds('?userId=x')).toMatchObject({
      status: 400,
      body: { message: 'Unknown query parameter: userId' },
    });
  });

  it("when a member asks for or deletes another member's round, then 404 and the round stays", async () => {
    const owner = await member();
    const stranger = await member();
    const courseId = await owner.api.createId({ isPublic: true });
    const body = validRound();
    await owner.api.saveRound(courseId, body);
    const id = body.id as string;

    expect(await stranger.api.getRound(id)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Round not found' },
    });
    expect(await stranger.api.deleteRound(id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await owner.api.getRound(id)).status).toBe(200);
    expect(await stranger.api.getRound('not-a-uuid')).toMatchObject({ status: 404 });

    expect((await owner.api.deleteRound(id)).status).toBe(204);
    expect(await owner.api.getRound(id)).toMatchObject({ status: 404 });
    expect(await owner.api.deleteRound(id)).toMatchObject({ status: 404 });
    expect((await owner.api.listRounds()).body).toEqual([]);
  });

  it('when a visitor asks, then 401', async () => {
    const visitor = coursesApi(app);
    expect((await visitor.listRounds()).status).toBe(401);
    expect((await visitor.getRound(randomUUID())).status).toBe(401);
  });
});

describe("the member's bag and rounds in the export and the account deletion", () => {
  const exportOf = (userId: string) =>
    request(app)
      .get('/internal/member-export')
      .set(
        'Authorization',
        `Bearer ${signServiceToken(deps.config.JWT_SECRET, { issuer: 'auth', audience: 'courses', claims: { userId, email: 'm@example.com' } })}`,
      );

  it("when auth exports a member, then their bag and rounds are in it, and no other member's", async () => {
    const { user, api } = await member();
    const other = await member();
    const courseId = await api.createId();
    const round = validRound();
    await api.saveRound(courseId, round);
    await api.putBag({ clubIds: ['driver', 'putter'] });
    await other.api.saveRound(await other.api.createId(), validRound());

    const res = await exportOf(user.id);
    expect(res.status).toBe(200);
    expect(res.body.bag).toEqual({ clubIds: ['driver', 'putter'] });
    expect(
      z
        .array(roundSchema)
        .parse(res.body.rounds)
        .map((r) => r.id),
    ).toEqual([round.id]);
    // A member who never chose a bag: null (nothing kept), rounds empty.
    const fresh = await member();
    expect((await exportOf(fresh.user.id)).body).toMatchObject({ bag: null, rounds: [] });
  });

  it("when auth deletes a member's account, then their bag and rounds are erased (and a replay changes nothing)", async () => {
    const gone = await member();
    const stays = await member();
    const courseId = await stays.api.createId({ isPublic: true });
    await gone.api.saveRound(courseId, validRound());
    await gone.api.putBag({ clubIds: ['putter'] });
    await stays.api.saveRound(courseId, validRound());

    const event = accountDeleted(gone.user.id);
    await auth.applied(auth.publish.accountDeleted(event));
    expect(await count('course_rounds', { userId: gone.user.id })).toBe(0);
    expect(await count('course_bags', { _id: gone.user.id })).toBe(0);
    expect(await count('course_rounds', { userId: stays.user.id })).toBe(1);

    await auth.finished([await auth.publish.accountDeleted(event, `replay-${gone.user.id}`)]);
    expect(await count('course_rounds', { userId: stays.user.id })).toBe(1);
    // A save of theirs arriving after the deletion withdraws (the account is gone).
    const late = await gone.api.saveRound(courseId, validRound());
    expect(late.status).toBe(401);
    expect(await count('course_rounds', { userId: gone.user.id })).toBe(0);
  });
});
