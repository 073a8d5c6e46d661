import type { AdminPage, AdminLesson } from '@fm/contracts';
import { api } from '@/lib/api';
import { catalogueListTag } from '@/features/admin/api/catalogue';
import type { PageArgs } from '@/features/admin/api/paging';

export const getAdminLessonsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminLessons: build.query<AdminPage<AdminLesson>, PageArgs>({
      query: ({ page, pageSize }) => ({ url: 'admin/lessons', params: { page, pageSize } }),
      providesTags: [catalogueListTag('lessons')],
    }),
  }),
});

export const { useGetAdminLessonsQuery } = getAdminLessonsApi;
