import type { MemberSection } from '@fm/contracts';
import { api } from '@/lib/api';

/** GET /api/member/sections/:slug → the section, read for its id (Premium). */
export const getSectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSection: build.query<MemberSection, string>({
      query: (slug) => `member/sections/${encodeURIComponent(slug)}`,
      providesTags: (_result, _error, slug) => [{ type: 'Section', id: slug }],
    }),
  }),
});

export const { useGetSectionQuery } = getSectionApi;
