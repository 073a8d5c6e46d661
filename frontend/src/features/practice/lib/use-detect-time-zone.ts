import { useEffect } from 'react';
import { useGetPracticeSettingsQuery, useUpdatePracticeSettingsMutation } from '@/features/practice/api/practice-api';
import { TIME_ZONE_SENT_KEY, detectTimeZone } from '@/features/practice/lib/time-zone';

function alreadySent(): boolean {
  try {
    return window.localStorage.getItem(TIME_ZONE_SENT_KEY) === '1';
  } catch {
    return true; // no storage: never overwrite
  }
}

/**
 * On a member's first visit from this browser, the time zone the browser reports is sent when the
 * account still has the default (UTC, never set): days and the streak then follow the member's
 * own midnight. Done once per browser, so a zone the member picks later is never replaced.
 */
export function useDetectTimeZone() {
  const { data: settings } = useGetPracticeSettingsQuery();
  const [update] = useUpdatePracticeSettingsMutation();
  useEffect(() => {
    if (!settings || alreadySent()) return;
    const zone = detectTimeZone();
    try {
      window.localStorage.setItem(TIME_ZONE_SENT_KEY, '1');
    } catch {
      /* private mode */
    }
    if (zone && settings.timeZone === 'UTC' && zone !== 'UTC') void update({ timeZone: zone });
  }, [settings, update]);
}
