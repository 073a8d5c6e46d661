import type { AdminPage, AdminTestimonial } from '@fm/contracts';
import { api } from '@/lib/api';
import { catalogueListTag } from '@/features/admin/api/catalogue';
import type { PageArgs } from '@/features/admin/api/paging';

export const getAdminTestimonialsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminTestimonials: build.query<AdminPage<AdminTestimonial>, PageArgs>({
      query: ({ page, pageSize }) => ({ url: 'admin/testimonials', params: { page, pageSize } }),
      providesTags: [catalogueListTag('testimonials')],
    }),
  }),
});

export const { useGetAdminTestimonialsQuery } = getAdminTestimonialsApi;
