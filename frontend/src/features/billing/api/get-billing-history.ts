import type { BillingBooking, BillingInvoice } from '@fm/contracts';
import { api } from '@/lib/api';

/**
 * GET /api/billing/invoices (the member's Premium invoices, newest first) and
 * GET /api/billing/bookings (their coaching bookings once paid, newest first).
 */
export const getBillingHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvoices: build.query<BillingInvoice[], void>({
      query: () => 'billing/invoices',
      providesTags: [{ type: 'BillingHistory', id: 'invoices' }],
    }),
    getBookings: build.query<BillingBooking[], void>({
      query: () => 'billing/bookings',
      providesTags: [{ type: 'BillingHistory', id: 'bookings' }],
    }),
  }),
});

export const { useGetInvoicesQuery, useGetBookingsQuery } = getBillingHistoryApi;
