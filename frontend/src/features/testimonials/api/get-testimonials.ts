import type { Testimonial } from '@fm/contracts';
import { api } from '@/lib/api';

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
