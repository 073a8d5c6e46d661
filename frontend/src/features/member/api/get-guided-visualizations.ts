import type { GuidedVisualization } from '@fm/contracts';
import { api } from '@/lib/api';

/** GET /api/member/guided-visualizations (Premium: 401 visitor, 403 free member), in order. */
export const getGuidedVisualizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGuidedVisualizations: build.query<GuidedVisualization[], void>({
      query: () => 'member/guided-visualizations',
      providesTags: [{ type: 'Content', id: 'guided-visualizations' }],
    }),
  }),
});

export const { useGetGuidedVisualizationsQuery } = getGuidedVisualizationsApi;
