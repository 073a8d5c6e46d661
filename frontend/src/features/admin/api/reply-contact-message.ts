import type { ContactReply } from '@fm/contracts';
import { api } from '@/lib/api';

export type ReplyToContactMessageArgs = { id: string; text: string };

/** POST /api/admin/contact-messages/:id/reply {text} → 201 the reply (mailed to the sender; the message is handled). */
export const replyToContactMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    replyToContactMessage: build.mutation<ContactReply, ReplyToContactMessageArgs>({
      query: ({ id, text }) => ({
        url: `admin/contact-messages/${encodeURIComponent(id)}/reply`,
        method: 'POST',
        body: { text },
      }),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              { type: 'AdminContactMessage', id: 'LIST' },
              { type: 'AdminContactMessage', id: 'PROMISE' },
              { type: 'AdminAudit', id: 'LIST' },
            ],
    }),
  }),
});

export const { useReplyToContactMessageMutation } = replyToContactMessageApi;
