import type { AdminBillingMember, AdminBillingSubscription, AdminRefund } from '@fm/contracts';
import { api } from '@/lib/api';

export type AdminRefundArgs = { memberId: string; invoiceId: string; amountCents?: number; reason: string };
export type AdminCancelArgs = { memberId: string; reason: string };
export type AdminCompArgs = { memberId: string; reason: string; days: number };

const base = (memberId: string) => `admin/billing/members/${encodeURIComponent(memberId)}`;
const tag = (memberId: string) => ({ type: 'AdminMember' as const, id: `billing:${memberId}` });

/**
 * Every action changes the member's billing, maybe their level (the members list) and the audit
 * log; a failed one changes nothing.
 */
const afterAction = (_result: unknown, error: unknown, { memberId }: { memberId: string }) =>
  error
    ? []
    : [tag(memberId), { type: 'AdminMember' as const, id: 'LIST' }, { type: 'AdminAudit' as const, id: 'LIST' }];

/**
 * The founder console's billing of one member (issue 28): subscription, invoices with what was
 * refunded, the guarantee; refund an invoice (full, or `amountCents`), cancel the subscription,
 * comp it N days. Each action carries the founder's reason (audited by billing).
 */
export const memberBillingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminMemberBilling: build.query<AdminBillingMember, string>({
      query: (memberId) => base(memberId),
      providesTags: (_result, _error, memberId) => [tag(memberId)],
    }),
    refundAdminInvoice: build.mutation<AdminRefund, AdminRefundArgs>({
      query: ({ memberId, ...body }) => ({ url: `${base(memberId)}/refunds`, method: 'POST', body }),
      invalidatesTags: afterAction,
    }),
    cancelAdminSubscription: build.mutation<AdminBillingSubscription, AdminCancelArgs>({
      query: ({ memberId, reason }) => ({
        url: `${base(memberId)}/subscription/cancel`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: afterAction,
    }),
    compAdminSubscription: build.mutation<AdminBillingSubscription, AdminCompArgs>({
      query: ({ memberId, reason, days }) => ({
        url: `${base(memberId)}/subscription/comp`,
        method: 'POST',
        body: { reason, days },
      }),
      invalidatesTags: afterAction,
    }),
  }),
});

export const {
  useGetAdminMemberBillingQuery,
  useRefundAdminInvoiceMutation,
  useCancelAdminSubscriptionMutation,
  useCompAdminSubscriptionMutation,
} = memberBillingApi;
