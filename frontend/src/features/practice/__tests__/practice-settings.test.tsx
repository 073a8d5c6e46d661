import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { PracticeSettingsSection } from '@/features/practice/components/practice-settings';
import { TIME_ZONE_SENT_KEY } from '@/features/practice/lib/time-zone';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';

type Settings = { timeZone: string; reminder: { enabled: boolean; time: string } };

function serveSettings(initial: Settings, patchAnswer?: () => Response) {
  const patches: unknown[] = [];
  let settings = initial;
  server.use(
    http.get(apiUrl('practice/settings'), () => HttpResponse.json(settings)),
    http.patch(apiUrl('practice/settings'), async ({ request }) => {
      const body = (await request.json()) as Partial<Settings>;
      patches.push(body);
      if (patchAnswer) return patchAnswer();
      settings = { ...settings, ...body };
      return HttpResponse.json(settings);
    }),
  );
  return patches;
}

function browserZone(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone };
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('practice settings on the account page', () => {
  it('on the first visit sends the browser’s time zone when the account has none set (UTC)', async () => {
    browserZone('Europe/Paris');
    const patches = serveSettings({ timeZone: 'UTC', reminder: { enabled: false, time: '19:00' } });
    renderWithProviders(<PracticeSettingsSection />);
    await waitFor(() => expect(patches).toEqual([{ timeZone: 'Europe/Paris' }]));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Paris'));
    expect(window.localStorage.getItem(TIME_ZONE_SENT_KEY)).toBe('1');
  });

  it('never replaces a zone once this browser has sent one (the member may have picked another)', async () => {
    browserZone('Europe/Paris');
    window.localStorage.setItem(TIME_ZONE_SENT_KEY, '1');
    const patches = serveSettings({ timeZone: 'UTC', reminder: { enabled: false, time: '19:00' } });
    renderWithProviders(<PracticeSettingsSection />);
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
    expect(patches).toEqual([]);
  });

  it('turns the daily reminder on at a time', async () => {
    window.localStorage.setItem(TIME_ZONE_SENT_KEY, '1');
    const patches = serveSettings({ timeZone: 'America/Chicago', reminder: { enabled: false, time: '19:00' } });
    const { user } = renderWithProviders(<PracticeSettingsSection />);
    const form = await screen.findByRole('form', { name: 'Practice settings' });
    await user.click(within(form).getByRole('switch', { name: 'Daily reminder by email' }));
    const time = within(form).getByRole('combobox', { name: 'Reminder time' });
    expect(within(time).getAllByRole('option')).toHaveLength(96); // every 15 minutes
    await user.selectOptions(time, '07:30');
    await user.click(within(form).getByRole('button', { name: 'Save practice settings' }));
    expect(await screen.findByText('Practice settings saved')).toBeInTheDocument();
    expect(patches).toEqual([{ timeZone: 'America/Chicago', reminder: { enabled: true, time: '07:30' } }]);
  });

  it('an unverified address: the 409 says to verify it first', async () => {
    window.localStorage.setItem(TIME_ZONE_SENT_KEY, '1');
    const message = 'Verify your email address first: reminders go only to verified addresses.';
    serveSettings({ timeZone: 'UTC', reminder: { enabled: false, time: '19:00' } }, () =>
      HttpResponse.json({ message, code: 'CONFLICT' }, { status: 409 }),
    );
    const { user } = renderWithProviders(<PracticeSettingsSection />);
    const form = await screen.findByRole('form', { name: 'Practice settings' });
    await user.click(within(form).getByRole('switch', { name: 'Daily reminder by email' }));
    await user.click(within(form).getByRole('button', { name: 'Save practice settings' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });
});
