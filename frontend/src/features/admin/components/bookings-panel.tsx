import { useState } from 'react';
import type { AdminBooking, BookingStatus } from '@fm/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetAdminBookingsQuery } from '@/features/admin/api/get-bookings';
import { useUpdateAdminBookingMutation } from '@/features/admin/api/update-booking';
import { AdminTable, usePaging, type AdminColumn } from '@/features/admin/components/admin-table';
import { ScheduleDialog } from '@/features/admin/components/schedule-dialog';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';
import { formatAmount, formatDateTime } from '@/features/admin/format';

/** BOOKING_STATUSES of the contract, as the filter shows them. */
const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending payment',
  paid: 'Paid',
  scheduled: 'Scheduled',
  completed: 'Completed',
  refunded: 'Refunded',
};
const STATUS_COLORS: Record<BookingStatus, 'default' | 'warning' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  paid: 'warning',
  scheduled: 'info',
  completed: 'success',
  refunded: 'error',
};

/** A booking can be given a time once paid, and again later; never when refunded or unpaid (409). */
const canSchedule = (b: AdminBooking) => b.status === 'paid' || b.status === 'scheduled' || b.status === 'completed';

/** Coaching bookings: filter by status, schedule a session (mails the member), mark one completed. */
export function BookingsPanel() {
  const [status, setStatus] = useState<BookingStatus | 'all'>('all');
  const paging = usePaging();
  const result = useGetAdminBookingsQuery({
    status: status === 'all' ? undefined : status,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const [scheduling, setScheduling] = useState<AdminBooking | null>(null);
  const [update, { isLoading: updating }] = useUpdateAdminBookingMutation();
  const { saved, failed } = useAdminToasts();

  const complete = async (booking: AdminBooking) => {
    try {
      await update({ id: booking.id, patch: { status: 'completed' } }).unwrap();
      saved('Session marked completed');
    } catch (err) {
      failed(err, 'The booking could not be updated.');
    }
  };

  const columns: AdminColumn<AdminBooking>[] = [
    {
      id: 'member',
      label: 'Member',
      render: (b) => (
        <>
          <Typography variant="body2">{b.memberName || '—'}</Typography>
          <Typography variant="caption" color="text.secondary">
            {b.memberEmail ?? 'deleted member'}
          </Typography>
        </>
      ),
      sortValue: (b) => b.memberName ?? b.memberEmail,
      minWidth: 180,
    },
    {
      id: 'status',
      label: 'Status',
      render: (b) => <Chip size="small" label={STATUS_LABELS[b.status]} color={STATUS_COLORS[b.status]} />,
      sortValue: (b) => b.status,
    },
    {
      id: 'amount',
      label: 'Amount',
      render: (b) => formatAmount(b.amountCents, b.currency),
      nowrap: true,
      sortValue: (b) => b.amountCents,
    },
    {
      id: 'createdAt',
      label: 'Booked',
      render: (b) => formatDateTime(b.createdAt),
      sortValue: (b) => b.createdAt,
      nowrap: true,
    },
    {
      id: 'scheduledAt',
      label: 'Session',
      render: (b) => formatDateTime(b.scheduledAt),
      nowrap: true,
      sortValue: (b) => b.scheduledAt,
    },
    { id: 'note', label: 'Note', render: (b) => b.note ?? '', minWidth: 120 },
    {
      id: 'actions',
      label: 'Actions',
      nowrap: true,
      render: (b) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            onClick={() => setScheduling(b)}
            disabled={!canSchedule(b)}
            aria-label={`Schedule booking of ${b.memberName || b.memberEmail || 'deleted member'}`}
          >
            Schedule
          </Button>
          {b.status === 'scheduled' && (
            <Button
              size="small"
              onClick={() => void complete(b)}
              disabled={updating}
              aria-label={`Mark booking of ${b.memberName || b.memberEmail || 'deleted member'} completed`}
            >
              Completed
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Status"
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as BookingStatus | 'all');
          paging.reset();
        }}
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="all">All bookings</MenuItem>
        {(Object.keys(STATUS_LABELS) as BookingStatus[]).map((s) => (
          <MenuItem key={s} value={s}>
            {STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <AdminTable
        label="Bookings"
        columns={columns}
        result={result}
        paging={paging}
        getRowId={(b) => b.id}
        emptyText="No bookings with this status."
      />
      {scheduling && <ScheduleDialog booking={scheduling} onClose={() => setScheduling(null)} />}
    </Stack>
  );
}
