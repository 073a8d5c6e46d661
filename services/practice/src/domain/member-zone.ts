import { changeZone, type MemberZone } from './days';
import type { PracticeModels, SettingsRecord } from './practice.model';

/** The member's days as their settings hold them (days.ts MemberZone; UTC before any setting). */
export async function memberZone(models: PracticeModels, userId: string): Promise<MemberZone> {
  const r = await models.Settings.findById(userId).lean<SettingsRecord>();
  return r ? { timeZone: r.timeZone, from: r.timeZoneFrom, dayBefore: r.dayBeforeZone } : { timeZone: 'UTC' };
}

/**
 * The settings' fields for a change of time zone at `now` (issue 43 §5): the new zone counts from
 * the member's next day, never for the day already begun; at once while they have practised
 * nothing (no credit in the store: the caller flushed their pending beats first).
 */
export async function zoneChange(
  models: PracticeModels,
  userId: string,
  timeZone: string,
  now: Date,
): Promise<Pick<SettingsRecord, 'timeZoneFrom' | 'dayBeforeZone'>> {
  const [current, practised] = await Promise.all([memberZone(models, userId), models.Minutes.exists({ userId })]);
  const next = changeZone(current, timeZone, now, practised !== null);
  return { timeZoneFrom: next.from ?? null, dayBeforeZone: next.dayBefore ?? null };
}
