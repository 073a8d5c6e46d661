import { useEffect, useRef, useState } from 'react';
import Typography from '@mui/material/Typography';
import { LiveRegion } from '@/components/ui/live-region';

/** When the remaining time is announced (minutes left): not every second, only these. */
const ANNOUNCE_AT_MINUTES = [5, 1];

/** "12:41": minutes and seconds left. */
export function formatLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/**
 * "Held for you until 14:32 — 12:41 left" (issue 48 §3). The visible countdown is a `timer`, which
 * screen readers do not read out as it changes (its live setting is off); a separate polite status
 * says it once when the hold starts, at 5 and 1 minutes left and when it ends. When the time is up
 * `onExpired` runs once.
 */
export function HoldCountdown({
  expiresAt,
  timeZone,
  what,
  onExpired,
}: {
  expiresAt: string;
  timeZone: string;
  /** The held time, as the member reads it ("20:00 on Tuesday, July 7"). */
  what: string;
  onExpired: () => void;
}) {
  const end = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  const left = end - now;
  const until = new Intl.DateTimeFormat(undefined, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(end));
  const [announcement, setAnnouncement] = useState(`${what} is held for you until ${until}.`);
  const announced = useRef(new Set<number>());
  const expired = useRef(false);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left <= 0) {
      if (!expired.current) {
        expired.current = true;
        onExpired();
      }
      return;
    }
    for (const minutes of ANNOUNCE_AT_MINUTES) {
      if (left <= minutes * 60_000 && !announced.current.has(minutes)) {
        ANNOUNCE_AT_MINUTES.filter((m) => m >= minutes).forEach((m) => announced.current.add(m));
        setAnnouncement(`${minutes === 1 ? '1 minute' : `${minutes} minutes`} left to pay for ${what}.`);
      }
    }
  }, [left, onExpired, what]);

  return (
    <>
      <Typography role="timer" aria-live="off" aria-atomic="true" sx={{ fontWeight: 600 }}>
        Held for you until {until} — {formatLeft(left)} left
      </Typography>
      <LiveRegion message={announcement} />
    </>
  );
}
