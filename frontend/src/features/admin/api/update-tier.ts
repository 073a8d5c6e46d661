import type { AdminTier, AdminTierInput } from '@fm/contracts';
import { api } from '@/lib/api';
import { CATALOGUE_KINDS, catalogueListTag } from '@/features/admin/api/catalogue';

export type UpdateAdminTierArgs = { id: string; patch: Partial<AdminTierInput> };

/** PATCH /api/admin/tiers/:id with only the changed fields. */
export const updateAdminTierApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAdminTier: build.mutation<AdminTier, UpdateAdminTierArgs>({
      query: ({ id, patch }) => ({ url: `admin/tiers/${encodeURIComponent(id)}`, method: 'PATCH', body: patch }),
      invalidatesTags: (_result, error) =>
        error ? [] : [catalogueListTag('tiers'), CATALOGUE_KINDS.tiers.publicTag, { type: 'AdminAudit', id: 'LIST' }],
    }),
  }),
});

export const { useUpdateAdminTierMutation } = updateAdminTierApi;
