import { api } from '@/lib/api';
import type { ClientSecretAnswer } from '@/features/billing/api/types';

/** POST /api/create-coaching-payment → {clientSecret} for the one-time 45-minute session. */
export const createCoachingPaymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCoachingPayment: build.mutation<ClientSecretAnswer, void>({
      query: () => ({ url: 'create-coaching-payment', method: 'POST' }),
    }),
  }),
});

export const { useCreateCoachingPaymentMutation } = createCoachingPaymentApi;
