import { randomUUID } from 'node:crypto';
import type { CoachingHold } from '@fm/contracts';
import type { CurrentUser } from '@fm/shared/auth';
import { AppError, type RateLimiter, type RateLimitRule, ValidationError } from '@fm/shared/http';
import type { Logger } from '@fm/shared/service';
import type { Redis } from 'ioredis';
import type { BillingModels } from '../billing.models';
import { type CoachingAvailabilityStore, confirmedSessions } from './availability';
import { dayRange, freeSlots, type Interval, localDate } from './schedule';
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

/**
 * Billing's keys of the holds. They share one hash tag (`{coaching-holds}`), so the scripts that
 * touch several of them (taking a slot against the day's cap, dropping a hold) run on one node.
 */
export function holdKeys(prefix: string) {
  const tag = `${prefix}:billing:{coaching-holds}`;
  return {
    /** The slot's holder (a hold id), with the hold's lifetime: one hold per slot. */
    slot: (start: string) => `${tag}:slot:${start}`,
    /** The live holds of one founder's day (hold ids by expiry): the daily cap counts them. */
    day: (date: string) => `${tag}:day:${date}`,
    /** The member's hold (its id), with the hold's lifetime: one per member. */
    member: (userId: string) => `${tag}:member:${userId}`,
    /** One hold ({start, day, userId, paymentIntentId}), kept a day after it ends (a late payment reads it). */
    hold: (holdId: string) => `${tag}:hold:${holdId}`,
    /** Every hold by expiry (member `<start>|<holdId>`): what the slots subtract and the sweep ends. */
    index: () => `${tag}:index`,
  };
}

