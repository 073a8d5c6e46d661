import { api } from '@/lib/api';

/** One of the four Premium guided visualizations: `guide` is the script its audio speaks. */
export type GuidedVisualization = {
  id: string;
  title: string;
  description: string;
  guide: string;
  audioUrl: string;
};

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
