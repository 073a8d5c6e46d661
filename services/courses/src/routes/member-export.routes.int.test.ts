import { bagSchema, courseSchema, roundSchema } from '@fm/contracts';
import { type ServiceName, signServiceToken } from '@fm/shared/auth';
import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import { Types } from 'mongoose';
import request from 'supertest';
import { z } from 'zod';
import { compose } from '../compose';
import { type Config, configSchema } from '../config';
import { type Callback, coursesApi } from '../../test/course-client';

let deps: TestDeps<Config>;
let service: Composed;
let app: Callback;

beforeAll(async () => {
  deps = await createTestDeps(configSchema, { COURSES_WRITES_PER_MINUTE: '1000' });
  service = compose(deps);
  app = service.app.callback();
});

afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

/** The answer of GET /internal/member-export (the common contract; strict, so nothing extra leaks). */
const exportSchema = z.strictObject({
  courses: z.array(courseSchema),
  likes: z.array(z.strictObject({ courseId: z.string(), isLike: z.boolean(), createdAt: z.iso.datetime() })),
  favorites: z.array(z.strictObject({ courseId: z.string(), createdAt: z.iso.datetime() })),
  /** The member's bag, null when they never chose one (rounds.routes.int.test.ts tests both). */
  bag: bagSchema.nullable(),
  rounds: z.array(roundSchema),
});

const member = async () => {
  const { user, cookie } = await loggedInMember(deps);
  return { user, cookie, api: coursesApi(app, cookie) };
};

/** Auth's call: a 60 s service token about `userId`, for `audience`, signed with `secret`. */
function tokenFor(userId: string, audience: ServiceName = 'courses', secret = deps.config.JWT_SECRET): string {
  return signServiceToken(secret, { issuer: 'auth', audience, claims: { userId, email: 'member@example.com' } });
}

const exportWith = (authorization?: string) => {
  const req = request(app).get('/internal/member-export');
  return authorization === undefined ? req : req.set('Authorization', authorization);
};

describe('GET /internal/member-export without a valid service token', () => {
  it.each([
    ['no Authorization header', () => undefined],
    ['a scheme other than Bearer', () => `Basic ${Buffer.from('auth:secret').toString('base64')}`],
    ['a token that is not a JWT', () => 'Bearer not-a-token'],
    ['a token for billing', () => `Bearer ${tokenFor(new Types.ObjectId().toHexString(), 'billing')}`],
    [
      'a token signed with another secret',
      () => `Bearer ${tokenFor(new Types.ObjectId().toHexString(), 'courses', 'another-secret-0123456789abcdef')}`,
    ],
  ])('when the call carries %s, then 401 in the error envelope', async (_case, authorization) => {
    const res = await exportWith(authorization());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String), code: 'UNAUTHENTICATED' });
  });

  it('when the token has expired (signed more than 60 s ago), then 401', async () => {
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now - 61_000);
    const expired = tokenFor('some-member');
    clock.mockRestore();
    expect(await exportWith(`Bearer ${expired}`)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });

  it('when a member calls it with their own session cookie, then 401 (members never reach it)', async () => {
    const { cookie } = await member();
    const res = await request(app).get('/internal/member-export').set('Cookie', cookie);
    expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });
});

describe('GET /internal/member-export with auth’s token', () => {
  it("when the member has courses, likes and favorites, then 200 with exactly theirs and never another member's", async () => {
    const me = await member();
    const other = await member();
    const mine = {
      older: await me.api.createId({ name: 'My Private Course' }),
      newer: await me.api.createId({ name: 'My Public Course', isPublic: true }),
    };
    const theirs = {
      liked: await other.api.createId({ name: 'Their Liked', isPublic: true }),
      disliked: await other.api.createId({ name: 'Their Disliked', isPublic: true }),
      untouched: await other.api.createId({ name: 'Their Untouched', isPublic: true }),
      private: await other.api.createId({ name: 'Their Private' }),
    };
    await me.api.like(theirs.liked, true);
    await me.api.like(theirs.disliked, false);
    await me.api.favorite(theirs.liked);
    await me.api.favorite(mine.older);
    // The other member's reactions, on my course and on theirs.
    await other.api.like(mine.newer, true);
    await other.api.favorite(mine.newer);
    await other.api.like(theirs.untouched, true);
    await other.api.favorite(theirs.untouched);

    const res = await exportWith(`Bearer ${tokenFor(me.user.id)}`);
    expect(res.status).toBe(200);
    const body = exportSchema.parse(res.body);

    // My courses, newest first, as the course page shows them to me (others only as counts).
    expect(body.courses.map((course) => course.id)).toEqual([mine.newer, mine.older]);
    expect(body.courses[0]).toEqual((await me.api.get(mine.newer)).body);
    expect(body.courses[0]).toMatchObject({ isOwner: true, likes: 1, favorites: 1, myLike: null });
    expect(body.courses[1]).toMatchObject({ name: 'My Private Course', isFavorite: true });

    expect(body.likes).toEqual([
      { courseId: theirs.liked, isLike: true, createdAt: expect.any(String) },
      { courseId: theirs.disliked, isLike: false, createdAt: expect.any(String) },
    ]);
    expect(body.favorites).toEqual([
      { courseId: theirs.liked, createdAt: expect.any(String) },
      { courseId: mine.older, createdAt: expect.any(String) },
    ]);
    const mentioned = JSON.stringify(body);
    expect(mentioned).not.toContain(theirs.untouched);
    expect(mentioned).not.toContain(theirs.private);
    expect(mentioned).not.toContain(other.user.id);
  });

  it('when the member has nothing here, then 200 with empty lists', async () => {
    const res = await exportWith(`Bearer ${tokenFor(new Types.ObjectId().toHexString())}`);
    expect(res).toMatchObject({ status: 200, body: { courses: [], likes: [], favorites: [] } });
  });

  it('when a like or favorite of the member points at a course that is gone, then it is left out', async () => {
    const me = await member();
    const kept = await me.api.createId();
    await me.api.like(kept, true);
    const goneId = new Types.ObjectId();
    const now = new Date();
    await deps.mongo
      .collection('course_likes')
      .insertOne({ courseId: goneId, userId: me.user.id, isLike: true, createdAt: now, updatedAt: now });
    await deps.mongo.collection('course_favorites').insertOne({ courseId: goneId, userId: me.user.id, createdAt: now });

    const body = exportSchema.parse((await exportWith(`Bearer ${tokenFor(me.user.id)}`)).body);
    expect(body.likes.map((like) => like.courseId)).toEqual([kept]);
    expect(body.favorites).toEqual([]);
  });
});
