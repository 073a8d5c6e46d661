import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { AudioPlayer } from '@/features/audio/components/audio-player';
import { useGetSectionQuery } from '@/features/member/api/get-section';
import { MEMBER_SECTIONS, type MemberSectionSlug } from '@/features/member/member-content';
import { SectionContent } from '@/features/member/components/section-content';
import { SectionWorksheets } from '@/features/member/components/worksheets';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/**
 * The six content section pages (daily-drills, visualizations, tee-time, ...): the title is the
 * section's name in the catalogue (the same GET /api/member/sections/:slug the content list reads
 * for the id, so one request), the subtitle is the SPEC's.
 */
export default function SectionPage({ slug }: { slug: MemberSectionSlug }) {
  const { data: section } = useGetSectionQuery(slug);
  const { isPremium } = useCurrentUser();
  return (
    <>
      <MemberPageHeader
        title={section?.name ?? ''}
        titlePlaceholder={<Skeleton variant="text" width="min(16ch, 80%)" aria-hidden="true" />}
        subtitle={MEMBER_SECTIONS[slug].subtitle}
      />
      <Box sx={{ mb: 3 }}>
        <SectionWorksheets sectionSlug={slug} premium={isPremium} />
      </Box>
      <SectionContent key={slug} slug={slug} renderAudio={(src) => <AudioPlayer src={src} />} />
    </>
  );
}
