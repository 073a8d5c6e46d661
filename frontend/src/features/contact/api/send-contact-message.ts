import { api } from '@/lib/api';

export type ContactMessageInput = { name: string; email: string; message: string };

export const sendContactMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/contact {name, email, message} → 201; the answer is not read. */
    sendContactMessage: build.mutation<unknown, ContactMessageInput>({
      query: (body) => ({ url: 'contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = sendContactMessageApi;
