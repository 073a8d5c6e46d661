import type { AdminPage, AuditEntry } from '@fm/contracts';
import { api } from '@/lib/api';
import type { PageArgs } from '@/features/admin/api/paging';

export type GetAdminAuditArgs = PageArgs;

export const getAdminAuditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminAudit: build.query<AdminPage<AuditEntry>, GetAdminAuditArgs>({
      query: ({ page, pageSize }) => ({ url: 'admin/audit', params: { page, pageSize } }),
      providesTags: [{ type: 'AdminAudit', id: 'LIST' }],
    }),
  }),
});

export const { useGetAdminAuditQuery } = getAdminAuditApi;
