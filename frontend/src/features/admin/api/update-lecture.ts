import type { AdminLecture, AdminLectureInput } from '@fm/contracts';
import { api } from '@/lib/api';
import { CATALOGUE_KINDS, catalogueListTag } from '@/features/admin/api/catalogue';

export type UpdateAdminLectureArgs = { id: string; patch: Partial<AdminLectureInput> };

/** PATCH /api/admin/lectures/:id with only the changed fields. */
export const updateAdminLectureApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateAdminLecture: build.mutation<AdminLecture, UpdateAdminLectureArgs>({
      query: ({ id, patch }) => ({ url: `admin/lectures/${encodeURIComponent(id)}`, method: 'PATCH', body: patch }),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [catalogueListTag('lectures'), CATALOGUE_KINDS.lectures.publicTag, { type: 'AdminAudit', id: 'LIST' }],
    }),
  }),
});

export const { useUpdateAdminLectureMutation } = updateAdminLectureApi;
