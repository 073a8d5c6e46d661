import type { AdminLesson, AdminLessonInput } from '@fm/contracts';
import { api } from '@/lib/api';
import { CATALOGUE_KINDS, catalogueListTag } from '@/features/admin/api/catalogue';

export type UpdateAdminLessonArgs = { id: string; patch: Partial<AdminLessonInput> };

/** PATCH /api/admin/lessons/:id with only the changed fields. */
export const updateAdminLessonApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAdminLesson: build.mutation<AdminLesson, UpdateAdminLessonArgs>({
      query: ({ id, patch }) => ({ url: `admin/lessons/${encodeURIComponent(id)}`, method: 'PATCH', body: patch }),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [catalogueListTag('lessons'), CATALOGUE_KINDS.lessons.publicTag, { type: 'AdminAudit', id: 'LIST' }],
    }),
  }),
});

export const { useUpdateAdminLessonMutation } = updateAdminLessonApi;
