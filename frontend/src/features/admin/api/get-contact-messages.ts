import type { AdminPage, AdminContactMessage, ContactInboxSort } from '@fm/contracts';
import { api } from '@/lib/api';
import type { PageArgs } from '@/features/admin/api/paging';

export type GetAdminContactMessagesArgs = PageArgs & { handled?: boolean; sort?: ContactInboxSort };

export const getAdminContactMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminContactMessages: build.query<AdminPage<AdminContactMessage>, GetAdminContactMessagesArgs>({
      query: ({ handled, sort, page, pageSize }) => ({
        url: 'admin/contact-messages',
        params: { handled, sort, page, pageSize },
      }),
      providesTags: [{ type: 'AdminContactMessage', id: 'LIST' }],
    }),
  }),
});

export const { useGetAdminContactMessagesQuery } = getAdminContactMessagesApi;
