import Router from '@koa/router';
import { auditEntrySchema } from '@fm/contracts';
import request from 'supertest';
import { z } from 'zod';
import { adminListQuerySchema, AuditLog, changeSummary, describeValue } from './admin';
import { baseEnvSchema } from './config';
import { requireAdmin } from './guards';
import { createApp } from './http/create-app';
import { parseQuery } from './http/validate';
import {
  createTestDeps,
  loggedInAdmin,
  loggedInMember,
  setStoredRole,
  type TestDeps,
  TEST_SITE_ORIGIN,
} from './testing';

let deps: TestDeps<z.infer<typeof baseEnvSchema>>;
let server: ReturnType<ReturnType<typeof createApp>['callback']>;
let audit: AuditLog;

beforeAll(async () => {
  deps = await createTestDeps(baseEnvSchema);
  audit = new AuditLog(deps.mongo);
  const router = new Router({ prefix: '/api/admin' });
  router.get('/whoami', requireAdmin, (ctx) => {
    ctx.body = ctx.state.viewer;
  });
  router.post('/things', requireAdmin, async (ctx) => {
    ctx.body = await audit.recordFor(ctx, {
      action: 'thing.create',
      targetType: 'thing',
      targetId: 't1',
      summary: 'created: name "Thing"',
    });
    ctx.status = 201;
  });
  router.get('/things', requireAdmin, (ctx) => {
    ctx.body = parseQuery(ctx, adminListQuerySchema({ q: z.string().optional() }));
  });
  server = createApp(deps, { name: 'kit-admin-test', routers: [router] }).callback();
});
afterAll(async () => {
  await deps.close();
});

describe('requireAdmin', () => {
  it('when a visitor asks, then 401 UNAUTHENTICATED', async () => {
    const res = await request(server).get('/api/admin/whoami');
    expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });

  it.each(['free', 'premium'] as const)('when a %s member asks, then 403 ADMIN_REQUIRED', async (membershipLevel) => {
    const { cookie } = await loggedInMember(deps, { membershipLevel });
    const res = await request(server).get('/api/admin/whoami').set('Cookie', cookie);
    expect(res).toMatchObject({ status: 403, body: { code: 'ADMIN_REQUIRED', message: expect.any(String) } });
  });

  it('when an admin asks, then the route runs with the admin as the current user (role admin)', async () => {
    const { user, cookie } = await loggedInAdmin(deps);
    const res = await request(server).get('/api/admin/whoami').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: null,
      membershipLevel: 'free',
      role: 'admin',
      createdAt: expect.any(String),
      emailVerified: false,
      newsletter: false,
    });
  });

  it('when the role is revoked (or holds anything but "admin"), then the very next request is refused', async () => {
    const { user, cookie } = await loggedInAdmin(deps);
    expect((await request(server).get('/api/admin/whoami').set('Cookie', cookie)).status).toBe(200);
    // As the revoke command does: the users record, then the member's snapshot.
    await setStoredRole(deps, user.id, 'member');
    expect((await request(server).get('/api/admin/whoami').set('Cookie', cookie)).status).toBe(403);
    await setStoredRole(deps, user.id, 'ADMIN');
    expect((await request(server).get('/api/admin/whoami').set('Cookie', cookie)).status).toBe(403);
  });

  it('when an admin writes without the site Origin, then 403 BAD_ORIGIN before anything is recorded', async () => {
    const { cookie } = await loggedInAdmin(deps);
    const before = await audit.list({ page: 1, pageSize: 100 });
    const res = await request(server)
      .post('/api/admin/things')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example');
    expect(res).toMatchObject({ status: 403, body: { code: 'BAD_ORIGIN' } });
    expect((await audit.list({ page: 1, pageSize: 100 })).total).toBe(before.total);
  });
});

