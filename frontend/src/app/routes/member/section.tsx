import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useGetSectionQuery } from '@/features/member/api/get-section';
import { MEMBER_SECTIONS, type MemberSectionSlug } from '@/features/member/member-content';
import { SectionContent } from '@/features/member/components/section-content';
import { useGetPracticeProgressQuery } from '@/features/practice/api/practice-api';
import { DoneTick } from '@/features/practice/components/done-tick';
import { MarkAsRead } from '@/features/practice/components/mark-as-read';
import { SectionProgressSummary } from '@/features/practice/components/section-progress';
import { readItemTarget } from '@/features/practice/lib/item-links';
import { countDone, isDone, progressById } from '@/features/practice/lib/progress';
import { SectionWorksheets } from '@/features/member/components/worksheets';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';
import { PracticeAudioPlayer, PracticeVideo } from '@/app/routes/member/practice-media';

/**
 * The six content section pages (daily-drills, visualizations, tee-time, ...): the title is the
 * section's name in the catalogue (the same GET /api/member/sections/:slug the content list reads
 * for the id, so one request), the subtitle is the SPEC's. Practice: each item reports its
 * listening, done items carry a tick, text items a "Mark as read", the list "3 of 8 done";
 * `?item=<id>&t=<s>` (continue where you left off) shows that item first, its player at `t`.
 */
export default function SectionPage({ slug }: { slug: MemberSectionSlug }) {
  const { data: section } = useGetSectionQuery(slug);
  const [search] = useSearchParams();
  const target = readItemTarget(search);
  const { data: progress } = useGetPracticeProgressQuery(section?.id ?? '', { skip: !section?.id });
  const byId = progressById(progress);
  const startAt = (itemId: string) => (target?.itemId === itemId ? target.startAt : null);
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
      <SectionContent
        key={slug}
        slug={slug}
        renderAudio={(src, _title, item) => (
          <PracticeAudioPlayer src={src} item={{ itemId: item.id, itemKind: 'content' }} startAt={startAt(item.id)} />
        )}
        slots={{
          status: (item) => (isDone(byId.get(item.id)) ? <DoneTick /> : null),
          footer: (item) =>
            item.contentType === 'text' ? (
              <MarkAsRead itemId={item.id} title={item.title} done={isDone(byId.get(item.id))} />
            ) : null,
          video: (item) => (
            <PracticeVideo
              url={item.videoUrl}
              title={item.title}
              item={{ itemId: item.id, itemKind: 'content' }}
              startAt={startAt(item.id)}
            />
          ),
          summary: (items) =>
            progress ? (
              <SectionProgressSummary
                done={countDone(
                  items.map((i) => i.id),
                  byId,
                )}
                total={items.length}
              />
            ) : null,
          targetItemId: target?.itemId,
        }}
      />
    </>
  );
}
