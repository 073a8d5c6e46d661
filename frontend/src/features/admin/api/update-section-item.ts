import type { AdminSectionItem, AdminSectionItemInput } from '@fm/contracts';
import { api } from '@/lib/api';
import { CATALOGUE_KINDS, catalogueListTag } from '@/features/admin/api/catalogue';

export type UpdateAdminSectionItemArgs = { slug: string; id: string; patch: Partial<AdminSectionItemInput> };

/** PATCH /api/admin/sections/:slug/content/:itemId with only the changed fields. */
export const updateAdminSectionItemApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAdminSectionItem: build.mutation<AdminSectionItem, UpdateAdminSectionItemArgs>({
      query: ({ slug, id, patch }) => ({
        url: `admin/sections/${encodeURIComponent(slug)}/content/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: patch,
      }),
      invalidatesTags: (_result, error, { slug }) =>
        error
          ? []
          : [
              catalogueListTag('sectionItems', slug),
              CATALOGUE_KINDS.sectionItems.publicTag,
              { type: 'AdminAudit', id: 'LIST' },
            ],
    }),
  }),
});

export const { useUpdateAdminSectionItemMutation } = updateAdminSectionItemApi;