describe('the audit log', () => {
  it('when an admin write records itself, then the entry names the admin, the target and the time', async () => {
    const { user, cookie } = await loggedInAdmin(deps);
    const before = Date.now();
    const res = await request(server).post('/api/admin/things').set('Cookie', cookie).set('Origin', TEST_SITE_ORIGIN);
    expect(res.status).toBe(201);
    const entry = auditEntrySchema.parse(res.body);
    expect(entry).toMatchObject({
      actorId: user.id,
      actorEmail: user.email,
      action: 'thing.create',
      targetType: 'thing',
      targetId: 't1',
      summary: 'created: name "Thing"',
    });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await deps.mongo.collection('admin_audit').findOne({ actorId: user.id });
    expect(stored).toMatchObject({ action: 'thing.create', at: expect.any(Date) });
  });

  it('when entries are listed, then newest first, paged, with the total under the filter', async () => {
    const actor = { id: 'admin-paging', email: 'founder@example.com' };
    for (let i = 1; i <= 5; i++) {
      await audit.record(actor, {
        action: 'page.update',
        targetType: 'page-test',
        targetId: `p${i}`,
        summary: `#${i}`,
      });
    }
    const first = await audit.list({ page: 1, pageSize: 2 }, { targetType: 'page-test' });
    expect(first.total).toBe(5);
    expect(first.items.map((e) => e.targetId)).toEqual(['p5', 'p4']);
    const last = await audit.list({ page: 3, pageSize: 2 }, { targetType: 'page-test' });
    expect(last.items.map((e) => e.targetId)).toEqual(['p1']);
    expect((await audit.list({ page: 4, pageSize: 2 }, { targetType: 'page-test' })).items).toEqual([]);
    for (const item of first.items) auditEntrySchema.parse(item);
  });

  it('when a summary is very long, then it is stored shortened to 500 characters', async () => {
    const entry = await audit.record(
      { id: 'a', email: 'a@example.com' },
      { action: 'x.update', targetType: 'x', targetId: 'x1', summary: 'y'.repeat(2000) },
    );
    expect([...entry.summary]).toHaveLength(500);
    expect(entry.summary.endsWith('…')).toBe(true);
  });
});

describe('admin list paging', () => {
  const list = async (query: string) => {
    const { cookie } = await loggedInAdmin(deps);
    return request(server).get(`/api/admin/things${query}`).set('Cookie', cookie);
  };

  it('when no page is asked, then page 1 of 20', async () => {
    expect((await list('')).body).toEqual({ page: 1, pageSize: 20 });
    expect((await list('?page=3&pageSize=100&q=ada')).body).toEqual({ page: 3, pageSize: 100, q: 'ada' });
  });

  it.each([
    ['?pageSize=101', 'pageSize', 'pageSize is at most 100'],
    ['?pageSize=0', 'pageSize', 'pageSize must be a whole number from 1 to 100'],
    ['?page=0', 'page', 'page must be a whole number from 1'],
    ['?page=1.5', 'page', 'page must be a whole number from 1'],
    ['?page=abc', 'page', 'page must be a whole number from 1'],
    ['?page=1&page=2', 'page', 'page must be a whole number from 1'],
  ])('when the query is %s, then 400 naming %s', async (query, field, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { [field]: message } });
  });

  it('when an unknown parameter is sent, then 400 naming it', async () => {
    const res = await list('?sort[$gt]=1');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Unknown query parameter: sort/);
  });
});

describe('changeSummary', () => {
  it('when a record is updated, then only the changed fields are named, before → after', () => {
    expect(
      changeSummary({ title: 'Old', isFree: false, order: 2 }, { title: 'New', isFree: true, order: 2 }, [
        'title',
        'isFree',
        'order',
      ]),
    ).toBe('title: "Old" → "New"; isFree: false → true');
    expect(changeSummary({ a: 1 }, { a: 1 })).toBe('no change');
  });

  it('when a record is created or deleted, then its named fields are listed', () => {
    expect(changeSummary(null, { title: 'A', order: 3, features: ['x', 'y'] })).toBe(
      'created: title "A", order 3, features [2 items]',
    );
    expect(changeSummary({ title: 'A', audioUrl: null }, null)).toBe('deleted: title "A", audioUrl none');
  });

  it('when values are long or look like secrets, then they are shortened or left out', () => {
    expect(describeValue('x'.repeat(100))).toBe(`"${'x'.repeat(59)}…"`);
    expect(
      changeSummary({ password: 'a', resetToken: 'b', name: 'A' }, { password: 'c', resetToken: 'd', name: 'B' }),
    ).toBe('name: "A" → "B"');
  });
});
