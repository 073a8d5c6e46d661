import { AudioPlayer } from '@/features/audio/components/audio-player';
import { MEMBER_SECTIONS, type MemberSectionSlug } from '@/features/member/member-content';
import { SectionContent } from '@/features/member/components/section-content';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** The six content section pages (daily-drills, visualizations, tee-time, ...). */
export default function SectionPage({ slug }: { slug: MemberSectionSlug }) {
  const section = MEMBER_SECTIONS[slug];
  return (
    <>
      <MemberPageHeader title={section.title} subtitle={section.subtitle} />
      <SectionContent key={slug} slug={slug} renderAudio={(src) => <AudioPlayer src={src} />} />
    </>
  );
}
