import type { PracticeAdminMember, PracticeAdminSummary } from '@fm/contracts';
import { api } from '@/lib/api';

/**
 * The practice service's console figures (docs/API.md "practice", admin): the front page's
 * summary (GET /api/admin/practice/summary) and one member's totals
 * (GET /api/admin/practice/members/:memberId). Read only.
 */
export const adminPracticeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminPracticeSummary: build.query<PracticeAdminSummary, void>({
      query: () => 'admin/practice/summary',
    }),
    getAdminMemberPractice: build.query<PracticeAdminMember, string>({
      query: (memberId) => `admin/practice/members/${encodeURIComponent(memberId)}`,
    }),
  }),
});

export const { useGetAdminPracticeSummaryQuery, useGetAdminMemberPracticeQuery } = adminPracticeApi;
