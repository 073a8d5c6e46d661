import { adminListQuerySchema, textField } from '@fm/shared/http';
import { z } from 'zod';
import { COACHING_BOOKING_STATUSES } from './billing.models';

export const BOOKING_MESSAGES = {
  status: `status must be one of: ${COACHING_BOOKING_STATUSES.join(', ')}`,
  patchStatus: 'status must be scheduled or completed',
  scheduledAt: 'scheduledAt must be a date and time with its offset, e.g. 2026-12-01T15:30:00Z',
  scheduledAtFuture: 'Pick a time in the future',
  scheduledAtNeeded: 'Give the session a time (scheduledAt) to schedule it',
  nothingToChange: 'Send at least one field to change',
  refunded: 'A refunded booking cannot be scheduled or completed',
  unpaid: 'This booking is not paid yet: it cannot be scheduled or completed',
  noEmail: 'This booking has no member e-mail (the account was deleted): there is no one to send the time to',
} as const;

/** GET /api/admin/bookings?status=&page=&pageSize= */
export const bookingListQuerySchema = adminListQuerySchema({
  status: z.enum(COACHING_BOOKING_STATUSES, { error: BOOKING_MESSAGES.status }).optional(),
});

/**
 * PATCH /api/admin/bookings/:id {status?: "scheduled"|"completed", scheduledAt?: ISO, note?}.
 * scheduledAt alone means scheduled. A blank or null note removes it.
 */
export const bookingPatchSchema = z
  .strictObject(
    {
      status: z.enum(['scheduled', 'completed'], { error: BOOKING_MESSAGES.patchStatus }).optional(),
      scheduledAt: z
        .string({ error: BOOKING_MESSAGES.scheduledAt })
        .pipe(z.iso.datetime({ offset: true, error: BOOKING_MESSAGES.scheduledAt }))
        .transform((value) => new Date(value))
        .optional(),
      note: textField({ label: 'Note', max: 2000, multiline: true })
        .nullable()
        .transform((value) => value || null)
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field: ${(issue as { keys?: string[] }).keys?.join(', ')}`
          : 'Send the changes as a JSON object',
    },
  )
  .superRefine((patch, ctx) => {
    if (patch.status === undefined && patch.scheduledAt === undefined && patch.note === undefined) {
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.nothingToChange });
    }
  });

export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;
export type BookingPatch = z.infer<typeof bookingPatchSchema>;
