import { adminBookingSchema, adminPageSchema, bookingScheduledMailSchema } from '@fm/contracts';
import { AuditLog } from '@fm/shared/http';
import { loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import request from 'supertest';
import { type BillingTestService, startBillingService } from '../../test/billing-service';

let billing: BillingTestService;
let server: ReturnType<BillingTestService['app']['callback']>;
const cookies: Record<'free' | 'premium' | 'admin', string> = { free: '', premium: '', admin: '' };
let admin: { id: string; email: string };

beforeAll(async () => {
  billing = await startBillingService();
  server = billing.app.callback();
  cookies.free = (await loggedInMember(billing.deps, { membershipLevel: 'free' })).cookie;
  cookies.premium = (await loggedInMember(billing.deps, { membershipLevel: 'premium' })).cookie;
  const founder = await loggedInAdmin(billing.deps);
  cookies.admin = founder.cookie;
  admin = founder.user;
});
afterAll(async () => {
  await billing.close();
});

let counter = 0;
/** A booking as billing stores one (paid unless said), created `ageMs` ago. */
async function booking(overrides: Record<string, unknown> = {}, ageMs = 0) {
  const n = ++counter;
  const at = new Date(Date.now() - ageMs);
  const doc = {
    _id: `coaching_pi_admin_${n}_${Date.now()}`,
    paymentIntentId: `pi_admin_${n}_${Date.now()}`,
    userId: `member-${n}`,
    status: 'paid',
    amountCents: 10000,
    currency: 'usd',
    memberEmail: `golfer${n}@example.com`,
    memberName: 'Grace Hopper',
    eventId: `evt_${n}`,
    paidAt: at,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
  await billing.deps.mongo.collection('coaching_bookings').insertOne(doc as never);
  return doc;
}

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000);
const patch = (id: string, body: object, cookie = cookies.admin) =>
  request(server).patch(`/api/admin/bookings/${id}`).set('Cookie', cookie).set('Origin', TEST_SITE_ORIGIN).send(body);
const list = (query = '', cookie = cookies.admin) =>
  request(server).get(`/api/admin/bookings${query}`).set('Cookie', cookie);
const scheduledJobs = (bookingId: string) =>
  billing.jobs('notifications', (data) => data.bookingId === bookingId && 'sequence' in data);

describe('GET /api/admin/bookings', () => {
  it('when the founder lists bookings, then newest first, filterable by status, in the contract', async () => {
    const older = await booking({}, 60_000);
    const newer = await booking({ status: 'pending', memberName: null });
    const res = await list('?pageSize=100');
    expect(res.status).toBe(200);
    const page = adminPageSchema(adminBookingSchema).parse(res.body);
    const ids = page.items.map((b) => b.id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    expect(page.items.find((b) => b.id === older._id)).toEqual({
      id: older._id,
      memberId: older.userId,
      memberEmail: older.memberEmail,
      memberName: 'Grace Hopper',
      status: 'paid',
      amountCents: 10000,
      currency: 'usd',
      createdAt: older.createdAt.toISOString(),
      scheduledAt: null,
      note: null,
    });
    const pending = (await list('?status=pending&pageSize=100')).body;
    expect(pending.items.every((b: { status: string }) => b.status === 'pending')).toBe(true);
    expect(pending.items.map((b: { id: string }) => b.id)).toContain(newer._id);
    expect(await list('?status=lost')).toMatchObject({
      status: 400,
      body: { errors: { status: 'status must be one of: pending, paid, scheduled, completed, refunded' } },
    });
  });
});

describe('PATCH /api/admin/bookings/:id', () => {
  it('when the founder sets a time alone, then the booking is scheduled, the member’s mail is queued once, and it is audited', async () => {
    const paid = await booking();
    const when = inAWeek();
    const res = await patch(paid._id, { scheduledAt: when.toISOString(), note: 'Bring your Saturday scorecard.' });
    expect(res.status).toBe(200);
    expect(adminBookingSchema.parse(res.body)).toMatchObject({
      id: paid._id,
      status: 'scheduled',
      scheduledAt: when.toISOString(),
      note: 'Bring your Saturday scorecard.',
    });
    const jobs = await scheduledJobs(paid._id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.name).toBe('booking-scheduled-mail');
    expect(jobs[0]!.id).toBe(`booking-scheduled-${paid._id}-0`);
    expect(bookingScheduledMailSchema.parse(jobs[0]!.data)).toMatchObject({
      bookingId: paid._id,
      memberEmail: paid.memberEmail,
      memberName: 'Grace Hopper',
      scheduledAt: when.toISOString(),
      sequence: 0,
      note: 'Bring your Saturday scorecard.',
    });
    const [entry] = (await new AuditLog(billing.deps.mongo).list({ page: 1, pageSize: 5 }, { targetId: paid._id }))
      .items;
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'booking.schedule',
      targetType: 'booking',
      summary: expect.stringContaining('status: "paid" → "scheduled"'),
    });

    // The same time again, or only a note: no second mail.
    expect((await patch(paid._id, { scheduledAt: when.toISOString() })).status).toBe(200);
    expect((await patch(paid._id, { note: 'Changed note' })).body).toMatchObject({
      note: 'Changed note',
      status: 'scheduled',
    });
    expect(await scheduledJobs(paid._id)).toHaveLength(1);
  });

  it('when the founder moves the session, then one more mail (the next sequence) for the new time', async () => {
    const paid = await booking();
    await patch(paid._id, { status: 'scheduled', scheduledAt: inAWeek().toISOString() });
    const later = new Date(inAWeek().getTime() + 86_400_000);
    const res = await patch(paid._id, { scheduledAt: later.toISOString() });
    expect(res.body).toMatchObject({ status: 'scheduled', scheduledAt: later.toISOString() });
    const jobs = (await scheduledJobs(paid._id)).sort((a, b) => Number(a.data.sequence) - Number(b.data.sequence));
    expect(jobs.map((job) => [job.data.sequence, job.data.scheduledAt])).toEqual([
      [0, expect.any(String)],
      [1, later.toISOString()],
    ]);
  });

  it('when the session took place, then completed, and nothing is mailed', async () => {
    const paid = await booking();
    await patch(paid._id, { scheduledAt: inAWeek().toISOString() });
    const res = await patch(paid._id, { status: 'completed' });
    expect(res.body).toMatchObject({ status: 'completed' });
    expect(await scheduledJobs(paid._id)).toHaveLength(1);
  });

  it('when the booking was refunded, then scheduling or completing it is 409 (a note is still fine)', async () => {
    const refunded = await booking({ status: 'refunded' });
    expect(await patch(refunded._id, { scheduledAt: inAWeek().toISOString() })).toMatchObject({
      status: 409,
      body: { message: 'A refunded booking cannot be scheduled or completed' },
    });
    expect((await patch(refunded._id, { status: 'scheduled', scheduledAt: inAWeek().toISOString() })).status).toBe(409);
    expect((await patch(refunded._id, { status: 'completed' })).status).toBe(409);
    expect((await patch(refunded._id, { note: 'Refunded: weather' })).body).toMatchObject({ status: 'refunded' });
    expect(await scheduledJobs(refunded._id)).toHaveLength(0);
  });

  it('when the booking is not paid yet or its member was deleted, then 409 and nothing is mailed', async () => {
    const pending = await booking({ status: 'pending' });
    expect(await patch(pending._id, { scheduledAt: inAWeek().toISOString() })).toMatchObject({
      status: 409,
      body: { message: 'This booking is not paid yet: it cannot be scheduled or completed' },
    });
    const orphan = await booking({ memberEmail: null, memberName: 'deleted member' });
    expect((await patch(orphan._id, { scheduledAt: inAWeek().toISOString() })).status).toBe(409);
    expect(await scheduledJobs(pending._id)).toHaveLength(0);
    expect(await scheduledJobs(orphan._id)).toHaveLength(0);
  });

  it.each([
    [
      'status scheduled without a time',
      { status: 'scheduled' },
      'scheduledAt',
      'Give the session a time (scheduledAt) to schedule it',
    ],
    ['a time in the past', { scheduledAt: '2020-01-01T10:00:00Z' }, 'scheduledAt', 'Pick a time in the future'],
    [
      'a time in words',
      { scheduledAt: 'next tuesday' },
      'scheduledAt',
      'scheduledAt must be a date and time with its offset, e.g. 2026-12-01T15:30:00Z',
    ],
    [
      'a time without offset',
      { scheduledAt: '2026-12-01T15:30:00' },
      'scheduledAt',
      'scheduledAt must be a date and time with its offset, e.g. 2026-12-01T15:30:00Z',
    ],
    ['status refunded', { status: 'refunded' }, 'status', 'status must be scheduled or completed'],
    ['a note of 2001 characters', { note: 'x'.repeat(2001) }, 'note', 'Note must be at most 2000 characters'],
  ])('when the body has %s, then 400 naming the field and nothing is mailed', async (_what, body, field, message) => {
    const paid = await booking();
    expect(await patch(paid._id, body)).toMatchObject({ status: 400, body: { errors: { [field]: message } } });
    expect(await scheduledJobs(paid._id)).toHaveLength(0);
  });

  it('when the body is empty or carries other fields, or the booking is unknown, then 400 / 404', async () => {
    const paid = await booking();
    expect(await patch(paid._id, {})).toMatchObject({
      status: 400,
      body: { message: 'Send at least one field to change' },
    });
    expect(await patch(paid._id, { amountCents: 1 })).toMatchObject({
      status: 400,
      body: { message: 'Unknown field: amountCents' },
    });
    expect((await patch('coaching_pi_nope', { note: 'x' })).status).toBe(404);
  });
});

describe('access to the bookings', () => {
  const call = async (route: 'list' | 'patch', cookie?: string) => {
    if (route === 'list') {
      const req = request(server).get('/api/admin/bookings');
      return cookie ? req.set('Cookie', cookie) : req;
    }
    const paid = await booking();
    const req = request(server).patch(`/api/admin/bookings/${paid._id}`).set('Origin', TEST_SITE_ORIGIN);
    return (cookie ? req.set('Cookie', cookie) : req).send({ scheduledAt: inAWeek().toISOString() });
  };

  describe.each([['list'], ['patch']] as const)('%s', (route) => {
    it('when a visitor calls it, then 401', async () => {
      expect(await call(route)).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    });
    it.each(['free', 'premium'] as const)(
      'when a %s member calls it, then 403 ADMIN_REQUIRED and nothing is queued',
      async (who) => {
        const before = (await billing.jobs('notifications')).length;
        expect(await call(route, cookies[who])).toMatchObject({ status: 403, body: { code: 'ADMIN_REQUIRED' } });
        expect((await billing.jobs('notifications')).length).toBe(before);
      },
    );
    it('when the admin calls it, then 200', async () => {
      expect((await call(route, cookies.admin)).status).toBe(200);
    });
  });
});
