import type { AdminPage, AdminSectionItem } from '@fm/contracts';
import { api } from '@/lib/api';
import { catalogueListTag } from '@/features/admin/api/catalogue';
import type { PageArgs } from '@/features/admin/api/paging';

export type GetAdminSectionItemsArgs = PageArgs & { slug: string };

export const getAdminSectionItemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminSectionItems: build.query<AdminPage<AdminSectionItem>, GetAdminSectionItemsArgs>({
      query: ({ slug, page, pageSize }) => ({
        url: `admin/sections/${encodeURIComponent(slug)}/content`,
        params: { page, pageSize },
      }),
      providesTags: (_result, _error, { slug }) => [catalogueListTag('sectionItems', slug)],
    }),
  }),
});

export const { useGetAdminSectionItemsQuery } = getAdminSectionItemsApi;
