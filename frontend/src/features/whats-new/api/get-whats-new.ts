import type { WhatsNewItem } from '@fm/contracts';
import { api } from '@/lib/api';

/**
 * GET /api/member/whats-new: up to 6 lessons, lectures and section items of the last 30 days,
 * newest first; `locked` ones are Premium and the member is not (no media in this list). Asked
 * again when shown after a minute: what is new changes with the calendar, not only with edits.
 */
export const getWhatsNewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWhatsNew: build.query<WhatsNewItem[], void>({
      query: () => 'member/whats-new',
      providesTags: ['WhatsNew'],
    }),
  }),
});

export const { useGetWhatsNewQuery } = getWhatsNewApi;
