import type { MembershipTier } from '@fm/contracts';
import { api } from '@/lib/api';

export const getMembershipTiersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/membership-tiers, in `order`. */
    getMembershipTiers: build.query<MembershipTier[], void>({
      query: () => 'membership-tiers',
      transformResponse: (tiers: MembershipTier[]) => [...tiers].sort((a, b) => a.order - b.order),
      providesTags: [{ type: 'MembershipTier', id: 'LIST' }],
    }),
  }),
});

export const { useGetMembershipTiersQuery } = getMembershipTiersApi;
