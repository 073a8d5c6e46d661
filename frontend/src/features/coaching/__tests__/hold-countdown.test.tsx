import { afterEach, describe, expect, it, vi } from 'vitest';
import { HoldCountdown, formatLeft } from '@/features/coaching/components/hold-countdown';
import { act, renderWithProviders, screen } from '@/testing/test-utils';

afterEach(() => {
  vi.useRealTimers();
});

describe('the hold’s countdown', () => {
  it('when time passes, then the timer shows every second but the status speaks only at the start, at 5 and 1 minutes left, and the end is reported once', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-07-01T10:00:00Z'));
    const onExpired = vi.fn();
    renderWithProviders(
      <HoldCountdown
        expiresAt="2026-07-01T10:05:02Z"
        timeZone="Europe/Athens"
        what="20:00 on Tuesday, July 7"
        onExpired={onExpired}
      />,
    );
    const status = screen.getByTestId('live-region');
    expect(screen.getByRole('timer')).toHaveTextContent('Held for you until 13:05 — 5:02 left');
    expect(status).toHaveTextContent('20:00 on Tuesday, July 7 is held for you until 13:05.');
    act(() => void vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('timer')).toHaveTextContent('— 5:01 left');
    expect(status).toHaveTextContent('is held for you until 13:05.');
    act(() => void vi.advanceTimersByTime(2_000));
    expect(status).toHaveTextContent('5 minutes left to pay for 20:00 on Tuesday, July 7.');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer')).toHaveTextContent('— 3:59 left');
    expect(status).toHaveTextContent('5 minutes left');
    act(() => void vi.advanceTimersByTime(3 * 60_000));
    expect(status).toHaveTextContent('1 minute left to pay for 20:00 on Tuesday, July 7.');
    expect(onExpired).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(62_000));
    expect(screen.getByRole('timer')).toHaveTextContent('— 0:00 left');
    expect(onExpired).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(5_000));
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('formats what is left as minutes and seconds', () => {
    expect(formatLeft(12 * 60_000 + 41_000)).toBe('12:41');
    expect(formatLeft(-5)).toBe('0:00');
  });
});
