import type { MemberWorksheet } from '@fm/contracts';
import { api } from '@/lib/api';

/** GET /api/member/worksheets (Premium: 401 visitor, 403 free member), in the programme's section order. */
export const getWorksheetsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWorksheets: build.query<MemberWorksheet[], void>({
      query: () => 'member/worksheets',
      providesTags: [{ type: 'Content', id: 'worksheets' }],
    }),
  }),
});

export const { useGetWorksheetsQuery } = getWorksheetsApi;
