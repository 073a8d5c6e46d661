import type { MyContactMessages } from '@fm/contracts';
import { api } from '@/lib/api';

/** GET /api/contact/mine (logged in): the member's messages, newest first, with the founder's replies. */
export const getMyContactMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyContactMessages: build.query<MyContactMessages, void>({
      query: () => 'contact/mine',
      providesTags: ['ContactMessage'],
    }),
  }),
});

export const { useGetMyContactMessagesQuery } = getMyContactMessagesApi;
