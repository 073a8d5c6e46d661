import type { BillingBooking } from '@fm/contracts';
import { useEffect, useState } from 'react';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetBookingsQuery } from '@/features/billing/api/get-billing-history';
import { formatBillingDate, formatSessionTime } from '@/features/billing/lib/format';
import { LoadError } from '@/components/ui/load-error';
import { formatMoney, useSiteConfig } from '@/lib/site-config';

const STATUS: Record<BillingBooking['status'], { label: string; color: 'success' | 'info' | 'default' | 'warning' }> = {
  paid: { label: 'Paid', color: 'info' },
  scheduled: { label: 'Scheduled', color: 'success' },
  completed: { label: 'Completed', color: 'default' },
  refunded: { label: 'Refunded', color: 'warning' },
};

/** After a coaching payment the booking is listed once Stripe's webhook marked it paid: ask again meanwhile. */
export const NEW_BOOKING_POLL_MS = 2000;
/** …for at most this long. */
const NEW_BOOKING_WAIT_MS = 30_000;
/** A booking started this recently is the one just paid for. */
const JUST_BOOKED_MS = 30 * 60_000;

function detailOf(booking: BillingBooking): string {
  if (booking.status === 'scheduled' && booking.scheduledAt)
    return `Scheduled for ${formatSessionTime(booking.scheduledAt)}`;
  if (booking.status === 'completed' && booking.scheduledAt) return `Held on ${formatSessionTime(booking.scheduledAt)}`;
  if (booking.status === 'refunded') return 'Your payment was refunded.';
  if (booking.status === 'paid') return "We'll email you to schedule your session.";
  return '';
}

function BookingItem({ booking, sessionName }: { booking: BillingBooking; sessionName: string }) {
  const status = STATUS[booking.status] ?? { label: booking.status, color: 'default' as const };
  const booked = formatBillingDate(booking.createdAt);
  return (
    <ListItem disableGutters divider sx={{ display: 'block', py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {sessionName}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {[booked ? `Booked ${booked}` : null, formatMoney(booking.amountCents, booking.currency)]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {detailOf(booking) && <Typography variant="body2">{detailOf(booking)}</Typography>}
    </ListItem>
  );
}

/**
 * The member's coaching sessions with their status (GET /api/billing/bookings); its section and
 * heading come from the page. Back from a
 * coaching payment (`expectingNew`), the list is asked for again every few seconds until the
 * new booking shows (Stripe's webhook marks it paid), for at most NEW_BOOKING_WAIT_MS.
 */
export function CoachingBookings({ expectingNew = false }: { expectingNew?: boolean }) {
  const site = useSiteConfig();
  const { data, isLoading, isError, isFetching, refetch } = useGetBookingsQuery();
  const [since] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!expectingNew) return;
    const timer = setTimeout(() => setTimedOut(true), NEW_BOOKING_WAIT_MS);
    return () => clearTimeout(timer);
  }, [expectingNew]);
  const justBooked = data?.some((booking) => since - Date.parse(booking.createdAt) < JUST_BOOKED_MS) ?? false;
  const waiting = expectingNew && !timedOut && !justBooked && !isError;
  // A second subscription to the same query, only while waiting: it adds the polling.
  useGetBookingsQuery(undefined, { skip: !waiting, pollingInterval: NEW_BOOKING_POLL_MS });

  const sessionName = site ? `${site.coachingSessionMinutes}-minute coaching session` : 'Coaching session';
  let body;
  if (isLoading) {
    body = (
      <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading coaching sessions">
        <Skeleton variant="rounded" height={48} />
      </Stack>
    );
  } else if (isError || !data) {
    body = (
      <LoadError onRetry={refetch} retrying={isFetching}>
        Your coaching sessions could not be loaded right now.
      </LoadError>
    );
  } else if (data.length === 0) {
    // While a new booking is on its way, the status line above says so.
    body = waiting ? null : (
      <Typography sx={{ color: 'text.secondary' }}>You have not booked a coaching session yet.</Typography>
    );
  } else {
    body = (
      <List aria-label="Coaching sessions" disablePadding>
        {data.map((booking) => (
          <BookingItem key={booking.id} booking={booking} sessionName={sessionName} />
        ))}
      </List>
    );
  }

  return (
    <>
      {waiting && (
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          Confirming your new booking…
        </Typography>
      )}
      {body}
    </>
  );
}
