import { api } from '@/lib/api';

export type ContactMessageInput = { name: string; email: string; message: string };

export const sendContactMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/contact {name, email, message} → 201; the answer is not read. */
    sendContactMessage: build.mutation<unknown, ContactMessageInput>({
      query: (body) => ({ url: 'contact', method: 'POST', body }),
      // A member's message shows under "Your messages" on their account page.
      invalidatesTags: (_result, error) => (error ? [] : ['ContactMessage']),
    }),
  }),
});

export const { useSendContactMessageMutation } = sendContactMessageApi;
