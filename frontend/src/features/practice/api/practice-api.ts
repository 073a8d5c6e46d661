import { api } from '@/lib/api';
import type {
  ItemProgress,
  PracticeItemRef,
  PracticeSettings,
  PracticeSettingsPatch,
  PracticeStats,
  ResumeItem,
  TodayPlan,
} from '@/features/practice/types';

/** Every cached practice answer: a beat or a mark-read can change any of them. */
export const PRACTICE_TAGS = [
  { type: 'Practice', id: 'progress' },
  { type: 'Practice', id: 'resume' },
  { type: 'Practice', id: 'today' },
  { type: 'Practice', id: 'stats' },
] as const;

/**
 * The practice service (docs/API.md "practice"). Heartbeats are not here: players send them
 * with fetch / sendBeacon (lib/beat-transport.ts) and never wait on the store.
 */
export const practiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPracticeProgress: build.query<ItemProgress[], string>({
      query: (sectionId) => ({ url: 'practice/progress', params: { sectionId } }),
      providesTags: [{ type: 'Practice', id: 'progress' }],
    }),
    getPracticeResume: build.query<ResumeItem | null, void>({
      // 204: nothing to resume (the base query reads an empty body as null).
      query: () => 'practice/resume',
      providesTags: [{ type: 'Practice', id: 'resume' }],
    }),
    getPracticeToday: build.query<TodayPlan, void>({
      query: () => 'practice/today',
      providesTags: [{ type: 'Practice', id: 'today' }],
    }),
    getPracticeStats: build.query<PracticeStats, void>({
      query: () => 'practice/stats',
      providesTags: [{ type: 'Practice', id: 'stats' }],
    }),
    getPracticeSettings: build.query<PracticeSettings, void>({
      query: () => 'practice/settings',
      providesTags: [{ type: 'Practice', id: 'settings' }],
    }),
    updatePracticeSettings: build.mutation<PracticeSettings, PracticeSettingsPatch>({
      query: (body) => ({ url: 'practice/settings', method: 'PATCH', body }),
      invalidatesTags: (_result, error) =>
        error ? [] : [{ type: 'Practice', id: 'settings' }, ...PRACTICE_TAGS.filter((t) => t.id !== 'progress')],
    }),
    /** The page shows a text item: its read may credit the time from now (POST /api/practice/opens, 204). */
    openPracticeItem: build.mutation<unknown, PracticeItemRef>({
      query: (item) => ({ url: 'practice/opens', method: 'POST', body: item }),
    }),
    markPracticeItemRead: build.mutation<unknown, PracticeItemRef>({
      query: (item) => ({ url: 'practice/reads', method: 'POST', body: item }),
      invalidatesTags: (_result, error) => (error ? [] : [...PRACTICE_TAGS]),
    }),
  }),
});

export const {
  useGetPracticeProgressQuery,
  useGetPracticeResumeQuery,
  useGetPracticeTodayQuery,
  useGetPracticeStatsQuery,
  useGetPracticeSettingsQuery,
  useUpdatePracticeSettingsMutation,
  useMarkPracticeItemReadMutation,
  useOpenPracticeItemMutation,
} = practiceApi;
