import { api } from '@/lib/api';
import type { Testimonial } from '@/features/testimonials/types';

export const getTestimonialsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/testimonials. */
    getTestimonials: build.query<Testimonial[], void>({
      query: () => 'testimonials',
      providesTags: [{ type: 'Testimonial', id: 'LIST' }],
    }),
  }),
});

export const { useGetTestimonialsQuery } = getTestimonialsApi;
