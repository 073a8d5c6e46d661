import { api } from '@/lib/api';
import type { CoachingPayment } from '@fm/contracts';

/** POST /api/create-coaching-payment → {clientSecret} for the one-time coaching session. */
export const createCoachingPaymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCoachingPayment: build.mutation<CoachingPayment, void>({
      query: () => ({ url: 'create-coaching-payment', method: 'POST' }),
    }),
  }),
});

export const { useCreateCoachingPaymentMutation } = createCoachingPaymentApi;
