import type { AdminPage, AdminContactMessage, ContactInboxSort } from '@fm/contracts';
import { api } from '@/lib/api';
import type { PageArgs } from '@/features/admin/api/paging';

/** `q`: every word in the sender's name or address or the message ('' for no search). */
export type GetAdminContactMessagesArgs = PageArgs & { handled?: boolean; sort?: ContactInboxSort; q?: string };

export const getAdminContactMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminContactMessages: build.query<AdminPage<AdminContactMessage>, GetAdminContactMessagesArgs>({
      query: ({ handled, sort, q, page, pageSize }) => ({
        url: 'admin/contact-messages',
        params: { handled, sort, q: q || undefined, page, pageSize },
      }),
      providesTags: [{ type: 'AdminContactMessage', id: 'LIST' }],
    }),
  }),
});

export const { useGetAdminContactMessagesQuery } = getAdminContactMessagesApi;
