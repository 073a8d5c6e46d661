import type { AdminWorksheet, UpdateWorksheetInput } from '@fm/contracts';
import { api } from '@/lib/api';

const LIST_TAG = { type: 'AdminCatalogue', id: 'worksheets' } as const;

export type UpdateAdminWorksheetArgs = { slug: string; patch: UpdateWorksheetInput };

/**
 * GET /api/admin/worksheets (with the text the founder edits) and PATCH /api/admin/worksheets/:slug
 * {title?, body?}: the service makes the PDF again at once.
 */
export const adminWorksheetsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminWorksheets: build.query<AdminWorksheet[], void>({
      query: () => 'admin/worksheets',
      providesTags: [LIST_TAG],
    }),
    updateAdminWorksheet: build.mutation<AdminWorksheet, UpdateAdminWorksheetArgs>({
      query: ({ slug, patch }) => ({
        url: `admin/worksheets/${encodeURIComponent(slug)}`,
        method: 'PATCH',
        body: patch,
      }),
      invalidatesTags: (_result, error) =>
        error ? [] : [LIST_TAG, { type: 'Content', id: 'worksheets' }, { type: 'AdminAudit', id: 'LIST' }],
    }),
  }),
});

export const { useGetAdminWorksheetsQuery, useUpdateAdminWorksheetMutation } = adminWorksheetsApi;
