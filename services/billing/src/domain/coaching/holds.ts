import { randomUUID } from 'node:crypto';
import type { CoachingHold } from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import { AppError, type RateLimiter, type RateLimitRule, ValidationError } from '@fm/shared/http';
import type { Logger } from '@fm/shared/service';
import type { Redis } from 'ioredis';
import type { CoachingAvailabilityStore } from './availability';
import { freeSlots, type Interval } from './schedule';
import type { CoachingSlotFinder, TakenTimes } from './slots';

/** How long a hold lasts: the card form's time to pay (issue 48 §3: 15–30 min). */
export const HOLD_MINUTES = 30;
/** Holds per member: nobody holds the founder's week hostage. */
export const HOLD_RATE_LIMIT: RateLimitRule = { name: 'coaching-holds', limit: 10, windowSeconds: 600 };
/** How many next free slots a 409 offers. */
const NEXT_SLOTS = 3;

/** 409 SLOT_TAKEN: another member holds or booked the slot; `next` are the next free ones. */
export class SlotTakenError extends AppError {
  constructor(readonly next: { start: string; end: string }[]) {
    super(409, 'This time was just taken. Pick another one.', 'SLOT_TAKEN');
  }
}

/** Billing's keys of the holds (each stands alone: no script touches two). */
export function holdKeys(prefix: string) {
  return {
    /** The slot's holder (a hold id), SET NX with the hold's lifetime: one hold per slot. */
    slot: (start: string) => `${prefix}:billing:coaching-slot:${start}`,
    /** The member's hold ({holdId, start}): one per member. */
    member: (userId: string) => `${prefix}:billing:coaching-hold:${userId}`,
    /** Every hold by expiry (member `<start>|<holdId>`): what the slots subtract. */
    index: () => `${prefix}:billing:coaching-holds`,
  };
}

/** Deletes a key only while it still holds the value (one key: safe on a cluster). */
const DELETE_IF = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** What creates the hold's payment (the coaching checkout with the slot in its metadata). */
export type PayForSlot = (
  user: CurrentUser,
  log: Logger,
  slot: { holdId: string; start: string; end: string },
) => Promise<{ clientSecret: string }>;

/**
 * A member's hold on a coaching slot while they pay (issue 48 §3). Every rule is checked again
 * on the server (the client's list is not trusted): a start that is no slot of the availability,
 * sooner than the notice or beyond the window → 400 naming the rule; a slot booked or held → 409
 * SLOT_TAKEN with the next free ones. The slot is taken with SET NX (two members racing: one
 * wins). A member's new hold releases their previous one; holds are rate-limited per member and
 * expire by themselves (then the slot is free again at once).
 */
export class CoachingHolds implements TakenTimes {
  constructor(
    private readonly deps: {
      redis: Redis;
      redisPrefix: string;
      availability: CoachingAvailabilityStore;
      slots: CoachingSlotFinder;
      limiter: RateLimiter;
      pay: PayForSlot;
      /** The hold's lifetime (tests shorten it); HOLD_MINUTES unless given. */
      holdMs?: number;
      now?: () => Date;
    },
  ) {}

  private get keys() {
    return holdKeys(this.deps.redisPrefix);
  }

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** The live holds whose session starts in [from, to). */
  async between(from: Date, to: Date): Promise<Interval[]> {
    const { redis } = this.deps;
    const now = this.now().getTime();
    await redis.zremrangebyscore(this.keys.index(), '-inf', now);
    const live = await redis.zrangebyscore(this.keys.index(), now, '+inf');
    const { sessionMinutes } = await this.deps.availability.current();
    return live
      .map((entry) => new Date(entry.split('|')[0]!))
      .filter((start) => start >= from && start < to)
      .map((start) => ({ start, end: new Date(start.getTime() + sessionMinutes * 60_000) }));
  }

  async take(user: CurrentUser, startInput: string, log: Logger): Promise<CoachingHold> {
    await this.deps.limiter.hit(HOLD_RATE_LIMIT, user.id, 'Too many holds: wait a few minutes before picking again.');
    const start = new Date(startInput);
    const now = this.now();
    const availability = await this.deps.availability.current();
    const notice = now.getTime() + availability.minNoticeHours * 3_600_000;
    if (start.getTime() < notice) {
      throw new ValidationError(`start is sooner than the minimum notice (${availability.minNoticeHours} h)`, {
        start: 'notice',
      });
    }
    if (start.getTime() > now.getTime() + availability.windowDays * 86_400_000) {
      throw new ValidationError(`start is beyond the booking window (${availability.windowDays} days)`, {
        start: 'window',
      });
    }
    const end = new Date(start.getTime() + 1);
    const isSlot = freeSlots({ availability, taken: [], now, from: start, to: end }).some(
      (s) => s.start.getTime() === start.getTime(),
    );
    if (!isSlot) throw new ValidationError('start is not one of the slots', { start: 'not-a-slot' });

    // A second hold releases the first (also when it is this same slot, taken again below).
    await this.release(user.id);
    const free = await this.deps.slots.free(start, end);
    if (!free.some((s) => s.start.getTime() === start.getTime())) throw new SlotTakenError(await this.next(start));

    const holdId = randomUUID();
    const iso = start.toISOString();
    const ttlMs = this.deps.holdMs ?? HOLD_MINUTES * 60_000;
    const expiresAt = new Date(now.getTime() + ttlMs);
    const { redis } = this.deps;
    if ((await redis.set(this.keys.slot(iso), holdId, 'PX', ttlMs, 'NX')) !== 'OK') {
      throw new SlotTakenError(await this.next(start));
    }
    await redis.set(this.keys.member(user.id), JSON.stringify({ holdId, start: iso }), 'PX', ttlMs);
    await redis.zadd(this.keys.index(), expiresAt.getTime(), `${iso}|${holdId}`);
    const slotEnd = new Date(start.getTime() + availability.sessionMinutes * 60_000).toISOString();
    try {
      const { clientSecret } = await this.deps.pay(user, log, { holdId, start: iso, end: slotEnd });
      log.info({ userId: user.id, holdId, start: iso }, 'coaching slot held');
      return { holdId, start: iso, end: slotEnd, expiresAt: expiresAt.toISOString(), clientSecret };
    } catch (err) {
      await this.release(user.id);
      throw err;
    }
  }

  /** Ends the member's hold, if any: its slot is free again at once. */
  async release(userId: string): Promise<void> {
    const { redis } = this.deps;
    const raw = await redis.get(this.keys.member(userId));
    if (!raw) return;
    const hold = JSON.parse(raw) as { holdId: string; start: string };
    await redis.eval(DELETE_IF, 1, this.keys.slot(hold.start), hold.holdId);
    await redis.zrem(this.keys.index(), `${hold.start}|${hold.holdId}`);
    await redis.eval(DELETE_IF, 1, this.keys.member(userId), raw);
  }

  /** The next free slots after `start` (the two weeks after it). */
  private async next(start: Date): Promise<{ start: string; end: string }[]> {
    const free = await this.deps.slots.free(new Date(start.getTime() + 1), new Date(start.getTime() + 14 * 86_400_000));
    return free.slice(0, NEXT_SLOTS).map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() }));
  }
}
