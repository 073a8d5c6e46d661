import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from '@/lib/base-query';

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
  ],
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

/** Tags whose data depends on who is logged in; refreshed after login and signup. */
export const VIEWER_DEPENDENT_TAGS = ['Lesson', 'Lecture', 'Section', 'Content', 'Course', 'Subscription'] as const;
