import type { AdminBooking, AdminPage, BookingStatus } from '@fm/contracts';
import { api } from '@/lib/api';
import type { PageArgs } from '@/features/admin/api/paging';

export type GetAdminBookingsArgs = PageArgs & { status?: BookingStatus };

export const getAdminBookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminBookings: build.query<AdminPage<AdminBooking>, GetAdminBookingsArgs>({
      query: ({ status, page, pageSize }) => ({ url: 'admin/bookings', params: { status, page, pageSize } }),
      providesTags: [{ type: 'AdminBooking', id: 'LIST' }],
    }),
  }),
});

export const { useGetAdminBookingsQuery } = getAdminBookingsApi;
