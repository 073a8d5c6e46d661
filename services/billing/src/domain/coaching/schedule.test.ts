import { type Availability, dayRange, freeSlots, type Interval, withinHours } from './schedule';

/** The founder in Paris: Monday to Friday 09:00-12:00, 45-minute sessions, 15 minutes after each. */
const paris: Availability = {
  timeZone: 'Europe/Paris',
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '12:00' })),
  overrides: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeHours: 24,
  windowDays: 30,
  dailyCap: 3,
  sessionMinutes: 45,
};

const iso = (slots: Interval[]) => slots.map((s) => s.start.toISOString());
const at = (value: string) => new Date(value);
/** The slots of the founder's dates [from, to] as seen from UTC days, `now` well before. */
function slots(a: Availability, from: string, to: string, taken: Interval[] = [], zone = 'UTC') {
  const now = at('2026-01-01T00:00:00Z');
  return freeSlots({ availability: { ...a, windowDays: 365 }, taken, now, ...dayRange(from, to, zone) });
}
const session = (start: string, minutes = 45): Interval => ({
  start: at(start),
  end: new Date(at(start).getTime() + minutes * 60_000),
});

describe('freeSlots: the founder’s hours cut into sessions', () => {
  it('when the founder works 09:00-12:00 Paris time, then a July Tuesday has 09:00, 10:00, 11:00 CEST (07:00Z…) with their ends', () => {
    const july = slots(paris, '2026-07-07', '2026-07-07');
    expect(july.map((s) => [s.start.toISOString(), s.end.toISOString()])).toEqual([
      ['2026-07-07T07:00:00.000Z', '2026-07-07T07:45:00.000Z'],
      ['2026-07-07T08:00:00.000Z', '2026-07-07T08:45:00.000Z'],
      ['2026-07-07T09:00:00.000Z', '2026-07-07T09:45:00.000Z'],
    ]);
    expect(slots(paris, '2026-07-11', '2026-07-12')).toEqual([]); // the weekend
  });

  it('when Paris changes to summer time (29 March 2026), then 09:00 is 08:00Z the Friday before and 07:00Z the Monday after', () => {
    expect(iso(slots(paris, '2026-03-27', '2026-03-30'))).toEqual([
      '2026-03-27T08:00:00.000Z',
      '2026-03-27T09:00:00.000Z',
      '2026-03-27T10:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-03-30T09:00:00.000Z',
    ]);
  });

  it('when hours span the hour the clocks skip (Sunday 01:00-04:00), then no slot starts at a time that does not exist and ends stay 45 minutes apart', () => {
    const night: Availability = { ...paris, weekly: [{ day: 0, start: '01:00', end: '04:00' }], bufferAfterMinutes: 0 };
    // 01:00 CET, 01:45 CET; 02:30 does not exist that night; 03:15 CEST.
    expect(iso(slots(night, '2026-03-29', '2026-03-29', [], 'Europe/Paris'))).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T00:45:00.000Z',
      '2026-03-29T01:15:00.000Z',
    ]);
    // Back to winter time (25 October): 02:30 happens twice; the slot is the second one (CET), 03:15 CET after it.
    expect(iso(slots(night, '2026-10-25', '2026-10-25', [], 'Europe/Paris'))).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-24T23:45:00.000Z',
      '2026-10-25T01:30:00.000Z',
      '2026-10-25T02:15:00.000Z',
    ]);
  });

  it('when a member in Tokyo or Los Angeles asks for their own day, then they get the founder’s slots that start on that day of theirs', () => {
    const a = { availability: { ...paris, windowDays: 365 }, taken: [], now: at('2026-01-01T00:00:00Z') };
    // Tuesday 7 July 09:00-11:00 Paris = 16:00-18:00 in Tokyo on the 7th, 00:00-02:00 in Los Angeles on the 7th.
    expect(iso(freeSlots({ ...a, ...dayRange('2026-07-07', '2026-07-07', 'Asia/Tokyo') }))).toEqual([
      '2026-07-07T07:00:00.000Z',
      '2026-07-07T08:00:00.000Z',
      '2026-07-07T09:00:00.000Z',
    ]);
    expect(iso(freeSlots({ ...a, ...dayRange('2026-07-06', '2026-07-06', 'America/Los_Angeles') }))).toEqual([
      '2026-07-06T07:00:00.000Z', // Monday 09:00 Paris = 00:00 in LA on the 6th
      '2026-07-06T08:00:00.000Z',
      '2026-07-06T09:00:00.000Z',
    ]);
    expect(iso(freeSlots({ ...a, ...dayRange('2026-07-08', '2026-07-08', 'Asia/Tokyo') }))).toEqual([
      '2026-07-08T07:00:00.000Z',
      '2026-07-08T08:00:00.000Z',
      '2026-07-08T09:00:00.000Z',
    ]);
  });
});

