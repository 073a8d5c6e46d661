import { closeBackground, type Composed } from '@fm/shared/service';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import { Types } from 'mongoose';
import { compose } from '../compose';
import { type Config, configSchema } from '../config';
import { type Callback, coursesApi } from '../../test/course-client';

let deps: TestDeps<Config>;
let service: Composed;
let app: Callback;

beforeAll(async () => {
  deps = await createTestDeps(configSchema);
  service = compose(deps);
  app = service.app.callback();
});

afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

const member = async () => coursesApi(app, (await loggedInMember(deps)).cookie);
const likesOf = (id: string) =>
  deps.mongo.collection('course_likes').countDocuments({ courseId: new Types.ObjectId(id) });
const favoritesOf = (id: string) =>
  deps.mongo.collection('course_favorites').countDocuments({ courseId: new Types.ObjectId(id) });

/** A public course of a fresh member, and another member looking at it. */
async function sharedCourse() {
  const owner = await member();
  const id = await owner.createId({ isPublic: true });
  return { owner, id, viewer: await member() };
}

describe('likes', () => {
  it('when a member likes a public course, then the course shows one like and myLike true', async () => {
    const { id, viewer, owner } = await sharedCourse();
    const res = await viewer.like(id, true);
    expect(res).toMatchObject({ status: 200, body: { id, likes: 1, dislikes: 0, myLike: true, isOwner: false } });
    expect((await owner.get(id)).body).toMatchObject({ likes: 1, dislikes: 0, myLike: null });
  });

  it('when a member likes the same course again, then still one like (idempotent)', async () => {
    const { id, viewer } = await sharedCourse();
    await viewer.like(id, true);
    expect((await viewer.like(id, true)).body).toMatchObject({ likes: 1, myLike: true });
    expect(await likesOf(id)).toBe(1);
  });

  it('when a member changes a like to a dislike, then the counts move and there is still one record', async () => {
    const { id, viewer } = await sharedCourse();
    await viewer.like(id, true);
    expect((await viewer.like(id, false)).body).toMatchObject({ likes: 0, dislikes: 1, myLike: false });
    expect(await likesOf(id)).toBe(1);
  });

  it('when several members react, then likes and dislikes are counted separately', async () => {
    const { id, owner } = await sharedCourse();
    for (const isLike of [true, true, false]) await (await member()).like(id, isLike);
    await owner.like(id, true);
    expect((await owner.get(id)).body).toMatchObject({ likes: 3, dislikes: 1, myLike: true });
    const listed = (await (await member()).listPublic()).body.find((course: { id: string }) => course.id === id);
    expect(listed).toMatchObject({ likes: 3, dislikes: 1, myLike: null });
  });

  it('when a member takes a like back, then it is gone, and taking it back again still succeeds', async () => {
    const { id, viewer } = await sharedCourse();
    await viewer.like(id, true);
    expect((await viewer.unlike(id)).body).toMatchObject({ likes: 0, myLike: null });
    expect((await viewer.unlike(id)).status).toBe(200);
    expect(await likesOf(id)).toBe(0);
  });

  it('when 20 identical likes arrive at once, then all succeed and one like is stored', async () => {
    const { id, viewer } = await sharedCourse();
    const responses = await Promise.all(Array.from({ length: 20 }, () => viewer.like(id, true)));
    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(await likesOf(id)).toBe(1);
    expect((await viewer.get(id)).body).toMatchObject({ likes: 1, myLike: true });
  });

  it('when 20 likes and dislikes race, then all succeed and one reaction is stored', async () => {
    const { id, viewer } = await sharedCourse();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => viewer.like(id, i % 2 === 0)));
    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(await likesOf(id)).toBe(1);
    const { likes, dislikes } = (await viewer.get(id)).body;
    expect(likes + dislikes).toBe(1);
  });

  it('when isLike is missing, not a boolean or an operator, then 400', async () => {
    const { id, viewer } = await sharedCourse();
    for (const isLike of [undefined, 'true', 1, { $ne: null }]) {
      expect(await viewer.like(id, isLike)).toMatchObject({
        status: 400,
        body: { errors: { isLike: 'isLike must be true or false' } },
      });
    }
    expect(await likesOf(id)).toBe(0);
  });

  it("when a member likes another member's private course, then 404 and nothing is stored", async () => {
    const owner = await member();
    const id = await owner.createId();
    const viewer = await member();
    expect((await viewer.like(id, true)).status).toBe(404);
    expect((await viewer.favorite(id)).status).toBe(404);
    expect(await likesOf(id)).toBe(0);
    expect(await favoritesOf(id)).toBe(0);
  });
});

