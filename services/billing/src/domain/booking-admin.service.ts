import type { AdminBooking, AdminPage } from '@fm/contracts';
import { jobIdFor, type QUEUES } from '@fm/contracts';
import { type AuditLog, changeSummary, ConflictError, findPage, NotFoundError, ValidationError } from '@fm/shared/http';
import type { QueueProducer } from '@fm/shared/queues';
import type { CurrentUser } from '@fm/shared/auth';
import type { BillingModels, CoachingBooking } from './billing.models';
import { BOOKING_MESSAGES, type BookingListQuery, type BookingPatch } from './booking-admin.schemas';

/** Scheduling needs a little slack for the founder's clock and the request's time in flight. */
const PAST_GRACE_MS = 60_000;

export function adminBookingView(booking: CoachingBooking): AdminBooking {
  return {
    id: booking._id,
    memberId: booking.userId,
    memberEmail: booking.memberEmail ?? null,
    memberName: booking.memberName ?? null,
    status: booking.status,
    amountCents: booking.amountCents,
    currency: booking.currency,
    createdAt: new Date(booking.createdAt).toISOString(),
    scheduledAt: booking.scheduledAt ? new Date(booking.scheduledAt).toISOString() : null,
    note: booking.note ?? null,
  };
}

/**
 * The founder console's coaching bookings: the list (optionally one status) and the founder's
 * changes. Setting a time schedules the session (scheduledAt alone implies `scheduled`) and
 * mails the member once per scheduling, with a calendar invitation (`booking-scheduled-mail` on
 * the notifications queue; contact sends it). A refunded or unpaid booking is never scheduled
 * (409). Every change is audited.
 */
export class BookingAdmin {
  constructor(
    private readonly deps: {
      models: Pick<BillingModels, 'CoachingBooking'>;
      notifications: QueueProducer<typeof QUEUES.notifications>;
      audit: AuditLog;
    },
  ) {}

  list(query: BookingListQuery): Promise<AdminPage<AdminBooking>> {
    const { status, ...page } = query;
    return findPage(this.deps.models.CoachingBooking, status ? { status } : {}, page, adminBookingView);
  }

  async update(actor: Pick<CurrentUser, 'id' | 'email'>, id: string, patch: BookingPatch): Promise<AdminBooking> {
    const { CoachingBooking } = this.deps.models;
    const before = id.length <= 200 ? await CoachingBooking.findById(id).lean<CoachingBooking>() : null;
    if (!before) throw new NotFoundError('Booking not found');

    const status = patch.status ?? (patch.scheduledAt ? 'scheduled' : before.status);
    const statusChange = patch.status !== undefined || patch.scheduledAt !== undefined;
    if (statusChange && before.status === 'refunded') throw new ConflictError(BOOKING_MESSAGES.refunded);
    if (statusChange && before.status === 'pending') throw new ConflictError(BOOKING_MESSAGES.unpaid);

    const scheduledAt = patch.scheduledAt ?? before.scheduledAt ?? null;
    if (status === 'scheduled' && !scheduledAt) {
      throw new ValidationError(BOOKING_MESSAGES.scheduledAtNeeded, {
        scheduledAt: BOOKING_MESSAGES.scheduledAtNeeded,
      });
    }
    // A new time, or scheduled again (e.g. after completed): one mail for this scheduling.
    const newTime =
      patch.scheduledAt !== undefined &&
      (!before.scheduledAt || new Date(before.scheduledAt).getTime() !== patch.scheduledAt.getTime());
    const schedules = status === 'scheduled' && (newTime || before.status !== 'scheduled');
    if (schedules) {
      if (scheduledAt!.getTime() < Date.now() - PAST_GRACE_MS) {
        throw new ValidationError(BOOKING_MESSAGES.scheduledAtFuture, {
          scheduledAt: BOOKING_MESSAGES.scheduledAtFuture,
        });
      }
      if (!before.memberEmail) throw new ConflictError(BOOKING_MESSAGES.noEmail);
    }

    const note = patch.note !== undefined ? patch.note : (before.note ?? null);
    const sequence = before.scheduleCount ?? 0;
    if (schedules) {
      // Queued before the booking is written: a failed write is retried by the founder and the
      // same scheduling (same job id and dedupe key) mails nobody twice.
      const now = new Date().toISOString();
      await this.deps.notifications.publish(
        'booking-scheduled-mail',
        {
          bookingId: before._id,
          memberEmail: before.memberEmail!,
          memberName: before.memberName ?? null,
          scheduledAt: scheduledAt!.toISOString(),
          sequence,
          note,
          eventId: `schedule-${before._id}-${sequence}`,
          occurredAt: now,
        },
        jobIdFor('booking-scheduled', `${before._id}-${sequence}`),
      );
    }
    await CoachingBooking.updateOne(
      { _id: before._id },
      { $set: { status, scheduledAt, note, ...(schedules ? { scheduleCount: sequence + 1 } : {}) } },
    );
    const after = (await CoachingBooking.findById(before._id).lean<CoachingBooking>())!;
    await this.deps.audit.record(actor, {
      action: schedules ? 'booking.schedule' : 'booking.update',
      targetType: 'booking',
      targetId: before._id,
      summary: changeSummary(
        before as unknown as Record<string, unknown>,
        after as unknown as Record<string, unknown>,
        ['status', 'scheduledAt', 'note'],
      ),
    });
    return adminBookingView(after);
  }
}
