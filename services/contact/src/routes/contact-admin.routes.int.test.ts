import { adminContactMessageSchema, adminPageSchema } from '@fm/contracts';
import { AuditLog } from '@fm/shared/http';
import { closeBackground } from '@fm/shared/service';
import { createTestDeps, loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN, type TestDeps } from '@fm/shared/testing';
import { Types } from 'mongoose';
import request from 'supertest';
import { compose } from '../compose';
import { configSchema, type Config } from '../config';

let deps: TestDeps<Config>;
let service: ReturnType<typeof compose>;
let server: ReturnType<typeof service.app.callback>;
const cookies: Record<'free' | 'premium' | 'admin', string> = { free: '', premium: '', admin: '' };
let adminUser: { id: string; email: string };

beforeAll(async () => {
  deps = await createTestDeps(configSchema);
  service = compose(deps);
  server = service.app.callback();
  cookies.free = (await loggedInMember(deps, { membershipLevel: 'free' })).cookie;
  cookies.premium = (await loggedInMember(deps, { membershipLevel: 'premium' })).cookie;
  const admin = await loggedInAdmin(deps);
  cookies.admin = admin.cookie;
  adminUser = admin.user;
});
afterAll(async () => {
  await closeBackground(service.background);
  await deps.close();
});

let ip = 0;
/** A visitor sends the contact form (each from its own address, below the per-IP limit). */
async function sendMessage(message: string, email = 'ada@example.com'): Promise<string> {
  const res = await request(server)
    .post('/api/contact')
    .set('Origin', TEST_SITE_ORIGIN)
    .set('X-Forwarded-For', `10.9.0.${++ip}`)
    .send({ name: 'Ada Lovelace', email, message });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const inbox = (query = '', cookie = cookies.admin) =>
  request(server).get(`/api/admin/contact-messages${query}`).set('Cookie', cookie);
const mark = (id: string, body: object, cookie = cookies.admin) =>
  request(server)
    .patch(`/api/admin/contact-messages/${id}`)
    .set('Cookie', cookie)
    .set('Origin', TEST_SITE_ORIGIN)
    .send(body);

describe('the founder’s inbox', () => {
  it('when the founder opens it, then every message, newest first, not handled, in the contract', async () => {
    const first = await sendMessage('First question');
    const second = await sendMessage('Second question');
    const res = await inbox();
    expect(res.status).toBe(200);
    const page = adminPageSchema(adminContactMessageSchema).parse(res.body);
    expect(page.items.slice(0, 2).map((m) => m.id)).toEqual([second, first]);
    expect(page.items[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Second question',
      handled: false,
    });
    expect(page.total).toBeGreaterThanOrEqual(2);
  });

  it('when the founder marks a message handled, then it moves to ?handled=true, the mark is audited, and it can be undone', async () => {
    const id = await sendMessage('Please call me back');
    const res = await mark(id, { handled: true });
    expect(res.status).toBe(200);
    expect(adminContactMessageSchema.parse(res.body)).toMatchObject({ id, handled: true });

    const handled = (await inbox('?handled=true')).body;
    expect(handled.items.map((m: { id: string }) => m.id)).toContain(id);
    expect((await inbox('?handled=false')).body.items.map((m: { id: string }) => m.id)).not.toContain(id);
    const stored = await deps.mongo.db!.collection('contact_submissions').findOne({ _id: new Types.ObjectId(id) });
    expect(stored).toMatchObject({ handled: true, handledAt: expect.any(Date) });

    const [entry] = (await new AuditLog(deps.mongo).list({ page: 1, pageSize: 5 }, { targetId: id })).items;
    expect(entry).toMatchObject({
      actorId: adminUser.id,
      actorEmail: adminUser.email,
      action: 'contact-message.update',
      targetType: 'contact-message',
      summary: 'handled: false → true',
    });
    // The append-only log keeps no sender's address (a deleted member's would stay behind).
    expect(JSON.stringify(entry)).not.toContain('ada@example.com');

    expect((await mark(id, { handled: false })).body).toMatchObject({ handled: false });
    expect((await inbox('?handled=false')).body.items.map((m: { id: string }) => m.id)).toContain(id);
  });

  it('when a message was stored before the mark existed, then it reads as not handled', async () => {
    const id = await sendMessage('An old one');
    await deps.mongo
      .db!.collection('contact_submissions')
      .updateOne({ _id: new Types.ObjectId(id) }, { $unset: { handled: '', handledAt: '' } });
    const open = (await inbox('?handled=false&pageSize=100')).body.items as { id: string; handled: boolean }[];
    expect(open.find((m) => m.id === id)).toMatchObject({ handled: false });
  });

  it('when the inbox is paged, then pages of pageSize and the same total', async () => {
    for (let i = 0; i < 3; i++) await sendMessage(`Paging ${i}`);
    const all = (await inbox('?pageSize=100')).body;
    const page2 = (await inbox('?page=2&pageSize=2')).body;
    expect(page2.total).toBe(all.total);
    expect(page2.items.map((m: { id: string }) => m.id)).toEqual(
      all.items.slice(2, 4).map((m: { id: string }) => m.id),
    );
  });

  it.each([
    ['?handled=yes', 'handled', 'handled must be true or false'],
    ['?pageSize=101', 'pageSize', 'pageSize is at most 100'],
  ])('when the query is %s, then 400 naming %s', async (query, field, message) => {
    expect(await inbox(query)).toMatchObject({ status: 400, body: { errors: { [field]: message } } });
  });

  it('when the mark is not a boolean, carries more, or names no message, then 400 / 404', async () => {
    const id = await sendMessage('Body checks');
    expect(await mark(id, { handled: 'yes' })).toMatchObject({
      status: 400,
      body: { errors: { handled: 'handled must be true or false' } },
    });
    expect(await mark(id, { handled: true, message: 'rewritten' })).toMatchObject({
      status: 400,
      body: { message: 'Unknown field: message' },
    });
    expect((await mark(new Types.ObjectId().toHexString(), { handled: true })).status).toBe(404);
    expect((await mark('nope', { handled: true })).status).toBe(404);
  });
});

describe('access to the inbox', () => {
  const routes = ['GET /api/admin/contact-messages', 'PATCH /api/admin/contact-messages/:id'] as const;

  const call = async (route: (typeof routes)[number], cookie?: string) => {
    if (route.startsWith('GET')) {
      const req = request(server).get('/api/admin/contact-messages');
      return cookie ? req.set('Cookie', cookie) : req;
    }
    const id = await sendMessage('Access matrix');
    const req = request(server).patch(`/api/admin/contact-messages/${id}`).set('Origin', TEST_SITE_ORIGIN);
    return (cookie ? req.set('Cookie', cookie) : req).send({ handled: true });
  };

  describe.each(routes.map((name) => [name]))('%s', (name) => {
    it('when a visitor calls it, then 401', async () => {
      expect(await call(name)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    });
    it.each(['free', 'premium'] as const)(
      'when a %s member calls it, then 403 ADMIN_REQUIRED and nothing changes',
      async (who) => {
        const before = await deps.mongo.db!.collection('contact_submissions').countDocuments({ handled: true });
        expect(await call(name, cookies[who])).toMatchObject({ status: 403, body: { code: 'ADMIN_REQUIRED' } });
        expect(await deps.mongo.db!.collection('contact_submissions').countDocuments({ handled: true })).toBe(before);
      },
    );
    it('when the admin calls it, then 200', async () => {
      expect((await call(name, cookies.admin)).status).toBe(200);
    });
  });
});
