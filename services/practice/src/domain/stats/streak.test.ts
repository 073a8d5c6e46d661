import { STATS_DAYS, streakOf } from './streak';

const MIN = 60;
/** Seconds per date, from `[date, minutes]` pairs. */
const days = (...entries: [string, number][]) => new Map(entries.map(([date, minutes]) => [date, minutes * MIN]));

describe('the streak a member sees', () => {
  it('when ten minutes are done on days in a row, then each counts; today not done yet does not break it', () => {
    const practised = days(['2026-05-01', 10], ['2026-05-02', 12], ['2026-05-03', 25]);
    expect(streakOf(practised, '2026-05-03')).toMatchObject({ streak: 3, freezesLeft: 2, totalMinutes: 47 });
    // The next morning, nothing done yet: still 3.
    expect(streakOf(practised, '2026-05-04').streak).toBe(3);
  });

  it('when a day has under ten minutes, then it does not count and is frozen inside a streak', () => {
    const stats = streakOf(days(['2026-05-01', 10], ['2026-05-02', 9], ['2026-05-03', 10]), '2026-05-03');
    expect(stats).toMatchObject({ streak: 2, freezesLeft: 1 });
    expect(stats.days.find((d) => d.date === '2026-05-02')).toEqual({
      date: '2026-05-02',
      minutes: 9,
      counted: false,
      frozen: true,
    });
  });

  it('when a month has two missed days, then both are frozen; a third ends the streak', () => {
    const twoMissed = days(['2026-05-01', 10], ['2026-05-03', 10], ['2026-05-05', 10]);
    expect(streakOf(twoMissed, '2026-05-05')).toMatchObject({ streak: 3, freezesLeft: 0 });
    const threeMissed = days(['2026-05-01', 10], ['2026-05-03', 10], ['2026-05-05', 10], ['2026-05-07', 10]);
    expect(streakOf(threeMissed, '2026-05-07')).toMatchObject({ streak: 1, freezesLeft: 0 });
  });

  it('when a new month begins, then its freezes are two again', () => {
    const stats = streakOf(days(['2026-05-29', 10], ['2026-05-31', 10], ['2026-06-01', 10]), '2026-06-01');
    expect(stats).toMatchObject({ streak: 3, freezesLeft: 2 });
  });

  it('when nothing was ever practised, then no streak and an empty 12-week calendar ending today', () => {
    const stats = streakOf(new Map(), '2026-05-10');
    expect(stats).toMatchObject({ streak: 0, freezesLeft: 2, totalMinutes: 0 });
    expect(stats.days).toHaveLength(STATS_DAYS);
    expect(stats.days.at(-1)).toEqual({ date: '2026-05-10', minutes: 0, counted: false, frozen: false });
    expect(stats.days[0]!.date).toBe('2026-02-16');
  });
});
