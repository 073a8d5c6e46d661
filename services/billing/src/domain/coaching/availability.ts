import type {
  AvailabilityConflict,
  CoachingAvailability,
  CoachingAvailabilityInput,
  CoachingAvailabilityView,
} from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import { type AuditLog, changeSummary } from '@fm/shared/http';
import { registerModel, schemaOptions } from '@fm/shared/store';
import { type Connection, type Model, Schema } from 'mongoose';
import type { BillingModels, CoachingBooking } from '../billing.models';
import { type Availability, type Interval, withinHours } from './schedule';

/** The founder's availability: one document (`_id` "founder") in `coaching_availability`. */
interface AvailabilityDoc extends CoachingAvailabilityInput {
  _id: string;
  createdAt: Date;
  updatedAt: Date;
}

const DOC_ID = 'founder';

/** Until the founder saves theirs: no hours (no slots; members pay and pick later), the defaults. */
export const DEFAULT_AVAILABILITY: CoachingAvailabilityInput = {
  timeZone: 'UTC',
  weekly: [],
  overrides: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeHours: 24,
  windowDays: 30,
  dailyCap: 3,
};

const availabilitySchema = new Schema<AvailabilityDoc>(
  {
    _id: { type: String, required: true },
    timeZone: { type: String, required: true },
    weekly: { type: [new Schema({ day: Number, start: String, end: String }, { _id: false })], default: [] },
    overrides: {
      type: [new Schema({ date: String, closed: Boolean, start: String, end: String }, { _id: false })],
      default: [],
    },
    bufferBeforeMinutes: { type: Number, required: true },
    bufferAfterMinutes: { type: Number, required: true },
    minNoticeHours: { type: Number, required: true },
    windowDays: { type: Number, required: true },
    dailyCap: { type: Number, required: true },
  },
  schemaOptions({ collection: 'coaching_availability' }),
);

export function availabilityModel(mongo: Connection): Model<AvailabilityDoc> {
  return registerModel(mongo, 'CoachingAvailability', availabilitySchema);
}

/** The statuses of a booking that holds its time (paid and given a time, or done). */
export const CONFIRMED_STATUSES = ['paid', 'scheduled', 'completed'] as const;

/** A stored override without the keys mongoose fills with undefined/null. */
function clean(doc: AvailabilityDoc | null): CoachingAvailabilityInput & { updatedAt: Date | null } {
  if (!doc) return { ...DEFAULT_AVAILABILITY, updatedAt: null };
  return {
    timeZone: doc.timeZone,
    weekly: doc.weekly.map(({ day, start, end }) => ({ day, start, end })),
    overrides: doc.overrides.map(({ date, closed, start, end }) => ({
      date,
      ...(closed ? { closed: true } : {}),
      ...(start ? { start } : {}),
      ...(end ? { end } : {}),
    })),
    bufferBeforeMinutes: doc.bufferBeforeMinutes,
    bufferAfterMinutes: doc.bufferAfterMinutes,
    minNoticeHours: doc.minNoticeHours,
    windowDays: doc.windowDays,
    dailyCap: doc.dailyCap,
    updatedAt: doc.updatedAt,
  };
}

/**
 * The founder's coaching availability (issue 48 §1): read by the slots, set in the console.
 * Saving never moves a booking: the answer names the confirmed future sessions the new hours
 * leave outside them (the founder moves or keeps them). Every save is audited.
 */
export class CoachingAvailabilityStore {
  private readonly model: Model<AvailabilityDoc>;

  constructor(
    private readonly deps: {
      mongo: Connection;
      models: Pick<BillingModels, 'CoachingBooking'>;
      sessionMinutes: number;
      audit: AuditLog;
    },
  ) {
    this.model = availabilityModel(deps.mongo);
  }

  /** What the slots compute with: the stored availability (or the defaults) and the session length. */
  async current(): Promise<Availability> {
    const { updatedAt: _at, ...stored } = clean(await this.model.findById(DOC_ID).lean<AvailabilityDoc>());
    return { ...stored, sessionMinutes: this.deps.sessionMinutes };
  }

  async view(now = new Date()): Promise<CoachingAvailabilityView> {
    const stored = clean(await this.model.findById(DOC_ID).lean<AvailabilityDoc>());
    const availability: CoachingAvailability = {
      ...stored,
      sessionMinutes: this.deps.sessionMinutes,
      updatedAt: stored.updatedAt ? new Date(stored.updatedAt).toISOString() : null,
    };
    return { availability, conflicts: await this.conflicts(availability, now) };
  }

  async update(
    actor: Pick<CurrentUser, 'id' | 'email'>,
    input: CoachingAvailabilityInput,
    now = new Date(),
  ): Promise<CoachingAvailabilityView> {
    const before = clean(await this.model.findById(DOC_ID).lean<AvailabilityDoc>());
    await this.model.updateOne({ _id: DOC_ID }, { $set: input }, { upsert: true });
    const view = await this.view(now);
    await this.deps.audit.record(actor, {
      action: 'coaching-availability.update',
      targetType: 'coaching-availability',
      targetId: DOC_ID,
      summary: changeSummary(
        before as unknown as Record<string, unknown>,
        view.availability as Record<string, unknown>,
        [
          'timeZone',
          'weekly',
          'overrides',
          'bufferBeforeMinutes',
          'bufferAfterMinutes',
          'minNoticeHours',
          'windowDays',
          'dailyCap',
        ],
      ),
    });
    return view;
  }

  /** The confirmed sessions still to come that lie outside the availability's hours. */
  private async conflicts(availability: Availability, now: Date): Promise<AvailabilityConflict[]> {
    const booked = await confirmedSessions(this.deps.models, now, null);
    return booked
      .filter((b) => !withinHours(availability, sessionOf(b, availability.sessionMinutes)))
      .map((b) => {
        const session = sessionOf(b, availability.sessionMinutes);
        return {
          bookingId: b._id,
          memberName: b.memberName ?? null,
          start: session.start.toISOString(),
          end: session.end.toISOString(),
        };
      });
  }
}

/** A booking's session: its time and the session length. */
export function sessionOf(booking: Pick<CoachingBooking, 'scheduledAt'>, minutes: number): Interval {
  const start = new Date(booking.scheduledAt!);
  return { start, end: new Date(start.getTime() + minutes * 60_000) };
}

/** The confirmed bookings with a time in [from, to) (to: null for all to come), by time. */
export function confirmedSessions(
  models: Pick<BillingModels, 'CoachingBooking'>,
  from: Date,
  to: Date | null,
): Promise<CoachingBooking[]> {
  return models.CoachingBooking.find({
    status: { $in: [...CONFIRMED_STATUSES] },
    scheduledAt: to ? { $gte: from, $lt: to } : { $gte: from },
  })
    .sort({ scheduledAt: 1 })
    .limit(2000)
    .lean<CoachingBooking[]>();
}
