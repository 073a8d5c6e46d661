import type { CoachingSlots, CoachingSlotsQuery } from '@fm/contracts';
import type { BillingModels } from '../billing.models';
import { type CoachingAvailabilityStore, confirmedSessions, sessionOf } from './availability';
import { dayRange, freeSlots, type Interval } from './schedule';

/** What else takes a time besides confirmed bookings: the members' live holds (issue 48 §3). */
export interface TakenTimes {
  between(from: Date, to: Date): Promise<Interval[]>;
}

const DAY_MS = 86_400_000;

/**
 * The free coaching slots a member picks from (issue 48 §2): the founder's availability minus
 * the confirmed bookings (with their buffers) and the live holds, with the minimum notice, the
 * booking window and the daily cap applied. The range is the member's days in their zone.
 */
export class CoachingSlotFinder {
  /** The live holds (set once the holds exist: they check slots with this finder). */
  private holds?: TakenTimes;

  withHolds(holds: TakenTimes): this {
    this.holds = holds;
    return this;
  }

  constructor(
    private readonly deps: {
      availability: CoachingAvailabilityStore;
      models: Pick<BillingModels, 'CoachingBooking'>;
      now?: () => Date;
    },
  ) {}

  async list(query: CoachingSlotsQuery): Promise<CoachingSlots> {
    const availability = await this.deps.availability.current();
    const range = dayRange(query.from, query.to, query.timeZone);
    const slots = await this.free(range.from, range.to);
    return {
      timeZone: availability.timeZone,
      slotMinutes: availability.sessionMinutes,
      slots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
    };
  }

  /** The free slots starting in [from, to), recomputed from the stores (also when a slot is taken). */
  async free(from: Date, to: Date): Promise<Interval[]> {
    const availability = await this.deps.availability.current();
    // Two days either side: the buffers and the daily cap of the founder's days at the edges.
    const around = { from: new Date(from.getTime() - 2 * DAY_MS), to: new Date(to.getTime() + 2 * DAY_MS) };
    const [booked, held] = await Promise.all([
      confirmedSessions(this.deps.models, around.from, around.to),
      this.holds?.between(around.from, around.to) ?? Promise.resolve([]),
    ]);
    const taken = [...booked.map((b) => sessionOf(b, availability.sessionMinutes)), ...held];
    return freeSlots({ availability, taken, now: this.deps.now?.() ?? new Date(), from, to });
  }
}
