import type { MemberContent } from '@fm/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import HeadphonesRounded from '@mui/icons-material/HeadphonesRounded';
import ArticleRounded from '@mui/icons-material/ArticleRounded';
import PlayCircleRounded from '@mui/icons-material/PlayCircleRounded';
import { useGetSectionQuery } from '@/features/member/api/get-section';
import { useGetSectionContentQuery } from '@/features/member/api/get-section-content';
import { RichText } from '@/features/member/components/rich-text';
import { VideoEmbed } from '@/components/ui/video-embed';
import { ContentSkeleton, PremiumContent } from '@/features/member/components/premium-content';
import { NewBadge } from '@/components/ui/new-badge';

export const CONTENT_SKELETON_COUNT = 3;
export const EMPTY_CONTENT_TEXT = 'No content available yet. Check back soon!';

const TYPE_META = {
  video: { label: 'Video', icon: <PlayCircleRounded fontSize="small" /> },
  audio: { label: 'Audio', icon: <HeadphonesRounded fontSize="small" /> },
  text: { label: 'Read', icon: <ArticleRounded fontSize="small" /> },
} as const;

/** What the page adds to each item and to the list (composed by the page, e.g. practice progress). */
export type SectionContentSlots = {
  /** Beside the item's type and duration (e.g. a "Done" tick). */
  status?: (item: MemberContent) => ReactNode;
  /** Under the item (e.g. "Mark as read"). */
  footer?: (item: MemberContent) => ReactNode;
  /** The video player of a video item (default: the embed). */
  video?: (item: MemberContent & { videoUrl: string }) => ReactNode;
  /** Above the list (e.g. "3 of 8 done"). */
  summary?: (items: MemberContent[]) => ReactNode;
  /** The item to show first: scrolled into view once the list is there. */
  targetItemId?: string | null;
};

type SectionContentProps = {
  slug: string;
  /** The audio player for an audio item (composed by the page). */
  renderAudio: (src: string, title: string, item: MemberContent) => ReactNode;
  slots?: SectionContentSlots;
};

function ContentItem({
  item,
  renderAudio,
  slots,
}: {
  item: MemberContent;
  renderAudio: SectionContentProps['renderAudio'];
  slots?: SectionContentSlots;
}) {
  const meta = TYPE_META[item.contentType] ?? TYPE_META.text;
  const isTarget = slots?.targetItemId === item.id;
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (isTarget) cardRef.current?.scrollIntoView?.({ block: 'start' });
  }, [isTarget]);
  return (
    <Card
      component="article"
      aria-label={item.title}
      id={`item-${item.id}`}
      ref={cardRef}
      sx={{ borderRadius: 3, scrollMarginTop: 80 }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 }, '&:last-child': { pb: { xs: 2.5, sm: 3.5 } } }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" icon={meta.icon} label={meta.label} color="primary" variant="outlined" />
          {item.duration && (
            <Chip size="small" icon={<AccessTimeRounded fontSize="small" />} label={item.duration} variant="outlined" />
          )}
          <NewBadge publishedAt={item.publishedAt} />
          {slots?.status?.(item)}
        </Stack>
        <Typography variant="h5" component="h2" sx={{ mb: item.description ? 0.75 : 2 }}>
          {item.title}
        </Typography>
        {item.description && <Typography sx={{ color: 'text.secondary', mb: 2.5 }}>{item.description}</Typography>}
        {item.contentType === 'video' &&
          item.videoUrl &&
          (slots?.video ? (
            slots.video({ ...item, videoUrl: item.videoUrl })
          ) : (
            <VideoEmbed url={item.videoUrl} title={item.title} />
          ))}
        {item.contentType === 'audio' && item.audioUrl && renderAudio(item.audioUrl, item.title, item)}
        {item.contentType === 'text' && item.textContent && <RichText text={item.textContent} />}
        {slots?.footer?.(item)}
      </CardContent>
    </Card>
  );
}

/**
 * The items of one member section (SPEC §2 "Section pages", §7, §8): the section is read for
 * its id, then its content; 3 skeletons while loading; the empty text. Failures are handled
 * like every Premium read (PremiumContent): 401 and other failures log the member in again,
 * 403 (a free member on a Premium section such as /member/visualizations) offers Premium.
 */
export function SectionContent({ slug, renderAudio, slots }: SectionContentProps) {
  const section = useGetSectionQuery(slug);
  const sectionId = section.data?.id;
  const content = useGetSectionContentQuery(sectionId ?? '', { skip: !sectionId });
  return (
    <PremiumContent
      result={{ data: content.data, error: section.error ?? content.error }}
      skeleton={Array.from({ length: CONTENT_SKELETON_COUNT }, (_, i) => (
        <ContentSkeleton key={i} height={220} />
      ))}
    >
      {(items) =>
        items.length === 0 ? (
          <Paper
            variant="outlined"
            sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderRadius: 3, borderStyle: 'dashed' }}
          >
            <Typography sx={{ color: 'text.secondary' }}>{EMPTY_CONTENT_TEXT}</Typography>
          </Paper>
        ) : (
          <Stack spacing={3}>
            {slots?.summary?.(items)}
            {items.map((item) => (
              <ContentItem key={item.id} item={item} renderAudio={renderAudio} slots={slots} />
            ))}
          </Stack>
        )
      }
    </PremiumContent>
  );
}
