import { practiceStatsSchema } from '@fm/contracts';
import { ID } from '../../../test/content-catalogue';
import { practiceHarness } from '../../../test/practice-harness';

/** The streak and its days (stats/stats.ts): GET /api/practice/stats. */
const practice = practiceHarness({ now: '2026-03-02T12:00:00Z' });
/** The service's clock: the tests move it. */
const { clock } = practice;
const { advance } = clock;

/** A member whose account was created a day before the test's clock (days before it never count). */
const member = (level: 'free' | 'premium' = 'premium') => practice.member(level, { createdSecAgo: 86_400 });

describe('the streak', () => {
  it('when a day is missed between practised days and the time zone changes, then a freeze saves the streak and past days stay as counted', async () => {
    const m = await member();
    clock.set('2026-04-06T12:00:00Z');
    const tenMinutes = async (session: string) => {
      await m.beat(ID['focus-2'], session, 20);
      advance(600);
      await m.beat(ID['focus-2'], session, 620);
    };
    await tenMinutes('streak-day-1'); // 2026-04-06
    clock.set('2026-04-08T12:00:00Z'); // 04-07 missed
    await tenMinutes('streak-day-3');
    let stats = practiceStatsSchema.parse((await m.get('/stats')).body);
    expect(stats).toMatchObject({ streak: 2, freezesLeft: 1 });
    expect(stats.days.find((d) => d.date === '2026-04-07')).toEqual({
      date: '2026-04-07',
      minutes: 0,
      counted: false,
      frozen: true,
    });

    // Moving to UTC+14 at 13:00 UTC (already 04-09 there): the member's 04-08 goes on until its
    // end in UTC; from then on their days are Kiritimati's, and ten minutes count for 04-09.
    clock.set('2026-04-08T13:00:00Z');
    expect((await m.patch('/settings', { timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
    expect(practiceStatsSchema.parse((await m.get('/stats')).body).days.at(-1)).toMatchObject({ date: '2026-04-08' });
    clock.set('2026-04-09T01:00:00Z');
    await tenMinutes('streak-day-4');
    stats = practiceStatsSchema.parse((await m.get('/stats')).body);
    expect(stats.streak).toBe(3);
    expect(stats.days.at(-1)).toMatchObject({ date: '2026-04-09', counted: true });
    expect(stats.days.find((d) => d.date === '2026-04-08')).toMatchObject({ counted: true, minutes: 10 });
    expect(stats.days).toHaveLength(84);

    // Today (04-09 there) not done yet does not break it; a whole missed day after two freezes does.
    clock.set('2026-04-10T13:00:00Z'); // 04-11 in Kiritimati: 04-10 missed, frozen
    stats = practiceStatsSchema.parse((await m.get('/stats')).body);
    expect(stats).toMatchObject({ streak: 3, freezesLeft: 0 });
    clock.set('2026-04-11T13:00:00Z'); // 04-12 there: 04-11 missed, no freeze left
    stats = practiceStatsSchema.parse((await m.get('/stats')).body);
    expect(stats.streak).toBe(0);
  });
});
