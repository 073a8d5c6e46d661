import type { PracticeSettings } from '@fm/contracts';
import { ConflictError, ValidationError } from '@fm/shared/http';
import { retryOnDuplicateKey } from '@fm/shared/store';
import type { Viewer } from '@fm/shared/auth';
import type { Flush } from '../credit/flush';
import { isTimeZone } from '../days';
import { zoneChange } from '../member-zone';
import type { PracticeModels } from '../practice.model';

export const DEFAULT_SETTINGS: PracticeSettings = { timeZone: 'UTC', reminder: { enabled: false, time: '19:00' } };

export interface SettingsChange {
  timeZone?: string;
  reminder?: { enabled: boolean; time?: string };
}

export interface SettingsDeps {
  models: PracticeModels;
  flush: Flush;
  now: () => Date;
}

/** The member's time zone and reminder (GET and PATCH /api/practice/settings). */
export class Settings {
  constructor(private readonly deps: SettingsDeps) {}

  async get(userId: string): Promise<PracticeSettings> {
    const { models } = this.deps;
    await models.ready();
    const record = await models.Settings.findById(userId).lean();
    if (!record) return DEFAULT_SETTINGS;
    return { timeZone: record.timeZone, reminder: { enabled: record.reminderEnabled, time: record.reminderTime } };
  }

  /**
   * 400 for a zone that is not an IANA name; 409 for reminders on while the address is not
   * verified. A new zone counts from the member's next day (member-zone.ts zoneChange).
   */
  async change(viewer: Viewer, change: SettingsChange): Promise<PracticeSettings> {
    const { models } = this.deps;
    if (change.timeZone !== undefined && !isTimeZone(change.timeZone)) {
      throw new ValidationError('Unknown time zone', {
        timeZone: 'Unknown time zone: use an IANA name such as Europe/Paris',
      });
    }
    if (change.reminder?.enabled && !viewer.emailVerified) {
      throw new ConflictError('Verify your email address first: reminders go only to verified addresses.');
    }
    // Credit waiting for the store is filed under days of the zone it was earned in.
    if (change.timeZone !== undefined) await this.deps.flush.member(viewer.id);
    const current = await this.get(viewer.id);
    const zone =
      change.timeZone === undefined ? {} : await zoneChange(models, viewer.id, change.timeZone, this.deps.now());
    const next: PracticeSettings = {
      timeZone: change.timeZone ?? current.timeZone,
      reminder: {
        enabled: change.reminder?.enabled ?? current.reminder.enabled,
        time: change.reminder?.time ?? current.reminder.time,
      },
    };
    await retryOnDuplicateKey(() =>
      models.Settings.updateOne(
        { _id: viewer.id },
        {
          $set: {
            timeZone: next.timeZone,
            reminderEnabled: next.reminder.enabled,
            reminderTime: next.reminder.time,
            ...zone,
          },
        },
        { upsert: true },
      ),
    );
    return next;
  }
}
