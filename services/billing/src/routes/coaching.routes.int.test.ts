import { coachingAvailabilityViewSchema, coachingSlotsSchema, type CoachingAvailabilityInput } from '@fm/contracts';
import { loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import { DateTime } from 'luxon';
import request from 'supertest';
import { type BillingTestService, startBillingService } from '../../test/billing-service';

let billing: BillingTestService;
let server: ReturnType<BillingTestService['app']['callback']>;
let member = '';
let admin = '';

beforeAll(async () => {
  billing = await startBillingService();
  server = billing.app.callback();
  member = (await loggedInMember(billing.deps, { membershipLevel: 'free' })).cookie;
  admin = (await loggedInAdmin(billing.deps)).cookie;
});
afterAll(async () => {
  await billing.close();
});

/** Every day 09:00-12:00 in Paris, 45-minute sessions (the default), 15 minutes after each. */
const everyMorning: CoachingAvailabilityInput = {
  timeZone: 'Europe/Paris',
  weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '09:00', end: '12:00' })),
  overrides: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeHours: 24,
  windowDays: 30,
  dailyCap: 3,
};
const put = (body: unknown, cookie = admin) =>
  request(server)
    .put('/api/admin/coaching/availability')
    .set('Cookie', cookie)
    .set('Origin', TEST_SITE_ORIGIN)
    .send(body as object);
const slots = (query: string, cookie = member) =>
  request(server).get(`/api/coaching/slots?${query}`).set('Cookie', cookie);
/** A Paris wall time `days` from today, as an instant. */
const parisAt = (days: number, time: string) =>
  DateTime.fromISO(`${DateTime.now().setZone('Europe/Paris').plus({ days }).toISODate()}T${time}`, {
    zone: 'Europe/Paris',
  }).toJSDate();
const parisDate = (days: number) => DateTime.now().setZone('Europe/Paris').plus({ days }).toISODate()!;

let n = 0;
async function booking(status: string, scheduledAt: Date | null) {
  const id = `coaching_pi_slots_${++n}`;
  const now = new Date();
  await billing.deps.mongo.collection('coaching_bookings').insertOne({
    _id: id,
    paymentIntentId: `pi_slots_${n}`,
    userId: `member-${n}`,
    status,
    amountCents: 10000,
    currency: 'usd',
    memberEmail: `golfer${n}@example.com`,
    memberName: 'Grace Hopper',
    eventId: null,
    paidAt: now,
    scheduledAt,
    createdAt: now,
    updatedAt: now,
  } as never);
  return id;
}

describe('the founder’s availability (GET/PUT /api/admin/coaching/availability)', () => {
  it('when a member or a visitor asks, then 403/401; when the founder sends a bad field, then 400 naming it and nothing saved', async () => {
    expect((await put(everyMorning, member)).status).toBe(403);
    expect((await request(server).get('/api/admin/coaching/availability')).status).toBe(401);

    const bad = await put({ ...everyMorning, weekly: [{ day: 1, start: '9am', end: '12:00' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'weekly.0.start': 'start must be a time "HH:MM" (00:00-24:00)' });
    const zone = await put({ ...everyMorning, timeZone: 'Mars/Olympus' });
    expect(zone.body.message).toBe('timeZone must be an IANA time zone, e.g. Europe/Paris');
    const reversed = await put({ ...everyMorning, overrides: [{ date: '2026-12-24', start: '12:00', end: '09:00' }] });
    expect(reversed.body.errors).toEqual({ 'overrides.0.end': 'end must be after start' });

    const stored = await request(server).get('/api/admin/coaching/availability').set('Cookie', admin);
    expect(coachingAvailabilityViewSchema.parse(stored.body).availability).toMatchObject({
      timeZone: 'UTC',
      weekly: [],
      minNoticeHours: 24,
      windowDays: 30,
      sessionMinutes: 45,
      updatedAt: null,
    });
  });

  it('when the founder closes a day holding a confirmed session, then it is saved, the session stays and is listed as a conflict', async () => {
    const at = parisAt(5, '10:00');
    const id = await booking('scheduled', at);
    await booking('refunded', parisAt(5, '11:00')); // not confirmed: no conflict
    const saved = await put({ ...everyMorning, overrides: [{ date: parisDate(5), closed: true }] });
    expect(saved.status).toBe(200);
    const view = coachingAvailabilityViewSchema.parse(saved.body);
    expect(view.availability.overrides).toEqual([{ date: parisDate(5), closed: true }]);
    expect(view.conflicts).toEqual([
      {
        bookingId: id,
        memberName: 'Grace Hopper',
        start: at.toISOString(),
        end: new Date(at.getTime() + 45 * 60_000).toISOString(),
      },
    ]);
    const kept = await billing.deps.mongo.collection('coaching_bookings').findOne({ _id: id as never });
    expect(kept).toMatchObject({ status: 'scheduled', scheduledAt: at });

    const reopened = await put(everyMorning);
    expect(reopened.body.conflicts).toEqual([]);
  });
});

describe('GET /api/coaching/slots', () => {
  it('when a member asks for a day, then the founder’s free slots: a confirmed session and its buffer taken, an unpaid one not', async () => {
    await put(everyMorning);
    await booking('scheduled', parisAt(3, '10:00'));
    await booking('pending', parisAt(3, '11:00'));
    const res = await slots(`from=${parisDate(3)}&to=${parisDate(3)}&timeZone=Europe/Paris`);
    expect(res.status).toBe(200);
    expect(coachingSlotsSchema.parse(res.body)).toEqual({
      timeZone: 'Europe/Paris',
      slotMinutes: 45,
      slots: ['09:00', '11:00'].map((time) => ({
        start: parisAt(3, time).toISOString(),
        end: new Date(parisAt(3, time).getTime() + 45 * 60_000).toISOString(),
      })),
    });
  });

  it('when the range is too long, reversed, not a date or the zone unknown, then 400 naming it; a visitor gets 401', async () => {
    const long = await slots(`from=${parisDate(0)}&to=${parisDate(31)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('The range from..to is at most 31 days');
    expect((await slots(`from=${parisDate(2)}&to=${parisDate(1)}`)).body.message).toBe('to must not be before from');
    expect((await slots(`from=tomorrow&to=${parisDate(1)}`)).body.errors).toEqual({
      from: 'from must be a date YYYY-MM-DD',
    });
    expect((await slots(`from=${parisDate(1)}&to=${parisDate(1)}&timeZone=Nowhere/Land`)).status).toBe(400);
    expect((await request(server).get(`/api/coaching/slots?from=${parisDate(1)}&to=${parisDate(1)}`)).status).toBe(401);
  });
});
