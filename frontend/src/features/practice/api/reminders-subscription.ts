import type { PracticeSettings } from '@/features/practice/types';
import { api } from '@/lib/api';

export const remindersSubscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/practice/reminders/unsubscribe?token= (no login: the signed token of the reminder
     * mail's link) → 200 {unsubscribed: true}; 400 for a tampered token. Sent only when the person
     * clicks "Stop": opening the page changes nothing (mail scanners follow links).
     */
    stopReminders: build.mutation<{ unsubscribed: true }, { token: string }>({
      query: ({ token }) => ({ url: 'practice/reminders/unsubscribe', method: 'POST', params: { token } }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Practice', id: 'settings' }]),
    }),
    /**
     * POST /api/practice/reminders/resubscribe?token= (signed in as the member the token names) →
     * 200 the settings; 401 signed out, 403 `NOT_YOUR_LINK` another member's link.
     */
    resubscribeReminders: build.mutation<PracticeSettings, { token: string }>({
      query: ({ token }) => ({ url: 'practice/reminders/resubscribe', method: 'POST', params: { token } }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Practice', id: 'settings' }]),
    }),
  }),
});

export const { useStopRemindersMutation, useResubscribeRemindersMutation } = remindersSubscriptionApi;
