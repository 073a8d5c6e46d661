import type { CatalogueThisMonth } from '@fm/contracts';
import { api } from '@/lib/api';

/** The tag of the console's monthly promise: every catalogue addition makes it stale. */
export const THIS_MONTH_TAG = { type: 'AdminCatalogue', id: 'THIS_MONTH' } as const;

/**
 * GET /api/admin/catalogue/this-month: the "new content every month" promise: this month's
 * additions, and from the 20th of a month with none, a warning.
 */
export const catalogueThisMonthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogueThisMonth: build.query<CatalogueThisMonth, void>({
      query: () => 'admin/catalogue/this-month',
      providesTags: [THIS_MONTH_TAG],
    }),
  }),
});

export const { useGetCatalogueThisMonthQuery } = catalogueThisMonthApi;