describe('freeSlots: what is taken, notice, window, cap and overrides', () => {
  it('when a session is booked at 10:30 Paris, then the slots its 15-minute buffer or the next one’s would touch are gone', () => {
    // 10:30-11:15 CEST: 09:00 ends 09:45 (free); 10:00-10:45 overlaps; 11:00 starts inside it.
    expect(iso(slots(paris, '2026-07-07', '2026-07-07', [session('2026-07-07T08:30:00Z')]))).toEqual([
      '2026-07-07T07:00:00.000Z',
    ]);
    // 09:45-10:30 booked: 09:00 ends 09:45 with no 15 minutes after it; 11:00 starts 30 minutes after: free.
    expect(iso(slots(paris, '2026-07-07', '2026-07-07', [session('2026-07-07T07:45:00Z')]))).toEqual([
      '2026-07-07T09:00:00.000Z',
    ]);
  });

  it('when the day holds as many sessions as the daily cap, then it offers none, and the next day is untouched', () => {
    const capped = { ...paris, dailyCap: 1 };
    const result = slots(capped, '2026-07-07', '2026-07-08', [session('2026-07-07T07:00:00Z')]);
    expect(iso(result)).toEqual(['2026-07-08T07:00:00.000Z', '2026-07-08T08:00:00.000Z', '2026-07-08T09:00:00.000Z']);
  });

  it('when a date is closed or has its own hours, then those replace the weekly ones (a Saturday opened too)', () => {
    const overridden: Availability = {
      ...paris,
      overrides: [
        { date: '2026-07-07', closed: true },
        { date: '2026-07-08', start: '14:00', end: '15:00' },
        { date: '2026-07-11', start: '08:00', end: '09:00' },
      ],
    };
    expect(iso(slots(overridden, '2026-07-07', '2026-07-11'))).toEqual([
      '2026-07-08T12:00:00.000Z',
      '2026-07-09T07:00:00.000Z',
      '2026-07-09T08:00:00.000Z',
      '2026-07-09T09:00:00.000Z',
      '2026-07-10T07:00:00.000Z',
      '2026-07-10T08:00:00.000Z',
      '2026-07-10T09:00:00.000Z',
      '2026-07-11T06:00:00.000Z',
    ]);
  });

  it('when it is Monday 08:00Z, then nothing sooner than 24 h is offered, nor beyond the 2-day window', () => {
    const result = freeSlots({
      availability: { ...paris, windowDays: 2 },
      taken: [],
      now: at('2026-07-06T08:00:00Z'),
      ...dayRange('2026-07-06', '2026-07-10', 'UTC'),
    });
    // Tuesday 07:00Z is 23 h away; Wednesday 09:00Z is more than 48 h away.
    expect(iso(result)).toEqual([
      '2026-07-07T08:00:00.000Z',
      '2026-07-07T09:00:00.000Z',
      '2026-07-08T07:00:00.000Z',
      '2026-07-08T08:00:00.000Z',
    ]);
  });
});

describe('withinHours: the conflicts a new availability would leave', () => {
  it('when a booking lies in the hours it is within them; moved out of them (a day closed, hours ended) it is not', () => {
    const booked = session('2026-07-07T08:00:00Z');
    expect(withinHours(paris, booked)).toBe(true);
    expect(withinHours({ ...paris, overrides: [{ date: '2026-07-07', closed: true }] }, booked)).toBe(false);
    expect(withinHours({ ...paris, weekly: [{ day: 2, start: '09:00', end: '10:30' }] }, booked)).toBe(false);
    expect(withinHours({ ...paris, timeZone: 'America/New_York' }, booked)).toBe(false);
  });
});
