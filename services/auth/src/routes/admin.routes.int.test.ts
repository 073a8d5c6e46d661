import { adminMemberSchema, adminPageSchema, auditEntrySchema, userSchema } from '@fm/contracts';
import { USERS_COLLECTION } from '@fm/shared/auth';
import { AuditLog } from '@fm/shared/http';
import { loggedInAdmin, loggedInMember, makeAdmin, setStoredRole } from '@fm/shared/testing';
import supertest from 'supertest';
import {
  type Harness,
  nextIp,
  signedUpMember,
  startAuth,
  TEST_SITE_ORIGIN,
  uniqueEmail,
} from '../../test/account-harness';

let harness: Harness;
const cookies: Record<'free' | 'premium' | 'admin', string> = { free: '', premium: '', admin: '' };
let admin: { id: string; email: string };

beforeAll(async () => {
  harness = await startAuth();
  cookies.free = (await loggedInMember(harness.deps, { membershipLevel: 'free' })).cookie;
  cookies.premium = (await loggedInMember(harness.deps, { membershipLevel: 'premium' })).cookie;
  const founder = await loggedInAdmin(harness.deps, { email: uniqueEmail('founder') });
  cookies.admin = founder.cookie;
  admin = founder.user;
});
afterAll(async () => {
  await harness.close();
});

const request = () => supertest(harness.server);
const get = (path: string, cookie?: string) => {
  const req = request().get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};
const roleOf = async (id: string) =>
  (await harness.deps.mongo.collection(USERS_COLLECTION).findOne({ _id: id as never }))?.role;

describe('GET /api/admin/members', () => {
  it('when the founder lists members, then a page of them, newest first, with role and level', async () => {
    const older = await signedUpMember(harness, { firstName: 'Grace', lastName: 'Hopper' });
    const newer = await signedUpMember(harness, { firstName: 'Katherine', lastName: 'Johnson' });
    const res = await get('/api/admin/members?pageSize=2', cookies.admin);
    expect(res.status).toBe(200);
    const page = adminPageSchema(adminMemberSchema).parse(res.body);
    expect(page.items.map((m) => m.id)).toEqual([newer.id, older.id]);
    expect(page.items[0]).toEqual({
      id: newer.id,
      email: newer.email,
      firstName: 'Katherine',
      lastName: 'Johnson',
      membershipLevel: 'free',
      role: 'member',
      createdAt: expect.any(String),
    });
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(res.body)).not.toMatch(/password|stripe|\$2[aby]\$/i);
  });

  it('when the founder searches, then by email or name, any case, words in any field', async () => {
    const ada = await signedUpMember(harness, {
      email: uniqueEmail('ada.search'),
      firstName: 'Ada',
      lastName: 'Searchable',
    });
    const byName = (await get('/api/admin/members?q=searchABLE', cookies.admin)).body;
    expect(byName.items.map((m: { id: string }) => m.id)).toEqual([ada.id]);
    expect(byName.total).toBe(1);
    const byEmail = (await get(`/api/admin/members?q=${encodeURIComponent(ada.email.toUpperCase())}`, cookies.admin))
      .body;
    expect(byEmail.items.map((m: { id: string }) => m.id)).toEqual([ada.id]);
    const fullName = (await get('/api/admin/members?q=ada%20searchable', cookies.admin)).body;
    expect(fullName.items.map((m: { id: string }) => m.id)).toEqual([ada.id]);
    // Regular-expression characters are plain text.
    expect((await get('/api/admin/members?q=.*', cookies.admin)).body).toEqual({ items: [], total: 0 });
  });

  it.each([
    ['?q=' + 'x'.repeat(101), 'q', 'Search is at most 100 characters'],
    ['?pageSize=101', 'pageSize', 'pageSize is at most 100'],
    ['?q=a&q=b', 'q', 'Search must be a single text value'],
  ])('when the query is %s, then 400 naming %s', async (query, field, message) => {
    expect(await get(`/api/admin/members${query}`, cookies.admin)).toMatchObject({
      status: 400,
      body: { errors: { [field]: message } },
    });
  });
});

describe('GET /api/admin/members/:id', () => {
  it('when the founder opens a member, then that member; an unknown id is 404', async () => {
    const member = await signedUpMember(harness);
    const res = await get(`/api/admin/members/${member.id}`, cookies.admin);
    expect(adminMemberSchema.parse(res.body)).toMatchObject({ id: member.id, email: member.email, role: 'member' });
    expect((await get('/api/admin/members/nope', cookies.admin)).status).toBe(404);
  });
});

