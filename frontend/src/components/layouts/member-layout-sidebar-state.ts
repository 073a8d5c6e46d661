/** Sidebar open/collapsed choice kept in a cookie (SPEC §4, §9; the cookie's name and age: src/config/cookies.ts). */
import { SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_COOKIE_NAME } from '@/config/cookies';

export { SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_COOKIE_NAME };
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const SIDEBAR_WIDTH = '20rem';
export const SIDEBAR_WIDTH_COLLAPSED = '4rem';
export const MOBILE_BREAKPOINT = 768;

/** Reads the saved choice; `true` (expanded) when nothing is saved. */
export function readSidebarCookie(cookie: string = document.cookie): boolean {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  if (!entry) return true;
  return entry.slice(SIDEBAR_COOKIE_NAME.length + 1) !== 'false';
}

export function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Ctrl+B or Cmd+B. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.ctrlKey || event.metaKey);
}
