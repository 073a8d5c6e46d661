import { practiceSettingsSchema } from '@fm/contracts';
import { USERS_COLLECTION } from '@fm/shared/auth';
import { loggedInMember, TEST_SITE_ORIGIN } from '@fm/shared/testing';
import request from 'supertest';
import { practiceHarness } from '../../../test/practice-harness';

/** The member's settings (settings/settings.ts): GET and PATCH /api/practice/settings. */
const practice = practiceHarness({ now: '2026-03-02T12:00:00Z' });

/** A member whose account was created a day before the test's clock (days before it never count). */
const member = (level: 'free' | 'premium' = 'premium') => practice.member(level, { createdSecAgo: 86_400 });

describe('settings', () => {
  it('when the time zone is not an IANA name or the time not HH:MM, then 400; reminders for an unverified address → 409', async () => {
    const m = await member();
    expect(practiceSettingsSchema.parse((await m.get('/settings')).body)).toEqual({
      timeZone: 'UTC',
      reminder: { enabled: false, time: '19:00' },
    });
    expect((await m.patch('/settings', { timeZone: 'Mars/Olympus' })).status).toBe(400);
    expect((await m.patch('/settings', { timeZone: '+02:00' })).status).toBe(400);
    expect((await m.patch('/settings', { reminder: { enabled: false, time: '25:00' } })).status).toBe(400);
    expect((await m.patch('/settings', {})).status).toBe(400);
    const unverified = await m.patch('/settings', { reminder: { enabled: true, time: '07:30' } });
    expect(unverified.status).toBe(409);
    expect(unverified.body.message).toMatch(/verify/i);
    const ok = await m.patch('/settings', { timeZone: 'Europe/Paris', reminder: { enabled: false, time: '07:30' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ timeZone: 'Europe/Paris', reminder: { enabled: false, time: '07:30' } });
  });

  it('when the address is verified, then reminders can be turned on', async () => {
    const { deps, app } = practice;
    const { user, cookie } = await loggedInMember(deps, { membershipLevel: 'premium' });
    await deps.mongo
      .collection(USERS_COLLECTION)
      .updateOne({ _id: user.id as never }, { $set: { emailVerified: true } });
    const res = await request(app)
      .patch('/api/practice/settings')
      .set('Cookie', cookie)
      .set('Origin', TEST_SITE_ORIGIN)
      .send({ reminder: { enabled: true, time: '06:45' } });
    expect(res.status).toBe(200);
    expect(res.body.reminder).toEqual({ enabled: true, time: '06:45' });
  });
});