/** Deletes a key only while it still holds the value. */
const DELETE_IF = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Takes a slot, atomically against racing holds (issue 48 §3, the daily cap): the slot must have
 * no holder, and the founder's day must stay under its cap counting its confirmed bookings
 * (ARGV[5], read from Mongo) and its live holds (the day's set, pruned of expired ones here).
 * KEYS: slot, day, index, member, hold. ARGV: holdId, ttlMs, nowMs, expiresAtMs, bookedOnDay,
 * cap, start, date, userId.
 */
const TAKE = `
redis.call('zremrangebyscore', KEYS[2], '-inf', ARGV[3])
if redis.call('exists', KEYS[1]) == 1 then return 'TAKEN' end
if redis.call('zcard', KEYS[2]) + tonumber(ARGV[5]) >= tonumber(ARGV[6]) then return 'CAP' end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('zadd', KEYS[2], ARGV[4], ARGV[1])
redis.call('pexpire', KEYS[2], ARGV[2])
redis.call('zadd', KEYS[3], ARGV[4], ARGV[7] .. '|' .. ARGV[1])
redis.call('set', KEYS[4], ARGV[1], 'PX', ARGV[2])
redis.call('hset', KEYS[5], 'start', ARGV[7], 'day', ARGV[8], 'userId', ARGV[9])
redis.call('pexpire', KEYS[5], tonumber(ARGV[2]) + 86400000)
return 'OK'`;

/** Drops a hold's claims (slot, day, index, member), each only while it is still this hold's. KEYS: slot, day, index, member. ARGV: holdId, start. */
const DROP = `
if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end
redis.call('zrem', KEYS[2], ARGV[1])
redis.call('zrem', KEYS[3], ARGV[2] .. '|' .. ARGV[1])
if redis.call('get', KEYS[4]) == ARGV[1] then redis.call('del', KEYS[4]) end
return 1`;

/**
 * A payment arrived for a hold: its slot is still this hold's (HELD), another's (TAKEN), or
 * nobody's (the hold expired: CLAIMED, for a minute while the payment is booked). KEYS: slot, day.
 * ARGV: holdId, nowMs, claimMs.
 */
const CLAIM = `
local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then return 'HELD' end
if holder then return 'TAKEN' end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('zremrangebyscore', KEYS[2], '-inf', ARGV[2])
return 'CLAIMED:' .. redis.call('zcard', KEYS[2])`;

/** What creates the hold's payment (the coaching checkout with the slot in its metadata). */
export type PayForSlot = (
  user: CurrentUser,
  log: Logger,
  slot: { holdId: string; start: string; end: string; memberTimeZone?: string },
) => Promise<{ clientSecret: string; paymentIntentId: string }>;

/** Cancels a hold's PaymentIntent at Stripe (a late payment then cannot confirm). */
export type CancelPayment = (paymentIntentId: string, log: Logger) => Promise<void>;

/**
 * A member's hold on a coaching slot while they pay (issue 48 §3). Every rule is checked again
 * on the server (the client's list is not trusted): a start that is no slot of the availability,
 * sooner than the notice or beyond the window → 400 naming the rule; a slot booked or held, or a
 * founder's day at its cap → 409 SLOT_TAKEN with the next free ones. The slot is taken by one
 * Redis script that checks its holder and the day's cap together (two members racing for one slot
 * or for the last slot of a day: one wins). A member's new hold releases their previous one;
 * holds are rate-limited per member and expire by themselves (then the slot is free again at
 * once); an ended hold's PaymentIntent is cancelled at Stripe (released now, expired at the next
 * sweep), so a late payment cannot confirm a slot someone else has.
 */
export class CoachingHolds implements TakenTimes {
  constructor(
    private readonly deps: {
      redis: Redis;
      redisPrefix: string;
      availability: CoachingAvailabilityStore;
      slots: CoachingSlotFinder;
      models: Pick<BillingModels, 'CoachingBooking'>;
      limiter: RateLimiter;
      pay: PayForSlot;
      cancelPayment?: CancelPayment;
      /** The hold's lifetime (tests shorten it); HOLD_MINUTES unless given. */
      holdMs?: number;
      now?: () => Date;
      log?: Logger;
    },
  ) {}

  private get keys() {
    return holdKeys(this.deps.redisPrefix);
  }

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** The live holds whose session starts in [from, to). Ends (and cancels) the expired ones first. */
  async between(from: Date, to: Date): Promise<Interval[]> {
    const { redis } = this.deps;
    await this.sweep();
    const live = await redis.zrangebyscore(this.keys.index(), this.now().getTime(), '+inf');
    const { sessionMinutes } = await this.deps.availability.current();
    return live
      .map((entry) => new Date(entry.split('|')[0]!))
      .filter((start) => start >= from && start < to)
      .map((start) => ({ start, end: new Date(start.getTime() + sessionMinutes * 60_000) }));
  }

  /**
   * Ends the holds whose lifetime is over: each leaves the index once (ZREM by one replica) and
   * its PaymentIntent is cancelled at Stripe. Runs before the slots are read and on a timer.
   */
  async sweep(log: Logger | undefined = this.deps.log): Promise<number> {
    const { redis } = this.deps;
    const expired = await redis.zrangebyscore(this.keys.index(), '-inf', this.now().getTime());
    let ended = 0;
    for (const entry of expired) {
      if ((await redis.zrem(this.keys.index(), entry)) !== 1) continue; // another replica has it
      ended++;
      const holdId = entry.split('|')[1]!;
      const paymentIntentId = await redis.hget(this.keys.hold(holdId), 'paymentIntentId');
      if (paymentIntentId) await this.cancel(paymentIntentId, log);
    }
    return ended;
  }

  /** Sweeps every `everyMs` (the background part): expired holds' payments are cancelled even when nobody looks at the slots. */
  startSweeper(everyMs = 60_000): { close(): Promise<void> } {
    const timer = setInterval(() => {
      this.sweep().catch((err: unknown) => this.deps.log?.warn({ err: String(err) }, 'coaching hold sweep failed'));
    }, everyMs);
    timer.unref();
    return { close: async () => clearInterval(timer) };
  }

  async take(user: CurrentUser, startInput: string, log: Logger, memberTimeZone?: string): Promise<CoachingHold> {
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
    await this.release(user.id, log);
    const free = await this.deps.slots.free(start, end);
    if (!free.some((s) => s.start.getTime() === start.getTime())) throw new SlotTakenError(await this.next(start));

    const holdId = randomUUID();
    const iso = start.toISOString();
    const ttlMs = this.deps.holdMs ?? HOLD_MINUTES * 60_000;
    const expiresAt = new Date(now.getTime() + ttlMs);
    const day = localDate(start, availability.timeZone);
    const booked = await this.bookedOn(day, availability.timeZone);
    const k = this.keys;
    const taken = await this.deps.redis.eval(
      TAKE,
      5,
      k.slot(iso),
      k.day(day),
      k.index(),
      k.member(user.id),
      k.hold(holdId),
      holdId,
      ttlMs,
      now.getTime(),
      expiresAt.getTime(),
      booked,
      availability.dailyCap,
      iso,
      day,
      user.id,
    );
    if (taken !== 'OK') {
      log.info({ userId: user.id, start: iso, refused: taken }, 'coaching slot not held');
      throw new SlotTakenError(await this.next(start));
    }
    const slotEnd = new Date(start.getTime() + availability.sessionMinutes * 60_000).toISOString();
    try {
      const { clientSecret, paymentIntentId } = await this.deps.pay(user, log, {
        holdId,
        start: iso,
        end: slotEnd,
        ...(memberTimeZone ? { memberTimeZone } : {}),
      });
      await this.deps.redis.hset(k.hold(holdId), 'paymentIntentId', paymentIntentId);
      log.info({ userId: user.id, holdId, start: iso, paymentIntentId }, 'coaching slot held');
      return { holdId, start: iso, end: slotEnd, expiresAt: expiresAt.toISOString(), clientSecret };
    } catch (err) {
      await this.drop(holdId);
      throw err;
    }
  }

  /** Ends the member's hold, if any: its slot is free again at once and its PaymentIntent cancelled. */
  async release(userId: string, log: Logger | undefined = this.deps.log): Promise<void> {
    const holdId = await this.deps.redis.get(this.keys.member(userId));
    if (!holdId) return;
    const paymentIntentId = await this.drop(holdId);
    if (paymentIntentId) await this.cancel(paymentIntentId, log);
  }

  /**
   * A payment for a hold arrived (payment_intent.succeeded): whether its slot can be booked.
   * Its own live hold: yes. Expired: yes while no one else holds the slot, no confirmed session
   * clashes with it and its day is under the cap (the slot is claimed for a minute meanwhile, so
   * a racing hold cannot take it). Another's hold: no. Call `settle` once the booking is written.
   */
  async claimPaid(
    holdId: string,
    start: Date,
    clashes: () => Promise<boolean>,
  ): Promise<{ bookable: boolean; reason?: 'held-by-another' | 'clash' | 'daily-cap' }> {
    const availability = await this.deps.availability.current();
    const day = localDate(start, availability.timeZone);
    const k = this.keys;
    const claim = String(
      await this.deps.redis.eval(
        CLAIM,
        2,
        k.slot(start.toISOString()),
        k.day(day),
        holdId,
        this.now().getTime(),
        60_000,
      ),
    );
    if (claim === 'TAKEN') return { bookable: false, reason: 'held-by-another' };
    const giveBack = async () => {
      if (claim !== 'HELD') await this.deps.redis.eval(DELETE_IF, 1, k.slot(start.toISOString()), holdId);
    };
    if (await clashes()) {
      await giveBack();
      return { bookable: false, reason: 'clash' };
    }
    if (claim.startsWith('CLAIMED:')) {
      const liveHolds = Number(claim.slice('CLAIMED:'.length));
      if (liveHolds + (await this.bookedOn(day, availability.timeZone)) >= availability.dailyCap) {
        await giveBack();
        return { bookable: false, reason: 'daily-cap' };
      }
    }
    return { bookable: true };
  }

  /** A paid hold is booked: its claims go (the booking now takes the time), its payment stays. */
  async settle(holdId: string, start: Date): Promise<void> {
    const k = this.keys;
    const stored = await this.deps.redis.hgetall(k.hold(holdId));
    const day = stored.day ?? localDate(start, (await this.deps.availability.current()).timeZone);
    await this.deps.redis.eval(
      DROP,
      4,
      k.slot(start.toISOString()),
      k.day(day),
      k.index(),
      k.member(stored.userId ?? ''),
      holdId,
      start.toISOString(),
    );
  }

  /** Drops a hold's claims; answers its PaymentIntent id. */
  private async drop(holdId: string): Promise<string | undefined> {
    const k = this.keys;
    const stored = await this.deps.redis.hgetall(k.hold(holdId));
    if (!stored.start) return undefined;
    await this.deps.redis.eval(
      DROP,
      4,
      k.slot(stored.start),
      k.day(stored.day ?? ''),
      k.index(),
      k.member(stored.userId ?? ''),
      holdId,
      stored.start,
    );
    return stored.paymentIntentId;
  }

  private async cancel(paymentIntentId: string, log: Logger | undefined): Promise<void> {
    if (!this.deps.cancelPayment) return;
    try {
      await this.deps.cancelPayment(paymentIntentId, log ?? silentLog);
      log?.info({ paymentIntentId }, 'ended coaching hold: payment cancelled');
    } catch (err) {
      // Already succeeded (the webhook books it, or not) or cancelled: nothing more to do here.
      log?.warn({ paymentIntentId, err: String(err) }, 'ended coaching hold: payment not cancelled');
    }
  }

  /** The confirmed sessions of the founder's local date. */
  private async bookedOn(date: string, zone: string): Promise<number> {
    const range = dayRange(date, date, zone);
    return (await confirmedSessions(this.deps.models, range.from, range.to)).length;
  }

  /** The next free slots after `start` (the two weeks after it). */
  private async next(start: Date): Promise<{ start: string; end: string }[]> {
    const free = await this.deps.slots.free(new Date(start.getTime() + 1), new Date(start.getTime() + 14 * 86_400_000));
    return free.slice(0, NEXT_SLOTS).map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() }));
  }
}

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;
