/**
 * The cookies of the site, named once: the member layout writes the sidebar's, the services set
 * the session's (services/shared/src/session.ts, SESSION_COOKIE and SESSION_MAX_AGE_MS), and the
 * privacy policy (/privacy) lists them from here.
 */

/** The session cookie (HttpOnly, signed; set by the services at sign-up and login). */
export const SESSION_COOKIE_NAME = 'fm.sid';

/** Sidebar open/collapsed choice kept in a cookie (SPEC §4, §9). */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 7 days = 604800 s
