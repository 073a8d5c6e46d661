import type { AdminLesson, AdminLessonInput, AdminSectionItem, AdminSectionItemInput } from '@fm/contracts';
import { api } from '@/lib/api';
import { CATALOGUE_KINDS, catalogueListTag } from '@/features/admin/api/catalogue';
import { THIS_MONTH_TAG } from '@/features/admin/api/catalogue-this-month';

export type CreateAdminSectionItemArgs = { slug: string; body: Partial<AdminSectionItemInput> };

/**
 * POST /api/admin/lessons and POST /api/admin/sections/:slug/content: the founder adds to the
 * catalogue (published at once: members see it as "New"). Stale afterwards: the lists, the public
 * pages, the audit, the monthly promise and what is new.
 */
export const createCatalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    createAdminLesson: build.mutation<AdminLesson, Partial<AdminLessonInput>>({
      query: (body) => ({ url: 'admin/lessons', method: 'POST', body }),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              catalogueListTag('lessons'),
              CATALOGUE_KINDS.lessons.publicTag,
              { type: 'AdminAudit', id: 'LIST' },
              THIS_MONTH_TAG,
              'WhatsNew',
            ],
    }),
    createAdminSectionItem: build.mutation<AdminSectionItem, CreateAdminSectionItemArgs>({
      query: ({ slug, body }) => ({ url: `admin/sections/${encodeURIComponent(slug)}/content`, method: 'POST', body }),
      invalidatesTags: (_result, error, { slug }) =>
        error
          ? []
          : [
              catalogueListTag('sectionItems', slug),
              CATALOGUE_KINDS.sectionItems.publicTag,
              { type: 'AdminAudit', id: 'LIST' },
              THIS_MONTH_TAG,
              'WhatsNew',
            ],
    }),
  }),
});

export const { useCreateAdminLessonMutation, useCreateAdminSectionItemMutation } = createCatalogueApi;
