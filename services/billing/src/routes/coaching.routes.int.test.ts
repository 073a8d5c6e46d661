import { coachingAvailabilityViewSchema, coachingSlotsSchema, type CoachingAvailabilityInput } from '@fm/contracts';
import { AuditLog, RateLimiter } from '@fm/shared/http';
import { loggedInAdmin, loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import { DateTime } from 'luxon';
import request from 'supertest';
import { type BillingTestService, startBillingService } from '../../test/billing-service';
import { CoachingAvailabilityStore } from '../domain/coaching/availability';
import { CoachingHolds } from '../domain/coaching/holds';
import { CoachingSlotFinder } from '../domain/coaching/slots';
import { createStripeClient } from '../stripe/stripe-client';

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

const hold = (start: string, cookie: string, timeZone?: string) =>
  request(server)
    .post('/api/coaching/holds')
    .set('Cookie', cookie)
    .set('Origin', TEST_SITE_ORIGIN)
    .send(timeZone ? { start, timeZone } : { start });
const freeStarts = async (days: number) =>
  (await slots(`from=${parisDate(days)}&to=${parisDate(days)}&timeZone=Europe/Paris`)).body.slots.map(
    (s: { start: string }) => s.start,
  );

describe('POST /api/coaching/holds', () => {
  it('when two members race for one slot, then one holds it (and its card form), the other gets 409 SLOT_TAKEN with the next free slots', async () => {
    await put(everyMorning);
    const other = (await loggedInMember(billing.deps, { membershipLevel: 'free' })).cookie;
    const nine = parisAt(6, '09:00').toISOString();
    const [a, b] = await Promise.all([hold(nine, member), hold(nine, other)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const won = a.status === 201 ? a : b;
    const lost = a.status === 201 ? b : a;
    expect(won.body).toMatchObject({ start: nine, end: parisAt(6, '09:45').toISOString() });
    expect(won.body.clientSecret).toEqual(expect.any(String));
    expect(new Date(won.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(lost.body).toMatchObject({ code: 'SLOT_TAKEN' });
    expect(lost.body.next[0]).toEqual({
      start: parisAt(6, '10:00').toISOString(),
      end: parisAt(6, '10:45').toISOString(),
    });
    expect(await freeStarts(6)).toEqual([parisAt(6, '10:00').toISOString(), parisAt(6, '11:00').toISOString()]);

    // The winner picks another time: the first slot is free again at once.
    const winner = a.status === 201 ? member : other;
    expect((await hold(parisAt(6, '11:00').toISOString(), winner)).status).toBe(201);
    expect(await freeStarts(6)).toEqual([nine, parisAt(6, '10:00').toISOString()]);
  });

  it('when a start breaks a rule, then 400 naming it: sooner than the notice, not a slot', async () => {
    await put(everyMorning);
    const soon = await hold(new Date(Date.now() + 3_600_000).toISOString(), member);
    expect(soon.status).toBe(400);
    expect(soon.body.message).toBe('start is sooner than the minimum notice (24 h)');
    const odd = await hold(parisAt(7, '09:10').toISOString(), member);
    expect(odd.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'start is not one of the slots' });
    expect((await hold('tomorrow', member)).status).toBe(400);
  });

  it('when a hold expires unpaid, then its slot is bookable again and its PaymentIntent is cancelled at Stripe', async () => {
    await put(everyMorning);
    const { holds: shortHolds, finder, cancelled } = holdsLasting(1_000);
    const user = (await loggedInMember(billing.deps, { membershipLevel: 'free' })).user;
    const ten = parisAt(8, '10:00');
    await shortHolds.take(user as never, ten.toISOString(), log);
    const starts = async () =>
      (await finder.free(parisAt(8, '00:00'), parisAt(9, '00:00'))).map((s) => s.start.toISOString());
    expect(await starts()).not.toContain(ten.toISOString());
    // Nothing releases it: its lifetime ends (polled, no fixed sleep).
    const deadline = Date.now() + 10_000;
    while ((await starts()).indexOf(ten.toISOString()) < 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await starts()).toContain(ten.toISOString());
    // Reading the slots swept it: its payment was cancelled (stripe-mock answered), once.
    expect(cancelled).toEqual([expect.stringMatching(/^pi_/)]);
    expect(await shortHolds.sweep()).toBe(0);
    const again = await hold(ten.toISOString(), member);
    expect(again.status).toBe(201);
  });

  it('when a member holds a second slot, then the first hold’s PaymentIntent is cancelled', async () => {
    await put(everyMorning);
    const { holds: h, cancelled } = holdsLasting(60_000);
    const user = (await loggedInMember(billing.deps, { membershipLevel: 'free' })).user;
    await h.take(user as never, parisAt(10, '09:00').toISOString(), log);
    expect(cancelled).toEqual([]);
    await h.take(user as never, parisAt(10, '10:00').toISOString(), log);
    expect(cancelled).toHaveLength(1);
  });

  it('when members race for different slots of one day with one place left under the daily cap, then exactly that many holds', async () => {
    // Six slots a day (09:00-15:00), at most two sessions a day, one already booked.
    await put({ ...everyMorning, weekly: everyMorning.weekly.map((w) => ({ ...w, end: '15:00' })), dailyCap: 2 });
    await booking('scheduled', parisAt(11, '14:00'));
    const members = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => (await loggedInMember(billing.deps, { membershipLevel: 'free' })).cookie),
    );
    const times = ['09:00', '10:00', '11:00', '12:00', '13:00'];
    const answers = await Promise.all(members.map((cookie, i) => hold(parisAt(11, times[i]!).toISOString(), cookie)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'SLOT_TAKEN')).toBe(true);
    // The day is full: nothing left to offer on it.
    expect(await freeStarts(11)).toEqual([]);
  });
});

const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

/** Holds with a short lifetime on the service's Redis keys, paying and cancelling at stripe-mock (cancels recorded). */
function holdsLasting(holdMs: number) {
  const { mongo, redis, config } = billing.deps;
  const models = { CoachingBooking: mongo.model('CoachingBooking') } as never;
  const availability = new CoachingAvailabilityStore({ mongo, models, sessionMinutes: 45, audit: new AuditLog(mongo) });
  const finder = new CoachingSlotFinder({ availability, models });
  const stripe = createStripeClient(config);
  const cancelled: string[] = [];
  const holds = new CoachingHolds({
    redis,
    redisPrefix: config.REDIS_PREFIX,
    availability,
    slots: finder,
    models,
    limiter: new RateLimiter(redis, config.REDIS_PREFIX),
    pay: async (user, _log, slot) => {
      const intent = await stripe.paymentIntents.create({
        amount: 10000,
        currency: 'usd',
        metadata: { userId: user.id, kind: 'coaching', holdId: slot.holdId, slotStart: slot.start },
      });
      return { clientSecret: intent.client_secret!, paymentIntentId: intent.id };
    },
    cancelPayment: async (id) => {
      await stripe.paymentIntents.cancel(id);
      cancelled.push(id);
    },
    holdMs,
  });
  finder.withHolds(holds);
  return { holds, finder, cancelled };
}

describe('a held slot paid (payment_intent.succeeded)', () => {
  it('when the payment of a hold succeeds, then the booking is scheduled at that time and the slot is gone; a replay changes nothing', async () => {
    await put(everyMorning);
    const { user } = await loggedInMember(billing.deps, { membershipLevel: 'free' });
    const start = parisAt(9, '10:00');
    const paid = billing.events.paymentIntentSucceeded({ userId: user.id, kind: 'coaching' });
    const intent = paid.data.object as { id: string; metadata: Record<string, string> };
    intent.metadata.slotStart = start.toISOString();
    intent.metadata.slotEnd = parisAt(9, '10:45').toISOString();
    expect((await billing.deliver(paid)).status).toBe(200);
    const booked = await billing.deps.mongo
      .collection('coaching_bookings')
      .findOne({ paymentIntentId: intent.id } as never);
    expect(booked).toMatchObject({ status: 'scheduled', scheduledAt: start, userId: user.id });
    expect((await billing.deliver(paid)).status).toBe(200);
    const replayed = await billing.deps.mongo
      .collection('coaching_bookings')
      .find({ paymentIntentId: intent.id } as never)
      .toArray();
    expect(replayed).toEqual([booked]);
    const free = (await slots(`from=${parisDate(9)}&to=${parisDate(9)}&timeZone=Europe/Paris`)).body.slots;
    expect(free.map((s: { start: string }) => s.start)).toEqual([
      parisAt(9, '09:00').toISOString(),
      parisAt(9, '11:00').toISOString(),
    ]);
  });
});

describe('a payment for an expired hold (payment_intent.succeeded after the hold ended)', () => {
  /** A hold of `days` 09:00 Paris that has expired; its payment succeeding now (metadata as the checkout writes it). */
  async function expiredHoldPaid(days: number) {
    const { holds: h } = holdsLasting(300);
    const { user } = await loggedInMember(billing.deps, { membershipLevel: 'free' });
    const nine = parisAt(days, '09:00');
    const held = await h.take(user as never, nine.toISOString(), log);
    const deadline = Date.now() + 10_000;
    while (!(await freeStarts(days)).includes(nine.toISOString()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const paid = billing.events.paymentIntentSucceeded({ userId: user.id, kind: 'coaching' });
    const intent = paid.data.object as { id: string; metadata: Record<string, string>; receipt_email: string };
    intent.receipt_email = user.email;
    Object.assign(intent.metadata, {
      holdId: held.holdId,
      slotStart: nine.toISOString(),
      slotEnd: held.end,
      memberTimeZone: 'Europe/Athens',
    });
    return { paid, intent, nine };
  }
  const bookingOf = (intentId: string) =>
    billing.deps.mongo.collection('coaching_bookings').findOne({ paymentIntentId: intentId } as never);

  it('when the slot is still free, then it is booked and the mail job states the time with both zones', async () => {
    await put(everyMorning);
    const { paid, intent, nine } = await expiredHoldPaid(12);
    expect((await billing.deliver(paid)).status).toBe(200);
    expect(await bookingOf(intent.id)).toMatchObject({ status: 'scheduled', scheduledAt: nine });
    const jobs = await billing.jobs('notifications', (data) => data.paymentIntentId === intent.id);
    expect(jobs[0]?.data).toMatchObject({
      session: { start: nine.toISOString(), memberTimeZone: 'Europe/Athens', founderTimeZone: 'Europe/Paris' },
    });
    expect(jobs[0]?.data.slotLost).toBeUndefined();
    expect(await freeStarts(12)).not.toContain(nine.toISOString());
  });

  it('when another member holds the slot by then, then no double booking: paid without a time, and the mail job says the time was lost', async () => {
    await put(everyMorning);
    const { paid, intent, nine } = await expiredHoldPaid(13);
    const other = (await loggedInMember(billing.deps, { membershipLevel: 'free' })).cookie;
    expect((await hold(nine.toISOString(), other)).status).toBe(201);
    expect((await billing.deliver(paid)).status).toBe(200);
    expect(await bookingOf(intent.id)).toMatchObject({ status: 'paid', scheduledAt: null });
    const jobs = await billing.jobs('notifications', (data) => data.paymentIntentId === intent.id);
    expect(jobs[0]?.data).toMatchObject({ slotLost: { start: nine.toISOString(), memberTimeZone: 'Europe/Athens' } });
    expect(jobs[0]?.data.session).toBeUndefined();
    const scheduled = await billing.deps.mongo
      .collection('coaching_bookings')
      .countDocuments({ scheduledAt: nine } as never);
    expect(scheduled).toBe(0);
  });
});
