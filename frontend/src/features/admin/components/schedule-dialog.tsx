import { useState } from 'react';
import type { AdminBooking } from '@fm/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { getFieldErrors, getServerMessage } from '@/lib/base-query';
import { useUpdateAdminBookingMutation } from '@/features/admin/api/update-booking';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';
import { formatDateTime } from '@/features/admin/format';

/** An ISO time as the value of a datetime-local input ("2026-12-01T10:30", the viewer's local time). */
export function toLocalInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

type Props = { booking: AdminBooking; onClose: () => void };

/**
 * Schedule a coaching booking: a local date-time and an optional note → PATCH
 * /api/admin/bookings/:id {scheduledAt (ISO, UTC), note}. The member is mailed the time (with an
 * .ics) by the server. The server's refusal (409 refunded/unpaid, 400 past time) is toasted
 * and the dialog stays open.
 */
export function ScheduleDialog({ booking, onClose }: Props) {
  const [when, setWhen] = useState(() => toLocalInputValue(booking.scheduledAt));
  const [note, setNote] = useState(booking.note ?? '');
  const [localError, setLocalError] = useState<string | null>(null);
  const [update, { isLoading, error }] = useUpdateAdminBookingMutation();
  const { saved, failed } = useAdminToasts();
  const fieldErrors = getFieldErrors(error);
  const who = booking.memberName || booking.memberEmail || 'this member';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const date = new Date(when);
    if (!when || Number.isNaN(date.getTime())) {
      setLocalError('Choose a date and time.');
      return;
    }
    setLocalError(null);
    const trimmed = note.trim();
    const patch: { scheduledAt: string; note?: string | null } = { scheduledAt: date.toISOString() };
    if (trimmed !== (booking.note ?? '')) patch.note = trimmed || null;
    try {
      const result = await update({ id: booking.id, patch }).unwrap();
      saved('Session scheduled', `${who}: ${formatDateTime(result.scheduledAt)}. The member is mailed the time.`);
      onClose();
    } catch (err) {
      failed(err, 'The booking could not be scheduled.');
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="schedule-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="schedule-dialog-title">Schedule coaching session</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error !== undefined && (
              // The toast region is outside the modal (hidden from assistive tech while it is open): say it here too.
              <Alert severity="error">{getServerMessage(error) ?? 'The booking could not be scheduled.'}</Alert>
            )}
            <DialogContentText>
              Booking of {who}
              {booking.scheduledAt ? `, now scheduled for ${formatDateTime(booking.scheduledAt)}` : ''}.
            </DialogContentText>
            <TextField
              label="Date and time"
              type="datetime-local"
              value={when}
              onChange={(event) => setWhen(event.target.value)}
              required
              autoFocus
              error={Boolean(localError || fieldErrors.scheduledAt)}
              helperText={localError ?? fieldErrors.scheduledAt ?? 'In your time zone'}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { min: toLocalInputValue(new Date().toISOString()) },
              }}
            />
            <TextField
              label="Note"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              multiline
              minRows={2}
              error={Boolean(fieldErrors.note)}
              helperText={fieldErrors.note ?? 'Optional, for you only'}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            Schedule
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
