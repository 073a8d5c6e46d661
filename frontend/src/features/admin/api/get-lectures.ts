import type { AdminPage, AdminLecture } from '@fm/contracts';
import { api } from '@/lib/api';
import { catalogueListTag } from '@/features/admin/api/catalogue';
import type { PageArgs } from '@/features/admin/api/paging';

export const getAdminLecturesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminLectures: build.query<AdminPage<AdminLecture>, PageArgs>({
      query: ({ page, pageSize }) => ({ url: 'admin/lectures', params: { page, pageSize } }),
      providesTags: [catalogueListTag('lectures')],
    }),
  }),
});

export const { useGetAdminLecturesQuery } = getAdminLecturesApi;
