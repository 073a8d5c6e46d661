import type { ContactPromise } from '@fm/contracts';
import { api } from '@/lib/api';

/** GET /api/admin/contact-messages/promise: the support promise as a figure over the last 30 days. */
export const getContactPromiseApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContactPromise: build.query<ContactPromise, void>({
      query: () => 'admin/contact-messages/promise',
      providesTags: [{ type: 'AdminContactMessage', id: 'PROMISE' }],
    }),
  }),
});

export const { useGetContactPromiseQuery } = getContactPromiseApi;
