import { registerModel, schemaOptions } from '@fm/shared/store';
import type { PracticeItemKind } from '@fm/contracts';
import { type Connection, type Model, Schema } from 'mongoose';

/**
 * One item's progress for one member (`practice_progress`), keyed `<userId>:<kind>:<itemId>`:
 * the resume position (the last beat's, written by the flush) and when it became complete. Its
 * credited seconds are the sum of the item's `practice_minutes`.
 */
export interface ProgressRecord {
  _id: string;
  userId: string;
  itemKind: PracticeItemKind;
  itemId: string;
  sectionId: string;
  title: string;
  durationSec: number | null;
  positionSec: number;
  playedSec: number;
  completedAt: Date | null;
  /** The last beat or read: orders "most recently practised" and the resume. */
  practisedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Credited practice (`practice_minutes`): per member, item and day, the seconds credited, added
 * to by each flush of the beats' effects (`$inc`, keyed `<userId>:<kind>:<itemId>:<day>`), plus
 * one record per text item read (keyed `<userId>:read:<kind>:<itemId>`, so it is counted once).
 * `day` is the date in the member's time zone when it was earned, fixed then, so a later
 * time-zone change leaves past days as they were; `at` is the latest credit in it. Records from
 * before the flush (one per beat, random ids) add up the same way: sums are taken over records.
 */
export interface MinutesRecord {
  _id: string;
  userId: string;
  itemKind: PracticeItemKind;
  itemId: string;
  day: string;
  seconds: number;
  at: Date;
}

/**
 * A member's settings (`practice_settings`, keyed by userId). `timeZone` is the member's choice;
 * a change waits for their next day: until `timeZoneFrom`, days are `dayBeforeZone` (days.ts MemberZone).
 */
export interface SettingsRecord {
  _id: string;
  timeZone: string;
  timeZoneFrom?: Date | null;
  dayBeforeZone?: string | null;
  reminderEnabled: boolean;
  reminderTime: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlanItem {
  itemKind: PracticeItemKind;
  itemId: string;
  sectionId: string;
  title: string;
  contentType: 'video' | 'audio' | 'text';
  minutes: number;
}

/** A member's plan for one day (`practice_plans`, keyed `<userId>:<date>`), made once, kept all day. */
export interface PlanRecord {
  _id: string;
  userId: string;
  date: string;
  items: PlanItem[];
  createdAt: Date;
}

/** A member's reminder of one day (`practice_reminders`, keyed `<userId>:<date>`): at most one mail a day. */
export interface ReminderRecord {
  _id: string;
  userId: string;
  date: string;
  /** `mailed`, or `done-already` (the day's 10 minutes were done when it was due). */
  outcome: string;
  createdAt: Date;
}

const reminderSchema = new Schema<ReminderRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    date: { type: String, required: true },
    outcome: { type: String, required: true },
  },
  schemaOptions({ collection: 'practice_reminders', timestamps: { createdAt: true, updatedAt: false } }),
);
reminderSchema.index({ userId: 1 });

const progressSchema = new Schema<ProgressRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    itemKind: { type: String, required: true },
    itemId: { type: String, required: true },
    sectionId: { type: String, required: true },
    title: { type: String, default: '' },
    durationSec: { type: Number, default: null },
    positionSec: { type: Number, default: 0 },
    playedSec: { type: Number, default: 0 },
    completedAt: { type: Date, default: null },
    practisedAt: { type: Date, required: true },
  },
  schemaOptions({ collection: 'practice_progress' }),
);
progressSchema.index({ userId: 1, practisedAt: -1 });

const minutesSchema = new Schema<MinutesRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    itemKind: { type: String, required: true },
    itemId: { type: String, required: true },
    day: { type: String, required: true },
    seconds: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  schemaOptions({ collection: 'practice_minutes', timestamps: false }),
);
minutesSchema.index({ userId: 1, day: 1 });
minutesSchema.index({ userId: 1, itemKind: 1, itemId: 1 });
minutesSchema.index({ at: 1 });

const settingsSchema = new Schema<SettingsRecord>(
  {
    _id: { type: String, required: true },
    timeZone: { type: String, required: true },
    timeZoneFrom: { type: Date, default: null },
    dayBeforeZone: { type: String, default: null },
    reminderEnabled: { type: Boolean, default: false },
    reminderTime: { type: String, default: '19:00' },
  },
  schemaOptions({ collection: 'practice_settings' }),
);
settingsSchema.index({ reminderEnabled: 1 });

const planItemSchema = new Schema<PlanItem>(
  {
    itemKind: { type: String, required: true },
    itemId: { type: String, required: true },
    sectionId: { type: String, required: true },
    title: { type: String, default: '' },
    contentType: { type: String, required: true },
    minutes: { type: Number, required: true },
  },
  { _id: false },
);

const planSchema = new Schema<PlanRecord>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    date: { type: String, required: true },
    items: { type: [planItemSchema], default: [] },
  },
  schemaOptions({ collection: 'practice_plans', timestamps: { createdAt: true, updatedAt: false } }),
);
planSchema.index({ userId: 1, date: -1 });

export interface PracticeModels {
  Progress: Model<ProgressRecord>;
  Minutes: Model<MinutesRecord>;
  Settings: Model<SettingsRecord>;
  Plan: Model<PlanRecord>;
  Reminder: Model<ReminderRecord>;
  ready(): Promise<void>;
}

export function practiceModels(mongo: Connection): PracticeModels {
  const Progress = registerModel(mongo, 'PracticeProgress', progressSchema);
  const Minutes = registerModel(mongo, 'PracticeMinutes', minutesSchema);
  const Settings = registerModel(mongo, 'PracticeSettings', settingsSchema);
  const Plan = registerModel(mongo, 'PracticePlan', planSchema);
  const Reminder = registerModel(mongo, 'PracticeReminder', reminderSchema);
  let built = false;
  return {
    Progress,
    Minutes,
    Settings,
    Plan,
    Reminder,
    // Model.init() is memoised by mongoose; once the indexes exist a request's check is a flag.
    ready: async () => {
      if (built) return;
      await Promise.all([Progress.init(), Minutes.init(), Settings.init(), Plan.init(), Reminder.init()]);
      built = true;
    },
  };
}
