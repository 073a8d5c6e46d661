import { type ReminderRecipient, reminderRecipientSchema, ServiceUnavailableError, signServiceToken } from '@fm/shared';

/**
 * What the reminder needs of a member, as auth (which owns members) tells it: auth's
 * GET /internal/reminder-recipient with a short-lived service token (audience `auth`, subject the
 * member). Practice never reads auth's `users` collection. Auth down → ServiceUnavailableError
 * (the sweep logs it; the next sweep within the hour tries again).
 */
export class ReminderRecipients {
  constructor(private readonly deps: { authUrl: string; jwtSecret: string; timeoutMs: number }) {}

  async recipient(userId: string): Promise<ReminderRecipient> {
    const token = signServiceToken(this.deps.jwtSecret, { issuer: 'practice', audience: 'auth', claims: { userId } });
    let res: Response;
    try {
      res = await fetch(`${this.deps.authUrl}/internal/reminder-recipient`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(this.deps.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      throw Object.assign(new ServiceUnavailableError('The member service cannot be reached right now.'), {
        cause: err,
      });
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new ServiceUnavailableError(`The member service answered ${res.status}.`);
    }
    return reminderRecipientSchema.parse(await res.json());
  }
}
