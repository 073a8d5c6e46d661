import type { AdminPage, AdminTier } from '@fm/contracts';
import { api } from '@/lib/api';
import { catalogueListTag } from '@/features/admin/api/catalogue';
import type { PageArgs } from '@/features/admin/api/paging';

export const getAdminTiersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminTiers: build.query<AdminPage<AdminTier>, PageArgs>({
      query: ({ page, pageSize }) => ({ url: 'admin/tiers', params: { page, pageSize } }),
      providesTags: [catalogueListTag('tiers')],
    }),
  }),
});

export const { useGetAdminTiersQuery } = getAdminTiersApi;
