import { createAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from '@/lib/base-query';

/**
 * The answers a prerendered page was rendered with (src/prerender, embedded in the page as
 * JSON): dispatched once before hydration, so the first client render shows the same data as
 * the HTML and asks the API for none of it.
 */
export const prerenderedState = createAction<{ api?: unknown }>('fm/prerendered');

/**
 * The one RTK Query slice of the app (SPEC §7). Features add endpoints with
 * `api.injectEndpoints({ endpoints: (build) => ({ ... }) })` in their own `api/` files.
 *
 * - baseUrl '/api', credentials 'include' (see base-query.ts)
 * - never stale: cached data is kept for ever and only refetched when a tag is invalidated
 * - no refetch on focus, reconnect or mount, no polling, no retries
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: [
    'User',
    'Lesson',
    'Lecture',
    'Testimonial',
    'MembershipTier',
    'Section',
    'Content',
    'Course',
    'Subscription',
    'BillingHistory',
    'ContactMessage',
    'AdminMember',
    'AdminBooking',
    'AdminContactMessage',
    'AdminCatalogue',
    'AdminAudit',
    'WhatsNew',
    'Practice',
    'AdminNewsletter',
  ],
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
  extractRehydrationInfo(action, { reducerPath }) {
    // The slice's own state, serialized by the same code at build time.
    if (prerenderedState.match(action)) return action.payload[reducerPath] as never;
    return undefined;
  },
});

/** Every tag whose data depends on who is logged in or on their membership level. */
const VIEWER_TAGS = [
  'User',
  'Lesson',
  'Lecture',
  'Section',
  'Content',
  'Course',
  'Subscription',
  'BillingHistory',
  'WhatsNew',
] as const;

/**
 * The `invalidatesTags` of every mutation that changes who is logged in or their membership
 * level (login, signup, the billing sync after a payment): once it succeeds, everything cached
 * that depends on the viewer is fetched again (shown data at once, the rest when next shown),
 * so e.g. /lessons unlocks right after paying. A failed call changes nothing. Logout needs no
 * tags: it clears every cached answer (SPEC §4).
 */
export function invalidatesViewer(_result: unknown, error: unknown): readonly (typeof VIEWER_TAGS)[number][] {
  return error ? [] : VIEWER_TAGS;
}