describe('GET /api/admin/audit', () => {
  it('when the founder reads the audit log, then every service’s admin writes, newest first, filterable', async () => {
    const log = new AuditLog(harness.deps.mongo);
    await log.record(admin, {
      action: 'lesson.update',
      targetType: 'lesson',
      targetId: 'l1',
      summary: 'title: "A" → "B"',
    });
    await log.record(admin, {
      action: 'contact-message.update',
      targetType: 'contact-message',
      targetId: 'c1',
      summary: 'handled: false → true',
    });
    const res = await get('/api/admin/audit', cookies.admin);
    expect(res.status).toBe(200);
    const page = adminPageSchema(auditEntrySchema).parse(res.body);
    expect(page.items.slice(0, 2).map((e) => e.action)).toEqual(['contact-message.update', 'lesson.update']);
    expect(page.items[1]).toMatchObject({ actorId: admin.id, actorEmail: admin.email, targetId: 'l1' });
    const lessons = (await get('/api/admin/audit?targetType=lesson', cookies.admin)).body;
    expect(lessons.items.every((e: { targetType: string }) => e.targetType === 'lesson')).toBe(true);
    expect((await get('/api/admin/audit?targetType[$ne]=x', cookies.admin)).status).toBe(400);
  });
});

describe('access to the admin routes', () => {
  // The member path names a real member (the admin), so every caller asks the same existing thing.
  const paths = ['/api/admin/members', '/api/admin/members/:admin', '/api/admin/audit'];
  const real = (path: string) => path.replace(':admin', admin.id);

  it.each(paths)('when a visitor asks %s, then 401', async (path) => {
    expect(await get(real(path))).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });

  it.each(paths.flatMap((path) => (['free', 'premium'] as const).map((who) => [path, who] as const)))(
    'when %s is asked by a %s member, then 403 ADMIN_REQUIRED',
    async (path, who) => {
      expect(await get(real(path), cookies[who])).toMatchObject({ status: 403, body: { code: 'ADMIN_REQUIRED' } });
    },
  );

  it.each(paths)('when the admin asks %s, then 200', async (path) => {
    expect((await get(real(path), cookies.admin)).status).toBe(200);
  });

  it('when a member is made an admin, then the next request gets in, and a revoke shuts them out again', async () => {
    const member = await loggedInMember(harness.deps);
    expect((await get('/api/admin/members', member.cookie)).status).toBe(403);
    await makeAdmin(harness.deps, member.user.id);
    expect((await get('/api/admin/members', member.cookie)).status).toBe(200);
    // As the revoke command does: the users record, then the member's snapshot.
    await setStoredRole(harness.deps, member.user.id, 'member');
    expect((await get('/api/admin/members', member.cookie)).status).toBe(403);
  });
});

describe('the role cannot be set over HTTP', () => {
  it('when someone signs up with role "admin", then they are a member', async () => {
    const res = await request()
      .post('/api/auth/signup')
      .set('Origin', TEST_SITE_ORIGIN)
      .set('X-Forwarded-For', nextIp())
      .send({ email: uniqueEmail('sneaky'), password: 'birdie-123', role: 'admin' });
    expect(res.status).toBe(201);
    expect(userSchema.parse(res.body.user).role).toBe('member');
    expect(await roleOf(res.body.user.id)).toBe('member');
  });

  it('when a member sends role "admin" to every route that takes a body, then they stay a member', async () => {
    const member = await signedUpMember(harness);
    const { browser } = member;
    const withRole = { role: 'admin', roles: ['admin'] };
    const attempts = [
      browser.patch('/api/auth/user').send({ firstName: 'Ada', ...withRole }),
      browser.patch('/api/auth/user').send(withRole),
      browser.post('/api/auth/login').send({ email: member.email, password: member.password, ...withRole }),
      browser
        .post('/api/auth/password/change')
        .send({ currentPassword: 'wrong', newPassword: 'x'.repeat(8), ...withRole }),
      browser.post('/api/auth/password/forgot').send({ email: member.email, ...withRole }),
      browser.post('/api/auth/password/reset').send({ token: 'nope', password: 'birdie-456', ...withRole }),
      browser.post('/api/auth/logout-all').send(withRole),
    ];
    for (const attempt of attempts) {
      const res = await attempt.set('Origin', TEST_SITE_ORIGIN).set('X-Forwarded-For', nextIp());
      expect(res.status).toBeLessThan(500);
    }
    expect(await roleOf(member.id)).toBe('member');
    const patch = await member.browser.patch('/api/auth/user').set('Origin', TEST_SITE_ORIGIN).send({ role: 'admin' });
    expect(patch).toMatchObject({
      status: 400,
      body: { message: 'Only firstName, lastName and newsletter can be changed here' },
    });
  });

  it('when an admin edits their own profile, then their role stays admin and GET /api/auth/user says so', async () => {
    const member = await signedUpMember(harness);
    await makeAdmin(harness.deps, member.id);
    const me = await member.browser.get('/api/auth/user');
    expect(userSchema.parse(me.body)).toMatchObject({ id: member.id, role: 'admin' });
    const res = await member.browser
      .patch('/api/auth/user')
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ firstName: 'Founder' });
    expect(res.status).toBe(200);
    expect(userSchema.parse(res.body)).toMatchObject({ firstName: 'Founder', role: 'admin' });
  });
});
