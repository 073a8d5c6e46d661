import type {
  AdminNewsletter,
  AdminNewsletterInput,
  AdminNewsletterList,
  NewsletterAudience,
  NewsletterPreview,
} from '@fm/contracts';
import { api } from '@/lib/api';

/** GET /api/member/whats-new: up to 6 items of the last 30 days, newest first. */
export type WhatsNewItem = {
  kind: 'lesson' | 'lecture' | 'item';
  id: string;
  title: string;
  sectionSlug?: string;
  publishedAt: string;
  locked: boolean;
};

const LIST = { type: 'AdminNewsletter', id: 'LIST' } as const;
const AUDIENCE = { type: 'AdminNewsletter', id: 'AUDIENCE' } as const;
const AUDIT = { type: 'AdminAudit', id: 'LIST' } as const;
const one = (id: string) => ({ type: 'AdminNewsletter', id }) as const;
const at = (id: string, tail = '') => `admin/newsletters/${encodeURIComponent(id)}${tail}`;

/**
 * The founder's newsletters (`/api/admin/newsletters…`, admins only, audited): drafts are
 * created and edited, previewed as the mail, tested on the founder and sent (a background job;
 * 202). A sent newsletter is read-only (409 on a PATCH or a second send).
 */
export const adminNewslettersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every newsletter, newest first (one a month: no paging). */
    getAdminNewsletters: build.query<AdminNewsletterList, void>({
      query: () => 'admin/newsletters',
      providesTags: [LIST],
    }),
    getAdminNewsletter: build.query<AdminNewsletter, string>({
      query: (id) => at(id),
      providesTags: (_result, _error, id) => [one(id)],
    }),
    /** GET /api/admin/newsletters/audience → {subscribers}: opted-in, verified, not deleted. */
    getNewsletterAudience: build.query<NewsletterAudience, void>({
      query: () => 'admin/newsletters/audience',
      providesTags: [AUDIENCE],
    }),
    getNewsletterPreview: build.query<NewsletterPreview, string>({
      query: (id) => at(id, '/preview'),
      providesTags: (_result, _error, id) => [{ type: 'AdminNewsletter', id: `${id}/preview` }],
    }),
    createAdminNewsletter: build.mutation<AdminNewsletter, AdminNewsletterInput>({
      query: (body) => ({ url: 'admin/newsletters', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST, AUDIT]),
    }),
    updateAdminNewsletter: build.mutation<AdminNewsletter, { id: string; patch: Partial<AdminNewsletterInput> }>({
      query: ({ id, patch }) => ({ url: at(id), method: 'PATCH', body: patch }),
      // The answer is the newsletter as saved: the editor shows it at once, without a refetch.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(adminNewslettersApi.util.upsertQueryData('getAdminNewsletter', id, data));
        } catch {
          // The editor shows the failure; the cached newsletter is unchanged.
        }
      },
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [LIST, { type: 'AdminNewsletter', id: `${id}/preview` }, AUDIT],
    }),
    /** → 202: one mail to the founder (FOUNDER_EMAIL). */
    sendTestNewsletter: build.mutation<unknown, string>({
      query: (id) => ({ url: at(id, '/test'), method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [AUDIT]),
    }),
    /** → 202: queued for every subscriber; a second send → 409. */
    sendNewsletter: build.mutation<unknown, string>({
      query: (id) => ({ url: at(id, '/send'), method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [LIST, one(id), AUDIT]),
    }),
    /**
     * GET /api/member/whats-new, for the editor's "What's new this month" block (asked when the
     * founder presses the button, never cached between presses).
     */
    getNewsletterWhatsNew: build.query<WhatsNewItem[], void>({
      query: () => 'member/whats-new',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetAdminNewslettersQuery,
  useGetAdminNewsletterQuery,
  useGetNewsletterAudienceQuery,
  useLazyGetNewsletterPreviewQuery,
  useCreateAdminNewsletterMutation,
  useUpdateAdminNewsletterMutation,
  useSendTestNewsletterMutation,
  useSendNewsletterMutation,
  useGetNewsletterWhatsNewQuery,
} = adminNewslettersApi;
