import type { MemberContent } from '@fm/contracts';
import { api } from '@/lib/api';

/** The request path of a section's items (relative to /api). */
export const sectionContentPath = (sectionId: string) => `member/content/${encodeURIComponent(sectionId)}`;

/**
 * GET /api/member/content/:sectionId (the spec's key segments joined with "/"), called only
 * once the section id is known. Items come back in their `order`.
 */
export const getSectionContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSectionContent: build.query<MemberContent[], string>({
      query: sectionContentPath,
      transformResponse: (items: MemberContent[]) => [...items].sort((a, b) => a.order - b.order),
      providesTags: (_result, _error, sectionId) => [{ type: 'Content', id: sectionId }],
    }),
  }),
});

export const { useGetSectionContentQuery } = getSectionContentApi;
