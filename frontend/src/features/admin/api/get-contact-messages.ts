import type { AdminPage, AdminContactMessage } from '@fm/contracts';
import { api } from '@/lib/api';
import type { PageArgs } from '@/features/admin/api/paging';

export type GetAdminContactMessagesArgs = PageArgs & { handled?: boolean };

export const getAdminContactMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminContactMessages: build.query<AdminPage<AdminContactMessage>, GetAdminContactMessagesArgs>({
      query: ({ handled, page, pageSize }) => ({ url: 'admin/contact-messages', params: { handled, page, pageSize } }),
      providesTags: [{ type: 'AdminContactMessage', id: 'LIST' }],
    }),
  }),
});

export const { useGetAdminContactMessagesQuery } = getAdminContactMessagesApi;
