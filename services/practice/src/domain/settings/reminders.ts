import type { PracticeSettings } from '@fm/contracts';
import { jobIdFor, PRACTICE_GOAL_MINUTES, type QUEUES } from '@fm/contracts';
import type { Logger } from '@fm/shared/service';
import { ForbiddenError } from '@fm/shared/http';
import { insertOnce } from '@fm/shared/store';
import type { QueueProducer } from '@fm/shared/queues';
import { signMailListToken, verifyMailListToken } from '@fm/shared/mail';
import type { Viewer } from '@fm/shared/auth';
import { dayIn, timeIn } from '../days';
import type { PracticeModels, SettingsRecord } from '../practice.model';
import type { TodaysPlan } from '../today/todays-plan';
import type { ReminderRecipients } from './reminder-recipients.client';
import type { Settings } from './settings';

/** A reminder due at HH:MM still goes within this many minutes after it (a sweep missed by a restart). */
export const REMINDER_WINDOW_MINUTES = 60;

export interface RemindersDeps {
  models: PracticeModels;
  /** The day's plan the mail names, and the minutes done so far. */
  plans: Pick<TodaysPlan, 'planOf' | 'secondsOn'>;
  settings: Pick<Settings, 'change'>;
  /** Auth's answer about the member (address, verified, deleted): never auth's collection. */
  recipients: Pick<ReminderRecipients, 'recipient'>;
  notifications: Pick<QueueProducer<typeof QUEUES.notifications>, 'publish'>;
  siteOrigin: string;
  secret: string;
  logger: Logger;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The daily reminders. One sweep a minute (a BullMQ job scheduler, so one replica runs each
 * sweep) looks at the members who turned reminders on: a member whose reminder time has come in
 * their time zone (within the hour after it) gets one mail per day — only if today's 10 minutes
 * are not done yet, only to a verified address. "Once a day" is a record per member and date
 * (`practice_reminders`, inserted once: a second replica, a replayed sweep or a restart finds it).
 */
export class Reminders {
  constructor(private readonly deps: RemindersDeps) {}

  /** Mails the reminders due at `now`; resolves to what happened per member (for logs and tests). */
  async sweep(now: Date): Promise<Record<string, string>> {
    const { models } = this.deps;
    await models.ready();
    const outcomes: Record<string, string> = {};
    const members = await models.Settings.find({ reminderEnabled: true }).lean<SettingsRecord[]>();
    for (const settings of members) {
      try {
        outcomes[settings._id] = await this.remind(settings, now);
      } catch (err) {
        this.deps.logger.warn({ err, userId: settings._id }, 'practice reminder failed; the next sweep tries again');
        outcomes[settings._id] = 'failed';
      }
    }
    return outcomes;
  }

  private async remind(settings: SettingsRecord, now: Date): Promise<string> {
    const userId = settings._id;
    const late = minutesOf(timeIn(settings.timeZone, now)) - minutesOf(settings.reminderTime);
    if (late < 0 || late >= REMINDER_WINDOW_MINUTES) return 'not-due';
    const date = dayIn(settings.timeZone, now);
    const reminderId = `${userId}:${date}`;
    if (await this.deps.models.Reminder.exists({ _id: reminderId })) return 'already-handled';
    const seconds = await this.deps.plans.secondsOn(userId, date);
    if (seconds >= PRACTICE_GOAL_MINUTES * 60) {
      await insertOnce(() =>
        this.deps.models.Reminder.create({ _id: reminderId, userId, date, outcome: 'done-already' }),
      );
      return 'done-already';
    }
    const member = await this.deps.recipients.recipient(userId);
    if (member.deleted || !member.email) return 'no-member';
    if (!member.emailVerified) return 'unverified';
    // The mail names today's items: the stored plan, or the one made now for the member's level
    // (stored, so the plan they open from the mail is the one it named). Made before the claim, so
    // content being down leaves the day unclaimed for the next sweep.
    const plan = await this.deps.plans.planOf(userId, member.membershipLevel ?? 'free', date);
    // The one claim of the day: of two replicas (or a replay), one inserts, the other stops here.
    const claimed = await insertOnce(() =>
      this.deps.models.Reminder.create({ _id: reminderId, userId, date, outcome: 'mailed' }),
    );
    if (!claimed) return 'already-handled';
    const token = signMailListToken(this.deps.secret, { userId, list: 'reminders' });
    const eventId = jobIdFor('practice-reminder', `${userId}-${date}`);
    try {
      await this.deps.notifications.publish(
        'practice-reminder-mail',
        {
          userId,
          email: member.email,
          firstName: member.firstName,
          eventId,
          occurredAt: now.toISOString(),
          date,
          items: plan.items.map((i) => ({ title: i.title, minutes: i.minutes })),
          minutesDone: Math.floor(seconds / 60),
          planUrl: `${this.deps.siteOrigin}/member/home#today`,
          // The page a person clicks "Stop" on (a GET never unsubscribes: mail scanners follow
          // links); a mail program's one-click POST to it reaches the route below (the gateway).
          unsubscribeUrl: `${this.deps.siteOrigin}/reminders/unsubscribe?token=${encodeURIComponent(token)}`,
        },
        eventId,
      );
    } catch (err) {
      // Queue down: give the claim back, so a later sweep (within the hour) mails it.
      await this.deps.models.Reminder.deleteOne({ _id: reminderId });
      throw err;
    }
    return 'mailed';
  }

  /** One-click unsubscribe: the token names the member; turns their reminders off. */
  async unsubscribe(token: unknown): Promise<void> {
    const { userId } = verifyMailListToken(this.deps.secret, 'reminders', token);
    await this.deps.models.ready();
    await this.deps.models.Settings.updateOne({ _id: userId }, { $set: { reminderEnabled: false } });
  }

  /**
   * Turns the reminders back on from a mailed link: only for the signed-in member the token names
   * (a forwarded mail must not sign anyone up), and only to a verified address (as the settings).
   */
  async resubscribe(viewer: Viewer, token: unknown): Promise<PracticeSettings> {
    const { userId } = verifyMailListToken(this.deps.secret, 'reminders', token);
    if (userId !== viewer.id) {
      throw new ForbiddenError(
        'This link was mailed to another account: sign in as that member, or turn reminders on on your account page.',
        'NOT_YOUR_LINK',
      );
    }
    return this.deps.settings.change(viewer, { reminder: { enabled: true } });
  }
}
