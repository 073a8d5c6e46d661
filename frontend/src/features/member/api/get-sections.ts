import type { MemberSection } from '@fm/contracts';
import { api } from '@/lib/api';

/** GET /api/member/sections → the programme's sections (Premium), e.g. to map an id to its page. */
export const getSectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSections: build.query<MemberSection[], void>({
      query: () => 'member/sections',
      providesTags: [{ type: 'Section', id: 'LIST' }],
    }),
  }),
});

export const { useGetSectionsQuery } = getSectionsApi;
