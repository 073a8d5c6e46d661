import { memo, useState } from 'react';
import type {
  CoachingAvailability,
  CoachingAvailabilityInput,
  CoachingAvailabilityView,
  DateOverride,
  WeeklyHours,
} from '@fm/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  useGetCoachingAvailabilityQuery,
  useSaveCoachingAvailabilityMutation,
} from '@/features/admin/api/coaching-availability';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';
import { getFieldErrors, getServerMessage } from '@/lib/base-query';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const NUMBERS = [
  { key: 'bufferBeforeMinutes', label: 'Buffer before (minutes)' },
  { key: 'bufferAfterMinutes', label: 'Buffer after (minutes)' },
  { key: 'minNoticeHours', label: 'Minimum notice (hours)' },
  { key: 'windowDays', label: 'Booking window (days)' },
  { key: 'dailyCap', label: 'Sessions per day at most' },
] as const;

const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

/** The zone options (about 400): rendered once per zone list, not on every keystroke of the form. */
const ZoneOptions = memo(function ZoneOptions({ current }: { current: string }) {
  const all = ZONES.includes(current) ? ZONES : [current, ...ZONES];
  return all.map((z) => (
    <option key={z} value={z}>
      {z}
    </option>
  ));
});

function inputOf(a: CoachingAvailability): CoachingAvailabilityInput {
  const { sessionMinutes: _s, updatedAt: _u, ...input } = a;
  return input;
}

