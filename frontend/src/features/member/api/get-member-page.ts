import type { MemberPage, MemberPageSlug, MemberPages } from '@fm/contracts';
import { api } from '@/lib/api';

/**
 * GET /api/member/pages/:slug: what a Premium member page shows below its title (the crash
 * course, the talks, the member FAQ, the founder's biography). Premium only: 401 visitor,
 * 403 free member.
 */
export const getMemberPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMemberPage: build.query<MemberPage, MemberPageSlug>({
      query: (slug) => `member/pages/${encodeURIComponent(slug)}`,
      providesTags: (_result, _error, slug) => [{ type: 'Content', id: `page:${slug}` }],
    }),
  }),
});

/** The page body for `slug`, typed for that page. */
export function useMemberPage<S extends MemberPageSlug>(slug: S): { data?: MemberPages[S]; error?: unknown } {
  const { data, error } = getMemberPageApi.useGetMemberPageQuery(slug);
  return { data: data as MemberPages[S] | undefined, error };
}
