import type { AdminContactMessage } from '@fm/contracts';
import { api } from '@/lib/api';

export type UpdateAdminContactMessageArgs = { id: string; handled: boolean };

/** PATCH /api/admin/contact-messages/:id {handled}. */
export const updateAdminContactMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAdminContactMessage: build.mutation<AdminContactMessage, UpdateAdminContactMessageArgs>({
      query: ({ id, handled }) => ({
        url: `admin/contact-messages/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { handled },
      }),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              { type: 'AdminContactMessage', id: 'LIST' },
              { type: 'AdminContactMessage', id: 'PROMISE' },
              { type: 'AdminAudit', id: 'LIST' },
            ],
    }),
  }),
});

export const { useUpdateAdminContactMessageMutation } = updateAdminContactMessageApi;
