import { memo, useMemo, useState } from 'react';
import type { CoachingSlot } from '@fm/contracts';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetCoachingSlotsQuery } from '@/features/billing/api/get-coaching-slots';
import { dateIn, detectedTimeZone, timeZoneChoices } from '@/features/billing/lib/time-zones';

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

/**
 * The founder's open coaching times of the member's next two weeks, in the member's time zone
 * (detected from the browser, changeable, named above the times; issue 48 §2). SPEC's path
 * stays: the member pays below and is e-mailed to schedule the session.
 */
export function SlotPicker() {
  const [timeZone, setTimeZone] = useState(detectedTimeZone);
  const range = useMemo(() => {
    const now = new Date();
    return {
      from: dateIn(now, timeZone),
      to: dateIn(new Date(now.getTime() + (DAYS_SHOWN - 1) * 86_400_000), timeZone),
    };
  }, [timeZone]);
  const result = useGetCoachingSlotsQuery({ ...range, timeZone });
  const days = useMemo(() => byDay(result.data?.slots ?? [], timeZone), [result.data, timeZone]);

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
        Times shown in your time zone: <strong>{timeZone}</strong>. After paying you&apos;ll receive an email to
        schedule your session.
      </Typography>
      <TextField
        select
        label="Time zone"
        value={timeZone}
        onChange={(e) => setTimeZone(e.target.value)}
        slotProps={{ select: { native: true } }}
        size="small"
        sx={{ maxWidth: 320, mb: 2 }}
      >
        <ZoneOptions current={timeZone} />
      </TextField>
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
                sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}
                component="ul"
                aria-label={`Open times on ${day.label}`}
              >
                {day.times.map((t) => (
                  <Chip key={t.start} component="li" label={t.time} variant="outlined" />
                ))}
              </Stack>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