/** The session's time in the founder's zone: "Tue 7 Jul 2026, 10:00". */
function inZone(iso: string, timeZone: string) {
  return new Date(iso).toLocaleString('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The founder's coaching availability (issue 48 §1): weekly hours in their zone, dates with their
 * own hours or closed, buffers, notice, window and the daily cap. Saving moves no booking; the
 * confirmed sessions the hours leave out are listed (after loading and after each save).
 */
export function AvailabilityPanel() {
  const result = useGetCoachingAvailabilityQuery();
  if (result.isError) return <Alert severity="error">The availability could not be loaded.</Alert>;
  if (!result.data) return <Skeleton variant="rounded" height={320} aria-label="Loading availability" />;
  return <AvailabilityForm key={result.data.availability.updatedAt ?? 'defaults'} view={result.data} />;
}

function AvailabilityForm({ view }: { view: CoachingAvailabilityView }) {
  const { availability, conflicts } = view;
  const [form, setForm] = useState<CoachingAvailabilityInput>(() => inputOf(availability));
  const [save, { isLoading, error }] = useSaveCoachingAvailabilityMutation();
  const { saved } = useAdminToasts();
  const fieldErrors = getFieldErrors(error);
  const set = <K extends keyof CoachingAvailabilityInput>(key: K, value: CoachingAvailabilityInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setWeekly = (i: number, patch: Partial<WeeklyHours>) =>
    set(
      'weekly',
      form.weekly.map((w, j) => (j === i ? { ...w, ...patch } : w)),
    );
  const setOverride = (i: number, patch: Partial<DateOverride>) =>
    set(
      'overrides',
      form.overrides.map((o, j) => (j === i ? { ...o, ...patch } : o)),
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const answer = await save(form).unwrap();
      saved(
        'Availability saved',
        answer.conflicts.length
          ? `${answer.conflicts.length} booked session(s) now fall outside your hours.`
          : undefined,
      );
    } catch {
      // Shown below the form.
    }
  };

  return (
    <Stack spacing={3} component="form" onSubmit={submit} aria-label="Coaching availability">
      {conflicts.length > 0 && (
        <Alert severity="warning">
          <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700 }}>
            Booked sessions outside your hours (they are not moved)
          </Typography>
          <ul aria-label="Sessions outside your hours">
            {conflicts.map((c) => (
              <li key={c.bookingId}>
                {c.memberName ?? 'A member'}: {inZone(c.start, availability.timeZone)} ({availability.timeZone})
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
        <Stack spacing={2}>
          <TextField
            select
            label="Your time zone"
            value={form.timeZone}
            onChange={(e) => set('timeZone', e.target.value)}
            slotProps={{ select: { native: true } }}
            error={Boolean(fieldErrors.timeZone)}
            helperText={fieldErrors.timeZone}
            sx={{ maxWidth: 320 }}
          >
            <ZoneOptions current={form.timeZone} />
          </TextField>
          <Typography variant="body2" color="text.secondary">
            Sessions last {availability.sessionMinutes} minutes (COACHING_SESSION_MINUTES).
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            {NUMBERS.map(({ key, label }) => (
              <TextField
                key={key}
                type="number"
                label={label}
                value={form[key]}
                onChange={(e) => set(key, e.target.value === '' ? 0 : Number(e.target.value))}
                error={Boolean(fieldErrors[key])}
                helperText={fieldErrors[key]}
              />
            ))}
          </Box>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Weekly hours
        </Typography>
        <Stack spacing={1.5}>
          {form.weekly.map((w, i) => (
            <Stack
              key={i}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
              aria-label={`Weekly hours ${i + 1}`}
              role="group"
            >
              <TextField
                select
                label="Day"
                value={w.day}
                onChange={(e) => setWeekly(i, { day: Number(e.target.value) })}
                slotProps={{ select: { native: true } }}
              >
                {DAYS.map((d, n) => (
                  <option key={d} value={n}>
                    {d}
                  </option>
                ))}
              </TextField>
              {(['start', 'end'] as const).map((k) => (
                <TextField
                  key={k}
                  type="time"
                  label={k === 'start' ? 'From' : 'To'}
                  value={w[k]}
                  onChange={(e) => setWeekly(i, { [k]: e.target.value })}
                  error={Boolean(fieldErrors[`weekly.${i}.${k}`])}
                  helperText={fieldErrors[`weekly.${i}.${k}`]}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              ))}
              <Button
                onClick={() =>
                  set(
                    'weekly',
                    form.weekly.filter((_, j) => j !== i),
                  )
                }
              >
                Remove
              </Button>
            </Stack>
          ))}
          <Box>
            <Button onClick={() => set('weekly', [...form.weekly, { day: 1, start: '09:00', end: '17:00' }])}>
              Add hours
            </Button>
          </Box>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Dates with their own hours
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A date listed here replaces that day&apos;s weekly hours: closed for a day off, or other hours.
        </Typography>
        <Stack spacing={1.5}>
          {form.overrides.map((o, i) => (
            <Stack
              key={i}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
              aria-label={`Date ${i + 1}`}
              role="group"
            >
              <TextField
                type="date"
                label="Date"
                value={o.date}
                onChange={(e) => setOverride(i, { date: e.target.value })}
                error={Boolean(fieldErrors[`overrides.${i}.date`])}
                helperText={fieldErrors[`overrides.${i}.date`]}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <FormControlLabel
                label="Closed"
                control={
                  <Checkbox
                    checked={Boolean(o.closed)}
                    onChange={(e) =>
                      setOverride(
                        i,
                        e.target.checked
                          ? { closed: true, start: undefined, end: undefined }
                          : { closed: undefined, start: '09:00', end: '17:00' },
                      )
                    }
                  />
                }
              />
              {!o.closed &&
                (['start', 'end'] as const).map((k) => (
                  <TextField
                    key={k}
                    type="time"
                    label={k === 'start' ? 'From' : 'To'}
                    value={o[k] ?? ''}
                    onChange={(e) => setOverride(i, { [k]: e.target.value })}
                    error={Boolean(fieldErrors[`overrides.${i}.${k}`])}
                    helperText={fieldErrors[`overrides.${i}.${k}`]}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                ))}
              <Button
                onClick={() =>
                  set(
                    'overrides',
                    form.overrides.filter((_, j) => j !== i),
                  )
                }
              >
                Remove
              </Button>
            </Stack>
          ))}
          <Box>
            <Button onClick={() => set('overrides', [...form.overrides, { date: '', closed: true }])}>
              Add a date
            </Button>
          </Box>
        </Stack>
      </Paper>

      {error && <Alert severity="error">{getServerMessage(error) ?? 'The availability could not be saved.'}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Save availability'}
        </Button>
      </Box>
    </Stack>
  );
}
