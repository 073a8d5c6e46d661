import { useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Skeleton from '@mui/material/Skeleton';
import { AccountSection } from '@/components/ui/account-section';
import { useToast } from '@/components/toast/use-toast';
import { getServerMessage, isApiError } from '@/lib/base-query';
import { useGetPracticeSettingsQuery, useUpdatePracticeSettingsMutation } from '@/features/practice/api/practice-api';
import { timeZoneNames } from '@/features/practice/lib/time-zone';
import { useDetectTimeZone } from '@/features/practice/lib/use-detect-time-zone';
import type { PracticeSettings } from '@/features/practice/types';

/** The reminder times offered: every 15 minutes, "HH:MM". */
const REMINDER_TIMES = Array.from(
  { length: 96 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function SettingsForm({ settings }: { settings: PracticeSettings }) {
  const zones = useMemo(() => timeZoneNames(), []);
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [enabled, setEnabled] = useState(settings.reminder.enabled);
  const [time, setTime] = useState(settings.reminder.time);
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdatePracticeSettingsMutation();
  const { toast } = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!TIME_PATTERN.test(time)) {
      setError('Enter the reminder time as HH:MM (24 hours), e.g. 07:30.');
      return;
    }
    try {
      await update({ timeZone, reminder: { enabled, time } }).unwrap();
      toast({ title: 'Practice settings saved' });
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        setError(getServerMessage(err) ?? 'Verify your email address first: reminders go only to verified addresses.');
      } else {
        setError(getServerMessage(err) ?? 'Your settings could not be saved. Please try again.');
      }
    }
  };

  return (
    <Stack component="form" spacing={2.5} onSubmit={(e) => void submit(e)} aria-label="Practice settings" noValidate>
      <TextField
        select
        label="Time zone"
        value={timeZone}
        onChange={(e) => setTimeZone(e.target.value)}
        helperText="Your day (and streak) starts at midnight here."
        slotProps={{ select: { native: true } }}
        sx={{ maxWidth: 360 }}
      >
        {(zones.includes(timeZone) ? zones : [timeZone, ...zones]).map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
        label="Daily reminder by email"
      />
      {/* A list of times (every 15 minutes) rather than <input type="time">: its hour and minute
          parts each take a Tab, which reads as a trap to keyboard users and is fiddly on a phone. */}
      <TextField
        select
        label="Reminder time"
        value={time}
        onChange={(e) => setTime(e.target.value)}
        helperText="Sent only if today's 10 is not done yet."
        slotProps={{ select: { native: true } }}
        sx={{ maxWidth: 220 }}
      >
        {(REMINDER_TIMES.includes(time) ? REMINDER_TIMES : [time, ...REMINDER_TIMES]).map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </TextField>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="contained" disabled={isLoading}>
          Save practice settings
        </Button>
      </div>
    </Stack>
  );
}

/** The account page's "Practice and reminders" card (GET/PATCH /api/practice/settings). */
export function PracticeSettingsSection() {
  useDetectTimeZone();
  const { data: settings, isError } = useGetPracticeSettingsQuery();
  return (
    <AccountSection
      title="Practice and reminders"
      description="Your time zone sets when each practice day starts. A reminder mail comes at the time you pick, only on days you have not practised yet."
    >
      {settings ? (
        // Keyed on the zone: the detected one (sent on the first visit) shows once it is saved.
        <SettingsForm key={settings.timeZone} settings={settings} />
      ) : isError ? (
        <Alert severity="error">Your practice settings could not be loaded. Please try again later.</Alert>
      ) : (
        <Skeleton variant="rounded" height={180} aria-hidden="true" />
      )}
    </AccountSection>
  );
}
