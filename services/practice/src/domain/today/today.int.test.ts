import { todayPlanSchema } from '@fm/contracts';
import { memberSnapshots, USERS_COLLECTION } from '@fm/shared/auth';
import { ID } from '../../../test/content-catalogue';
import { practiceHarness } from '../../../test/practice-harness';

/** Today's 10 (today/todays-plan.ts): GET /api/practice/today. */
const practice = practiceHarness({ now: '2026-03-02T12:00:00Z' });

/** A member whose account was created a day before the test's clock (days before it never count). */
const member = (level: 'free' | 'premium' = 'premium') => practice.member(level, { createdSecAgo: 86_400 });

describe("Today's 10 and the streak", () => {
  it('when a member asks for today twice, on two devices, then the same 9-12 minute plan of open, varied items', async () => {
    const m = await member();
    const first = todayPlanSchema.parse((await m.get('/today')).body);
    const second = todayPlanSchema.parse((await m.get('/today')).body);
    expect(second).toEqual(first);
    const minutes = first.items.reduce((sum, i) => sum + i.minutes, 0);
    expect(minutes).toBeGreaterThanOrEqual(9);
    expect(minutes).toBeLessThanOrEqual(12);
    expect(new Set(first.items.map((i) => i.sectionId)).size).toBeGreaterThan(1);
    expect(first.minutesDone).toBe(0);

    const free = await member('free');
    const plan = todayPlanSchema.parse((await free.get('/today')).body);
    expect(plan.items.every((i) => [ID['lesson-free'], ID['lecture-1']].includes(i.itemId))).toBe(true);
  });

  it('when a section has no page in the member area, then no plan picks its items (they open nowhere)', async () => {
    // Its four one-minute items would join almost every plan if the picker took them (a round
    // over the sections takes one of each): four members, and none gets one.
    for (let i = 0; i < 4; i++) {
      const m = await member();
      const plan = todayPlanSchema.parse((await m.get('/today')).body);
      expect(plan.items.map((item) => item.sectionId)).not.toContain(ID['s-nopage']);
      const minutes = plan.items.reduce((sum, item) => sum + item.minutes, 0);
      expect(minutes).toBeGreaterThanOrEqual(9);
      expect(minutes).toBeLessThanOrEqual(12);
    }
  });

  it("when a Premium member leaves Premium during the day, then today's plan holds only what a Free member may open, and stays put", async () => {
    const m = await member('premium');
    const premiumPlan = todayPlanSchema.parse((await m.get('/today')).body);
    const freeIds = [ID['lesson-free'], ID['lecture-1']];
    // The plan of a Premium member takes Premium items (the member sections' parts).
    expect(premiumPlan.items.some((i) => !freeIds.includes(i.itemId))).toBe(true);

    // Billing's membership event, as auth applies it: the account and its snapshot say Free.
    const { deps } = practice;
    await deps.mongo
      .collection(USERS_COLLECTION)
      .updateOne({ _id: m.user.id as never }, { $set: { membershipLevel: 'free' } });
    await memberSnapshots(deps.redis, deps.config.REDIS_PREFIX, deps.mongo).refresh(m.user.id);

    const freePlan = todayPlanSchema.parse((await m.get('/today')).body);
    expect(freePlan.date).toBe(premiumPlan.date);
    expect(freePlan.items.length).toBeGreaterThan(0);
    expect(freePlan.items.every((i) => freeIds.includes(i.itemId))).toBe(true);
    // Asked again (another device), the same plan.
    expect(todayPlanSchema.parse((await m.get('/today')).body)).toEqual(freePlan);
  });
});
