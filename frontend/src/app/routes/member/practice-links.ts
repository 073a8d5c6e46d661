import { useCallback } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useGetSectionsQuery } from '@/features/member/api/get-sections';
import { MEMBER_SECTIONS } from '@/features/member/member-content';

/**
 * Maps a practice item's section id to the slug of its page (/member/<slug>), for the sections
 * the app has a page for; undefined otherwise. Sections are Premium: free members have none.
 */
export function useSectionSlug(): (sectionId: string) => string | undefined {
  const { isPremium } = useCurrentUser();
  const { data: sections } = useGetSectionsQuery(undefined, { skip: !isPremium });
  return useCallback(
    (sectionId: string) => {
      const slug = sections?.find((s) => s.id === sectionId)?.slug;
      return slug && slug in MEMBER_SECTIONS ? slug : undefined;
    },
    [sections],
  );
}
