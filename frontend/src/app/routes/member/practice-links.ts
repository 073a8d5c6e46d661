import { useCallback } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useGetSectionsQuery } from '@/features/member/api/get-sections';
import { MEMBER_SECTIONS } from '@/features/member/member-content';

/**
 * Maps a practice item's section id to the slug of its page (/member/<slug>), for the sections
 * the catalogue says have a page (`hasPage`, GET /api/member/sections; the member routes hold
 * those pages); undefined otherwise. Sections are Premium: free members have none.
 */
export function useSectionSlug(): (sectionId: string) => string | undefined {
  const { isPremium } = useCurrentUser();
  const { data: sections } = useGetSectionsQuery(undefined, { skip: !isPremium });
  return useCallback(
    (sectionId: string) => {
      const section = sections?.find((s) => s.id === sectionId);
      return section?.hasPage && section.slug in MEMBER_SECTIONS ? section.slug : undefined;
    },
    [sections],
  );
}
