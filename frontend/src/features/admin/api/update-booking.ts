import type { AdminBooking } from '@fm/contracts';
import { api } from '@/lib/api';

/** PATCH /api/admin/bookings/:id: `scheduledAt` (ISO with offset) alone schedules; `note` null removes it. */
export type UpdateAdminBookingArgs = {
  id: string;
  patch: { status?: 'scheduled' | 'completed'; scheduledAt?: string; note?: string | null };
};

export const updateAdminBookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAdminBooking: build.mutation<AdminBooking, UpdateAdminBookingArgs>({
      query: ({ id, patch }) => ({ url: `admin/bookings/${encodeURIComponent(id)}`, method: 'PATCH', body: patch }),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              { type: 'AdminBooking', id: 'LIST' },
              { type: 'AdminAudit', id: 'LIST' },
            ],
    }),
  }),
});

export const { useUpdateAdminBookingMutation } = updateAdminBookingApi;
