/** The browser's IANA time zone ("Europe/Paris"), or null when it cannot tell. */
export function detectTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone || null;
  } catch {
    return null;
  }
}

/** Every IANA time zone name the browser knows (UTC first), or a short list when it cannot list them. */
export function timeZoneNames(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf;
  const names = supported ? supported('timeZone') : [];
  const list = names.length > 0 ? names : ['Europe/London', 'America/New_York', 'America/Los_Angeles'];
  return ['UTC', ...list.filter((n) => n !== 'UTC')];
}

/** Set once this browser has offered its time zone, so a member's own later choice is kept. */
export const TIME_ZONE_SENT_KEY = 'fm.practice.timeZoneSent';