describe('favorites', () => {
  it('when a member favorites a public course, then it is marked and appears in their favorites', async () => {
    const { id, viewer, owner } = await sharedCourse();
    expect(await viewer.favorite(id)).toMatchObject({ status: 200, body: { id, favorites: 1, isFavorite: true } });
    const res = await viewer.listFavorites();
    expect(res.body.map((course: { id: string }) => course.id)).toEqual([id]);
    expect(res.headers['x-total-count']).toBe('1');
    expect((await owner.get(id)).body).toMatchObject({ favorites: 1, isFavorite: false });
    expect((await owner.listFavorites()).body).toEqual([]);
  });

  it('when a member favorites their own private course, then it is in their favorites', async () => {
    const me = await member();
    const id = await me.createId();
    expect((await me.favorite(id)).body).toMatchObject({ isFavorite: true, favorites: 1 });
    expect((await me.listFavorites()).body.map((course: { id: string }) => course.id)).toEqual([id]);
  });

  it('when 20 identical favorites arrive at once, then all succeed and one favorite is stored', async () => {
    const { id, viewer } = await sharedCourse();
    const responses = await Promise.all(Array.from({ length: 20 }, () => viewer.favorite(id)));
    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(await favoritesOf(id)).toBe(1);
    expect((await viewer.get(id)).body).toMatchObject({ favorites: 1, isFavorite: true });
  });

  it('when a member removes a favorite twice, then both succeed and it is gone', async () => {
    const { id, viewer } = await sharedCourse();
    await viewer.favorite(id);
    expect((await viewer.unfavorite(id)).body).toMatchObject({ favorites: 0, isFavorite: false });
    expect((await viewer.unfavorite(id)).status).toBe(200);
    expect((await viewer.listFavorites()).body).toEqual([]);
  });

  it('when favorites are listed, then the most recently favorited comes first, paged and searchable', async () => {
    const owner = await member();
    const viewer = await member();
    const ids: string[] = [];
    for (const name of ['Alpha Links', 'Bravo Park', 'Charlie Heath']) {
      const id = await owner.createId({ name, isPublic: true });
      await viewer.favorite(id);
      ids.push(id);
    }
    const all = await viewer.listFavorites();
    expect(all.body.map((course: { name: string }) => course.name)).toEqual([
      'Charlie Heath',
      'Bravo Park',
      'Alpha Links',
    ]);
    const page = await viewer.listFavorites('?limit=1&offset=1');
    expect(page.body.map((course: { name: string }) => course.name)).toEqual(['Bravo Park']);
    expect(page.headers['x-total-count']).toBe('3');
    const found = await viewer.listFavorites('?q=HEATH');
    expect(found.body.map((course: { name: string }) => course.name)).toEqual(['Charlie Heath']);
    expect(found.headers['x-total-count']).toBe('1');
    expect((await viewer.listFavorites('?q[$ne]=x')).status).toBe(400);
  });

  it("when a favorite course is made private by its owner, then it leaves the member's favorites", async () => {
    const { id, viewer, owner } = await sharedCourse();
    await viewer.favorite(id);
    await owner.update(id, { isPublic: false });
    expect((await viewer.listFavorites()).body).toEqual([]);
    expect((await viewer.listFavorites()).headers['x-total-count']).toBe('0');
  });
});

describe('deleting a course with likes and favorites', () => {
  it('when the owner deletes it, then its likes and favorites go with it and nobody sees it again', async () => {
    const { id, viewer, owner } = await sharedCourse();
    const keptId = await owner.createId({ name: 'Kept', isPublic: true });
    await viewer.like(id, true);
    await viewer.favorite(id);
    await owner.like(id, false);
    await owner.favorite(id);
    await viewer.like(keptId, true);
    await viewer.favorite(keptId);

    expect((await owner.remove(id)).status).toBe(204);
    expect(await likesOf(id)).toBe(0);
    expect(await favoritesOf(id)).toBe(0);
    expect((await viewer.listFavorites()).body.map((course: { id: string }) => course.id)).toEqual([keptId]);
    expect((await viewer.get(id)).status).toBe(404);
    expect((await viewer.like(id, true)).status).toBe(404);
    expect(await likesOf(keptId)).toBe(1);
    expect(await favoritesOf(keptId)).toBe(1);
  });

  it('when likes and favorites race with the delete, then none outlive the course', async () => {
    const { id, owner } = await sharedCourse();
    const fans = await Promise.all(Array.from({ length: 8 }, () => member()));
    const reactions = fans.flatMap((fan, i) => [fan.like(id, i % 2 === 0), fan.favorite(id)]);
    const [removed, ...answers] = await Promise.all([owner.remove(id), ...reactions]);
    expect(removed.status).toBe(204);
    for (const res of answers) expect([200, 404]).toContain(res.status);
    expect(await likesOf(id)).toBe(0);
    expect(await favoritesOf(id)).toBe(0);
  });

  it('when a like or favorite is left behind without its course, then lists and counts ignore it', async () => {
    const viewer = await member();
    const { cookie, user } = await loggedInMember(deps);
    const me = coursesApi(app, cookie);
    const goneId = new Types.ObjectId();
    const now = new Date();
    await deps.mongo.collection('course_favorites').insertOne({ courseId: goneId, userId: user.id, createdAt: now });
    await deps.mongo
      .collection('course_likes')
      .insertOne({ courseId: goneId, userId: user.id, isLike: true, createdAt: now, updatedAt: now });
    const liveId = await viewer.createId({ isPublic: true });
    await me.favorite(liveId);
    const res = await me.listFavorites();
    expect(res.body.map((course: { id: string }) => course.id)).toEqual([liveId]);
    expect(res.headers['x-total-count']).toBe('1');
    expect((await me.get(String(goneId))).status).toBe(404);
  });
});
