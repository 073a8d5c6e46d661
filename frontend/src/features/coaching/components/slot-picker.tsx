import { memo, useCallback, useEffect, useMemo } from 'react';
import type { CoachingSlot } from '@fm/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetCoachingSlotsQuery } from '@/features/coaching/api/get-coaching-slots';
import { HoldCountdown } from '@/features/coaching/components/hold-countdown';
import { dateIn, timeZoneChoices } from '@/features/coaching/lib/time-zones';
import { type CoachingBooking, useCoachingBooking } from '@/features/coaching/lib/use-coaching-booking';

/** How many of the member's days the page shows (the server answers at most 31). */
const DAYS_SHOWN = 14;

const ZoneOptions = memo(function ZoneOptions({ current }: { current: string }) {
  return timeZoneChoices(current).map((z) => (
    <option key={z} value={z}>
      {z}
    </option>
  ));
});

/** The slots grouped by the member's day, each day's label and times in their zone. */
function byDay(slots: CoachingSlot[], timeZone: string) {
  const days = new Map<string, { label: string; times: { start: string; time: string }[] }>();
  const dayLabel = new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
  const time = new Intl.DateTimeFormat(undefined, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  for (const slot of slots) {
    const start = new Date(slot.start);
    const key = dateIn(start, timeZone);
    const day = days.get(key) ?? { label: dayLabel.format(start), times: [] };
    day.times.push({ start: slot.start, time: time.format(start) });
    days.set(key, day);
  }
  return [...days.entries()].map(([date, day]) => ({ date, ...day }));
}

/** "20:00 on Tuesday, July 7": a slot as the member reads it, in their zone. */
export function slotLabel(start: string, timeZone: string): string {
  const at = new Date(start);
  const time = new Intl.DateTimeFormat(undefined, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
  return `${time.format(at)} on ${day.format(at)}`;
}

/**
 * The founder's open coaching times of the member's next two weeks, in the member's time zone
 * (detected from the browser, changeable, named above the times; issue 48 §2). Picking a time
 * holds it while the member pays (issue 48 §3: the payment form below becomes the hold's, with a
 * countdown); a time taken meanwhile offers the next free ones. SPEC's path stays: the member
 * may pay without picking and is e-mailed to schedule the session.
 */
export function SlotPicker({ booking, locked = false }: { booking?: CoachingBooking; locked?: boolean }) {
  const own = useCoachingBooking();
  const { timeZone, setTimeZone, state, pick, expire } = booking ?? own;
  const range = useMemo(() => {
    const now = new Date();
    return {
      from: dateIn(now, timeZone),
      to: dateIn(new Date(now.getTime() + (DAYS_SHOWN - 1) * 86_400_000), timeZone),
    };
  }, [timeZone]);
  const result = useGetCoachingSlotsQuery({ ...range, timeZone });
  const days = useMemo(() => byDay(result.data?.slots ?? [], timeZone), [result.data, timeZone]);
  const { refetch } = result;
  // A time taken meanwhile or a hold ended: the list is read again (the server's is the truth).
  const stale = state.status === 'taken' || (state.status === 'picking' && Boolean(state.ended));
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);
  const held = state.status === 'held' ? state.hold : null;
  const heldLabel = held ? slotLabel(held.start, timeZone) : '';
  const onExpired = useCallback(() => expire(heldLabel), [expire, heldLabel]);
  const busy = state.status === 'holding' || locked;
  const chosen = state.status === 'held' ? state.hold.start : state.status === 'holding' ? state.start : null;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="open-times"
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3, mb: 3 }}
    >
      <Typography id="open-times" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        Open times
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        Times shown in your time zone: <strong>{timeZone}</strong>. Pick a time to hold it while you pay, or pay without
        picking and you&apos;ll receive an email to schedule your session.
      </Typography>
      <TextField
        select
        label="Time zone"
        value={timeZone}
        onChange={(e) => setTimeZone(e.target.value)}
        disabled={busy || Boolean(held)}
        slotProps={{ select: { native: true } }}
        size="small"
        sx={{ maxWidth: 320, mb: 2 }}
      >
        <ZoneOptions current={timeZone} />
      </TextField>
      <HoldStatus booking={{ state, pick, timeZone }} heldLabel={heldLabel} onExpired={onExpired} locked={busy} />
      {result.isError ? (
        <Alert severity="info">The open times could not be loaded. You can still pay and schedule by email.</Alert>
      ) : result.isFetching || !result.data ? (
        <Skeleton variant="rounded" height={96} aria-label="Loading open times" />
      ) : days.length === 0 ? (
        <Typography>
          No open times in the next two weeks. Pay now and we&apos;ll find a time with you by email.
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {days.map((day) => (
            <div key={day.date} role="group" aria-label={day.label}>
              <Typography variant="subtitle2" component="h3">
                {day.label}
              </Typography>
              <Stack
                direction="row"
                sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5, p: 0, m: 0 }}
                component="ul"
                aria-label={`Open times on ${day.label}`}
              >
                {day.times.map((t) => (
                  <Box component="li" key={t.start} sx={{ listStyle: 'none' }}>
                    <Chip
                      label={t.time}
                      variant={chosen === t.start ? 'filled' : 'outlined'}
                      color={chosen === t.start ? 'primary' : 'default'}
                      onClick={() => {
                        if (!busy && chosen !== t.start) void pick(t.start);
                      }}
                      aria-pressed={chosen === t.start}
                      aria-disabled={busy || undefined}
                      aria-label={`${t.time}, ${day.label}`}
                    />
                  </Box>
                ))}
              </Stack>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** What the member's pick came to: held (countdown), being held, taken (the next free times), refused, or ended. */
function HoldStatus({
  booking: { state, pick, timeZone },
  heldLabel,
  onExpired,
  locked,
}: {
  booking: Pick<CoachingBooking, 'state' | 'pick' | 'timeZone'>;
  heldLabel: string;
  onExpired: () => void;
  locked: boolean;
}) {
  switch (state.status) {
    case 'held':
      return (
        // Not an alert (MUI's default role): a live region here would read the countdown every second.
        <Alert severity="success" sx={{ mb: 2 }} role="group" aria-label="Your held time">
          <Typography>
            <strong>{heldLabel}</strong> is yours while you pay below.
          </Typography>
          <HoldCountdown expiresAt={state.hold.expiresAt} timeZone={timeZone} what={heldLabel} onExpired={onExpired} />
        </Alert>
      );
    case 'holding':
      return (
        <Typography role="status" sx={{ mb: 2 }}>
          Holding {slotLabel(state.start, timeZone)}…
        </Typography>
      );
    case 'taken':
      return (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          <Typography>
            {slotLabel(state.start, timeZone)} was just taken by someone else.
            {state.next.length > 0 ? ' The next free times:' : ' Pick another time below.'}
          </Typography>
          {state.next.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {state.next.map((slot) => (
                <Button
                  key={slot.start}
                  size="small"
                  variant="outlined"
                  disabled={locked}
                  onClick={() => void pick(slot.start)}
                >
                  {slotLabel(slot.start, timeZone)}
                </Button>
              ))}
            </Stack>
          )}
        </Alert>
      );
    case 'failed':
      return (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {state.message}
        </Alert>
      );
    default:
      return state.ended ? (
        <Alert severity="info" sx={{ mb: 2 }} role="alert">
          Your hold on {state.ended} ended. Pick a time again, or pay without picking.
        </Alert>
      ) : null;
  }
}
