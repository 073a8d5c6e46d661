import type { MemberSection } from '@fm/contracts';
import { api } from '@/lib/api';

/** The request path of a section (relative to /api). */
export const sectionPath = (slug: string) => `member/sections/${encodeURIComponent(slug)}`;

/** GET /api/member/sections/:slug → the section, read for its id (Premium). */
export const getSectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSection: build.query<MemberSection, string>({
      query: sectionPath,
      providesTags: (_result, _error, slug) => [{ type: 'Section', id: slug }],
    }),
  }),
});

export const { useGetSectionQuery } = getSectionApi;
