import type { AdminTestimonial, AdminTestimonialInput } from '@fm/contracts';
import { api } from '@/lib/api';
import { CATALOGUE_KINDS, catalogueListTag } from '@/features/admin/api/catalogue';

export type UpdateAdminTestimonialArgs = { id: string; patch: Partial<AdminTestimonialInput> };

/** PATCH /api/admin/testimonials/:id with only the changed fields. */
export const updateAdminTestimonialApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAdminTestimonial: build.mutation<AdminTestimonial, UpdateAdminTestimonialArgs>({
      query: ({ id, patch }) => ({ url: `admin/testimonials/${encodeURIComponent(id)}`, method: 'PATCH', body: patch }),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              catalogueListTag('testimonials'),
              CATALOGUE_KINDS.testimonials.publicTag,
              { type: 'AdminAudit', id: 'LIST' },
            ],
    }),
  }),
});

export const { useUpdateAdminTestimonialMutation } = updateAdminTestimonialApi;
