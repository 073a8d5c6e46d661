import { type ReminderRecipient, reminderRecipientSchema } from '@fm/contracts';
import { getFromService } from '@fm/shared/http';

/**
 * What the reminder needs of a member, as auth (which owns members) tells it: auth's
 * GET /internal/reminder-recipient with a short-lived service token (audience `auth`, subject the
 * member). Practice never reads auth's `users` collection. Auth down → ServiceUnavailableError
 * (the sweep logs it; the next sweep within the hour tries again).
 */
export class ReminderRecipients {
  constructor(private readonly deps: { authUrl: string; jwtSecret: string; timeoutMs: number }) {}

  recipient(userId: string): Promise<ReminderRecipient> {
    return getFromService({
      url: `${this.deps.authUrl}/internal/reminder-recipient`,
      jwtSecret: this.deps.jwtSecret,
      issuer: 'practice',
      audience: 'auth',
      claims: { userId },
      schema: reminderRecipientSchema,
      timeoutMs: this.deps.timeoutMs,
      serviceName: 'member service',
    });
  }
}
