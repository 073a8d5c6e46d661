import { courseSchema } from '@fm/contracts';
import { closeBackground, type Composed } from '@fm/shared/service';
import { z } from 'zod';
import { createTestDeps, loggedInMember, type TestDeps } from '@fm/shared/testing';
import request from 'supertest';
import { compose } from '../compose';
import { type Config, configSchema } from '../config';
import { type Callback, coursesApi, validCourse } from '../../test/course-client';

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

const member = async (names: { firstName?: string; lastName?: string } = {}) => {
  const { user, cookie } = await loggedInMember(deps, names);
  return { user, api: coursesApi(app, cookie) };
};

describe('creating a course', () => {
  it('when a member sends a complete course, then 201 with the course as the library shows it', async () => {
    const { api } = await member({ firstName: 'Ada', lastName: 'Lovelace' });
    const res = await api.create(validCourse({ photoUrl: 'https://example.com/pebble.jpg' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      name: 'Pebble Beach Golf Links',
      description: 'Cliffs, ocean and small greens.',
      city: 'Pebble Beach',
      state: 'California',
      country: 'USA',
      photoUrl: 'https://example.com/pebble.jpg',
      scorecardUrl: null,
      pars: [4, 5, 4, 4, 3, 5, 3, 4, 4, 4, 4, 3, 4, 5, 4, 4, 3, 5],
      totalPar: 72,
      isPublic: false,
      isOwner: true,
      ownerName: 'Ada Lovelace',
      likes: 0,
      dislikes: 0,
      favorites: 0,
      myLike: null,
      isFavorite: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await api.get(res.body.id)).body).toEqual(res.body);
  });

  it('when pars, isPublic and description are left out, then every hole is par 4 and the course is private', async () => {
    const { api } = await member();
    const res = await api.create({ name: 'Local Nine Twice', city: 'Leeds', state: 'Yorkshire', country: 'UK' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ pars: Array(18).fill(4), totalPar: 72, isPublic: false, description: null });
  });

  it('when text has surrounding spaces, then it is stored trimmed', async () => {
    const { api } = await member();
    const res = await api.create(validCourse({ name: '  Old Course  ', city: ' St Andrews ' }));
    expect(res.body).toMatchObject({ name: 'Old Course', city: 'St Andrews' });
  });

  it.each([
    ['the name is missing', { name: undefined }, 'name', 'Course name is required'],
    ['the name is blank', { name: '   ' }, 'name', 'Course name is required'],
    ['the city is missing', { city: undefined }, 'city', 'City is required'],
    ['the city is empty', { city: '' }, 'city', 'City is required'],
    ['the state is missing', { state: null }, 'state', 'State/Province is required'],
    ['the country is missing', { country: undefined }, 'country', 'Country is required'],
    ['there are 17 holes', { pars: Array(17).fill(4) }, 'pars', 'Must have exactly 18 holes'],
    ['there are 19 holes', { pars: Array(19).fill(4) }, 'pars', 'Must have exactly 18 holes'],
    ['pars is not a list', { pars: 72 }, 'pars', 'Must have exactly 18 holes'],
    [
      'hole 7 is a par 6',
      { pars: [4, 4, 4, 4, 4, 4, 6, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4] },
      'pars.6',
      'Hole 7 par must be 3, 4 or 5',
    ],
    ['hole 1 is a par 2', { pars: [2, ...Array(17).fill(4)] }, 'pars.0', 'Hole 1 par must be 3, 4 or 5'],
    ['hole 18 is a par 4.5', { pars: [...Array(17).fill(4), 4.5] }, 'pars.17', 'Hole 18 par must be 3, 4 or 5'],
    ['hole 2 is the text "4"', { pars: [4, '4', ...Array(16).fill(4)] }, 'pars.1', 'Hole 2 par must be 3, 4 or 5'],
    ['isPublic is the text "true"', { isPublic: 'true' }, 'isPublic', 'Make course public must be true or false'],
    ['the name is 121 characters', { name: 'n'.repeat(121) }, 'name', 'Course name must be at most 120 characters'],
    ['the city is 81 characters', { city: 'c'.repeat(81) }, 'city', 'City must be at most 80 characters'],
    ['the state is 81 characters', { state: 's'.repeat(81) }, 'state', 'State/Province must be at most 80 characters'],
    ['the country is 81 characters', { country: 'c'.repeat(81) }, 'country', 'Country must be at most 80 characters'],
    [
      'the description is 2001 characters',
      { description: 'd'.repeat(2001) },
      'description',
      'Description must be at most 2000 characters',
    ],
    [
      'the photo is a javascript: link',
      { photoUrl: 'javascript:alert(1)' },
      'photoUrl',
      'Photo URL must be a web address starting with http:// or https://',
    ],
    [
      'the scorecard is not a URL',
      { scorecardUrl: 'scorecard.pdf' },
      'scorecardUrl',
      'Scorecard URL must be a web address starting with http:// or https://',
    ],
    [
      'the photo URL is 501 characters',
      { photoUrl: `https://example.com/${'p'.repeat(481)}` },
      'photoUrl',
      'Photo URL must be at most 500 characters',
    ],
    [
      'the name holds a NUL',
      { name: 'Old\u0000Course' },
      'name',
      'Course name cannot contain line breaks or control characters',
    ],
    [
      'the city holds a line break',
      { city: 'St\nAndrews' },
      'city',
      'City cannot contain line breaks or control characters',
    ],
    [
      'the country holds an escape character',
      { country: '\u001b[2JUK' },
      'country',
      'Country cannot contain line breaks or control characters',
    ],
    [
      'the description holds a NUL',
      { description: 'Links\u0000land' },
      'description',
      'Description cannot contain control characters',
    ],
    [
      'the photo URL holds a NUL',
      { photoUrl: 'https://example.com/a\u0000.jpg' },
      'photoUrl',
      'Photo URL cannot contain line breaks or control characters',
    ],
    ['the name is 121 emoji', { name: '⛳'.repeat(121) }, 'name', 'Course name must be at most 120 characters'],
    [
      'the description is 2001 emoji',
      { description: '🏌'.repeat(2001) },
      'description',
      'Description must be at most 2000 characters',
    ],
  ])('when %s, then 400 names the field with the form message', async (_case, overrides, field, message) => {
    const { api } = await member();
    const res = await api.create(validCourse(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR', errors: { [field]: message } });
    expect((await api.list()).body).toEqual([]);
  });

  it('when several fields are wrong, then each is named and the message is the first', async () => {
    const { api } = await member();
    const res = await api.create({ pars: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 7] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Course name is required',
      code: 'VALIDATION_ERROR',
      errors: {
        name: 'Course name is required',
        city: 'City is required',
        state: 'State/Province is required',
        country: 'Country is required',
        'pars.17': 'Hole 18 par must be 3, 4 or 5',
      },
    });
  });

  it('when the limits are exactly met, then the course is accepted', async () => {
    const { api } = await member();
    const res = await api.create(
      validCourse({
        name: 'n'.repeat(120),
        city: 'c'.repeat(80),
        description: 'd'.repeat(2000),
        scorecardUrl: `https://example.com/${'s'.repeat(480)}`,
        pars: [3, 5, ...Array(16).fill(4)],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.totalPar).toBe(72);
  });

  it('when text fields are emoji up to their limits, then 201 and they are stored intact', async () => {
    const { api } = await member();
    const text = {
      name: '⛳'.repeat(120),
      city: '🏌'.repeat(80),
      state: 'Île-de-France 🇫🇷',
      country: '🇫🇷'.repeat(40),
      description: `${'🌊'.repeat(1000)}\n\t${'🏌'.repeat(998)}`,
    };
    const res = await api.create(validCourse(text));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(text);
    expect((await api.get(res.body.id)).body).toMatchObject(text);
  });

  it('when the name carries bidi override or isolate characters, then they are removed', async () => {
    const { api } = await member();
    const res = await api.create(
      validCourse({ name: 'Old \u202Eesruoc\u202C \u2067Links\u2069', city: '\u202DLeeds' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Old esruoc Links', city: 'Leeds' });
  });

  it('when a NoSQL operator is sent instead of text, then 400 and nothing is stored', async () => {
    const { api } = await member();
    const res = await api.create(validCourse({ name: { $gt: '' }, city: { $ne: null } }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ name: 'Course name must be text', city: 'City must be text' });
    expect((await api.list()).body).toEqual([]);
  });

  it('when the body carries a field the form does not have (userId), then 400 and nothing is stored', async () => {
    const { api } = await member();
    const res = await api.create(validCourse({ userId: 'someone-else', $where: '1' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Unknown field: /);
    expect((await api.list()).body).toEqual([]);
  });

  it('when the body is a JSON list, then 400', async () => {
    const { api } = await member();
    expect(await api.create([validCourse()])).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });
});

describe("a member's own library", () => {
  it('when a member has courses, then GET /api/courses lists only theirs, newest first, with the total', async () => {
    const me = await member();
    const other = await member();
    await other.api.createId({ name: 'Not Mine', isPublic: true });
    for (const name of ['First', 'Second', 'Third']) await me.api.createId({ name });
    const res = await me.api.list();
    expect(res.status).toBe(200);
    expect(res.body.map((course: { name: string }) => course.name)).toEqual(['Third', 'Second', 'First']);
    expect(res.body.every((course: { isOwner: boolean }) => course.isOwner)).toBe(true);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('when a member has no courses, then an empty list and a total of 0', async () => {
    const { api } = await member();
    const res = await api.list();
    expect(res).toMatchObject({ status: 200, body: [] });
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('when a page is asked for, then limit and offset pick it and the total counts them all', async () => {
    const { api } = await member();
    for (let i = 1; i <= 5; i += 1) await api.createId({ name: `Course ${i}` });
    const res = await api.list('?limit=2&offset=1');
    expect(res.body.map((course: { name: string }) => course.name)).toEqual(['Course 4', 'Course 3']);
    expect(res.headers['x-total-count']).toBe('5');
    const last = await api.list('?limit=2&offset=4');
    expect(last.body.map((course: { name: string }) => course.name)).toEqual(['Course 1']);
    expect(last.headers['x-total-count']).toBe('5');
    const beyond = await api.list('?offset=5');
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');
  });

  it.each([['limit=0'], ['limit=101'], ['offset=-1'], ['limit=abc']])(
    'when the page is out of range (%s), then 400',
    async (query) => {
      const { api } = await member();
      expect(await api.list(`?${query}`)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    },
  );

  it('when no limit is given, then at most 50 courses come back', async () => {
    const { user, api } = await member();
    const now = Date.now();
    await deps.mongo.collection('courses').insertMany(
      Array.from({ length: 55 }, (_, i) => ({
        ...validCourse({ name: `Bulk ${i}` }),
        userId: user.id,
        description: null,
        photoUrl: null,
        scorecardUrl: null,
        isPublic: false,
        createdAt: new Date(now + i),
        updatedAt: new Date(now + i),
      })),
    );
    const res = await api.list();
    expect(res.body).toHaveLength(50);
    expect(res.body[0].name).toBe('Bulk 54');
    expect(res.headers['x-total-count']).toBe('55');
  });
});

describe('searching', () => {
  let api: ReturnType<typeof coursesApi>;
  let otherApi: ReturnType<typeof coursesApi>;

  beforeAll(async () => {
    ({ api } = await member());
    ({ api: otherApi } = await member());
    await api.createId({ name: 'Augusta National', city: 'Augusta', state: 'Georgia', country: 'USA' });
    await api.createId({ name: 'St. Andrews (Old Course)', city: 'St Andrews', state: 'Fife', country: 'Scotland' });
    await api.createId({ name: 'Royal Melbourne', city: 'Black Rock', state: 'Victoria', country: 'Australia' });
    await otherApi.createId({
      name: 'Kingston Heath',
      city: 'Heatherton',
      state: 'Victoria',
      country: 'Australia',
      isPublic: true,
    });
    await otherApi.createId({ name: 'Secret Scottish Links', city: 'Dornoch', state: 'Highland', country: 'Scotland' });
  });

  const names = (res: request.Response) => res.body.map((course: { name: string }) => course.name).sort();

  it.each([
    ['augusta', ['Augusta National']],
    ['GEORGIA', ['Augusta National']],
    ['victoria', ['Royal Melbourne']],
    ['scot', ['St. Andrews (Old Course)']],
    ['black rock', ['Royal Melbourne']],
    ['  melbourne  ', ['Royal Melbourne']],
  ])(
    'when my library is searched for "%s", then name, city, state or country match regardless of case',
    async (q, expected) => {
      const res = await api.list(`?q=${encodeURIComponent(q)}`);
      expect(names(res)).toEqual(expected);
      expect(res.headers['x-total-count']).toBe(String(expected.length));
    },
  );

  it('when the search holds regex characters, then they are matched literally', async () => {
    expect(names(await api.list(`?q=${encodeURIComponent('St. Andrews (Old')}`))).toEqual(['St. Andrews (Old Course)']);
    expect(names(await api.list(`?q=${encodeURIComponent('.*')}`))).toEqual([]);
    expect(names(await api.list(`?q=${encodeURIComponent('(a+)+$')}`))).toEqual([]);
  });

  it('when nothing matches, then an empty list', async () => {
    expect(await api.list('?q=zzz')).toMatchObject({ status: 200, body: [] });
  });

  it("when the community list is searched, then only other members' public courses match", async () => {
    expect(names(await api.listPublic('?q=australia'))).toEqual(['Kingston Heath']);
    expect(names(await api.listPublic('?q=scotland'))).toEqual([]);
  });

  it('when the search is longer than 100 characters, then 400', async () => {
    const res = await api.list(`?q=${'x'.repeat(101)}`);
    expect(res).toMatchObject({ status: 400, body: { errors: { q: 'Search is at most 100 characters' } } });
  });

  it('when the search is an operator object or repeated, then 400', async () => {
    expect((await api.list('?q[$ne]=x')).status).toBe(400);
    expect((await api.list('?q[$regex]=.*')).status).toBe(400);
    expect((await api.list('?q=a&q=b')).status).toBe(400);
    expect((await api.listPublic('?q[$ne]=x')).status).toBe(400);
  });
});

describe('community courses and privacy', () => {
  it('when another member shares a course, then it is listed as public with its owner and no delete rights', async () => {
    const me = await member();
    const owner = await member({ firstName: 'Bobby', lastName: 'Jones' });
    const publicId = await owner.api.createId({ name: 'Shared Links', isPublic: true });
    await owner.api.createId({ name: 'Kept Private' });
    await me.api.createId({ name: 'My Own Public', isPublic: true });

    const res = await me.api.listPublic();
    expect(res.status).toBe(200);
    const names = res.body.map((course: { name: string }) => course.name);
    expect(names).toContain('Shared Links');
    expect(names).not.toContain('Kept Private');
    expect(names).not.toContain('My Own Public');
    expect(await me.api.get(publicId)).toMatchObject({
      status: 200,
      body: { name: 'Shared Links', isPublic: true, isOwner: false, ownerName: 'Bobby Jones' },
    });
  });

  it('when another member asks for my private course, then 404 as if it did not exist', async () => {
    const me = await member();
    const other = await member();
    const id = await me.api.createId();
    expect(await other.api.get(id)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Course not found' },
    });
  });

  it('when a public course is made private again, then others lose sight of it', async () => {
    const me = await member();
    const other = await member();
    const id = await me.api.createId({ isPublic: true });
    expect((await other.api.get(id)).status).toBe(200);
    expect(await me.api.update(id, { isPublic: false })).toMatchObject({ status: 200, body: { isPublic: false } });
    expect((await other.api.get(id)).status).toBe(404);
    expect((await other.api.listPublic()).body.map((course: { id: string }) => course.id)).not.toContain(id);
  });

  it("when the owner's stored name carries bidi overrides, then other members see it without them", async () => {
    const me = await member();
    const owner = await member({ firstName: '\u202Enimda\u202C', lastName: '\u2066Jones\u2069' });
    const id = await owner.api.createId({ isPublic: true });
    expect((await me.api.get(id)).body.ownerName).toBe('nimda Jones');
    expect((await me.api.listPublic()).body.find((course: { id: string }) => course.id === id).ownerName).toBe(
      'nimda Jones',
    );
  });

  it('when the owner has no name on file, then ownerName is null', async () => {
    const me = await member();
    const nameless = await member({ firstName: '', lastName: '' });
    const id = await nameless.api.createId({ isPublic: true });
    expect((await me.api.get(id)).body.ownerName).toBeNull();
  });
});

describe('changing a course', () => {
  it('when the owner changes some fields, then only those change and the rest stays', async () => {
    const { api } = await member();
    const id = await api.createId({ photoUrl: 'https://example.com/a.jpg' });
    const before = (await api.get(id)).body;
    const res = await api.update(id, {
      name: 'Pebble Beach (renamed)',
      pars: Array(18).fill(3),
      description: null,
      photoUrl: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...before,
      name: 'Pebble Beach (renamed)',
      pars: Array(18).fill(3),
      totalPar: 54,
      description: null,
      photoUrl: null,
      updatedAt: expect.any(String),
    });
    expect((await api.get(id)).body.name).toBe('Pebble Beach (renamed)');
  });

  it('when a change breaks the rules, then 400 with the same messages and nothing changes', async () => {
    const { api } = await member();
    const id = await api.createId();
    expect(await api.update(id, { name: '' })).toMatchObject({
      status: 400,
      body: { errors: { name: 'Course name is required' } },
    });
    expect(await api.update(id, { pars: [4, 4] })).toMatchObject({
      status: 400,
      body: { errors: { pars: 'Must have exactly 18 holes' } },
    });
    expect(await api.update(id, { country: null })).toMatchObject({
      status: 400,
      body: { errors: { country: 'Country is required' } },
    });
    expect(await api.update(id, {})).toMatchObject({
      status: 400,
      body: { message: 'Send at least one field to change' },
    });
    expect(await api.update(id, { userId: 'someone-else' })).toMatchObject({ status: 400 });
    expect((await api.get(id)).body).toMatchObject({ name: 'Pebble Beach Golf Links', totalPar: 72, isOwner: true });
  });

  it.each([
    [
      'a NUL in the name',
      { name: 'Old\u0000Course' },
      'name',
      'Course name cannot contain line breaks or control characters',
    ],
    [
      'a line break in the state',
      { state: 'Fi\nfe' },
      'state',
      'State/Province cannot contain line breaks or control characters',
    ],
    [
      'a NUL in the description',
      { description: 'a\u0000b' },
      'description',
      'Description cannot contain control characters',
    ],
    [
      'a NUL in the scorecard URL',
      { scorecardUrl: 'https://example.com/\u0000' },
      'scorecardUrl',
      'Scorecard URL cannot contain line breaks or control characters',
    ],
    ['a 121-emoji name', { name: '⛳'.repeat(121) }, 'name', 'Course name must be at most 120 characters'],
    ['a par of 6', { pars: [6, ...Array(17).fill(4)] }, 'pars.0', 'Hole 1 par must be 3, 4 or 5'],
  ])(
    'when a change carries %s, then 400 with the create message and nothing changes',
    async (_what, patch, field, message) => {
      const { api } = await member();
      const id = await api.createId();
      const before = (await api.get(id)).body;
      const res = await api.update(id, patch);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_ERROR', errors: { [field]: message } });
      expect((await api.get(id)).body).toEqual(before);
    },
  );

  it('when a change sets emoji up to the limits and bidi characters, then 200, emoji intact and bidi removed', async () => {
    const { api } = await member();
    const id = await api.createId();
    const name = '⛳'.repeat(120);
    const res = await api.update(id, { name, city: '\u202Eredrob\u202C', description: 'Line one\r\nLine two' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name, city: 'redrob', description: 'Line one\r\nLine two' });
    expect((await api.get(id)).body).toMatchObject({ name, city: 'redrob' });
  });

  it('when another member tries to change a course, then 403 on a public one and 404 on a private one', async () => {
    const owner = await member();
    const other = await member();
    const publicId = await owner.api.createId({ isPublic: true });
    const privateId = await owner.api.createId();
    expect(await other.api.update(publicId, { name: 'Hijacked' })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect((await other.api.update(privateId, { name: 'Hijacked' })).status).toBe(404);
    expect((await owner.api.get(publicId)).body.name).toBe('Pebble Beach Golf Links');
    expect((await owner.api.get(privateId)).body.name).toBe('Pebble Beach Golf Links');
  });
});

describe('deleting a course', () => {
  it('when the owner deletes a course, then 204 and it is gone from the library', async () => {
    const { api } = await member();
    const id = await api.createId();
    const res = await api.remove(id);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await api.get(id)).status).toBe(404);
    expect((await api.list()).body).toEqual([]);
    expect((await api.remove(id)).status).toBe(404);
  });

  it('when another member deletes my public course, then 403 and it stays', async () => {
    const me = await member();
    const other = await member();
    const id = await me.api.createId({ isPublic: true });
    expect(await other.api.remove(id)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Only the member who created this course can change or delete it.' },
    });
    expect((await me.api.get(id)).status).toBe(200);
  });

  it('when another member deletes my private course, then 404 and it stays', async () => {
    const me = await member();
    const other = await member();
    const id = await me.api.createId();
    expect(await other.api.remove(id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await me.api.get(id)).status).toBe(200);
  });
});

describe('unknown and malformed ids', () => {
  it.each([['not-an-id'], ['123'], ['0123456789abcdef01234567'], ['zzzzzzzzzzzzzzzzzzzzzzzz'], ['%24ne']])(
    'when the id is %s, then every course route answers 404',
    async (id) => {
      const { api } = await member();
      for (const res of [
        await api.get(id),
        await api.update(id, { name: 'x' }),
        await api.remove(id),
        await api.like(id, true),
        await api.unlike(id),
        await api.favorite(id),
        await api.unfavorite(id),
      ]) {
        expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      }
    },
  );
});

describe('visitors', () => {
  it('when nobody is logged in, then every courses endpoint answers 401', async () => {
    const { api: owner } = await member();
    const id = await owner.createId({ isPublic: true });
    const visitor = coursesApi(app);
    for (const res of [
      await visitor.list(),
      await visitor.listPublic(),
      await visitor.listFavorites(),
      await visitor.get(id),
      await visitor.create(),
      await visitor.update(id, { name: 'x' }),
      await visitor.remove(id),
      await visitor.like(id, true),
      await visitor.unlike(id),
      await visitor.favorite(id),
      await visitor.unfavorite(id),
    ]) {
      expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    }
    expect((await owner.get(id)).body.name).toBe('Pebble Beach Golf Links');
  });

  it('when a Premium member uses the library, then it works the same as for a free member', async () => {
    const { cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
    const api = coursesApi(app, cookie);
    const id = await api.createId();
    expect((await api.get(id)).status).toBe(200);
  });

  it('when a write comes from another site, then 403 and nothing is stored', async () => {
    const { cookie } = await loggedInMember(deps);
    const res = await request(app)
      .post('/api/courses')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .send(validCourse());
    expect(res).toMatchObject({ status: 403, body: { code: 'BAD_ORIGIN' } });
    expect((await coursesApi(app, cookie).list()).body).toEqual([]);
  });
});

describe('health', () => {
  it('when Mongo and Redis answer, then /readyz says so', async () => {
    expect(await request(app).get('/readyz')).toMatchObject({
      status: 200,
      body: { service: 'courses', mongo: 'ok', redis: 'ok' },
    });
  });
});

describe('the answers and the contract (@fm/contracts, what the frontend reads)', () => {
  it('when a course is created, listed, fetched, liked and favourited, then every answer parses as the contract says', async () => {
    const owner = await member({ firstName: 'Grace', lastName: 'Hopper' });
    const created = await owner.api.create(validCourse({ isPublic: true, photoUrl: 'https://example.com/links.jpg' }));
    const course = courseSchema.parse(created.body);
    expect(course).toMatchObject({ ownerName: 'Grace Hopper', photoUrl: 'https://example.com/links.jpg' });

    const other = await member();
    const answers = [
      (await owner.api.list()).body,
      (await other.api.listPublic()).body,
      [(await other.api.get(course.id)).body],
      [(await other.api.like(course.id, true)).body],
      [(await other.api.favorite(course.id)).body],
      (await other.api.listFavorites()).body,
    ];
    for (const answer of answers) {
      const courses = z.array(courseSchema).parse(answer);
      expect(courses.map((c) => c.id)).toContain(course.id);
    }
  });
});
