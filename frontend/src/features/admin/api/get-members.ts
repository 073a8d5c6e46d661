import type { AdminPage, AdminMember } from '@fm/contracts';
import { api } from '@/lib/api';
import type { PageArgs } from '@/features/admin/api/paging';

export type GetAdminMembersArgs = PageArgs & { q: string };

export const getAdminMembersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminMembers: build.query<AdminPage<AdminMember>, GetAdminMembersArgs>({
      query: ({ q, page, pageSize }) => ({ url: 'admin/members', params: { q, page, pageSize } }),
      providesTags: [{ type: 'AdminMember', id: 'LIST' }],
    }),
  }),
});

export const { useGetAdminMembersQuery } = getAdminMembersApi;
