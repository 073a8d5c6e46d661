import type { Lecture } from '@fm/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import { paths } from '@/config/paths';
import { planPriceText } from '@/lib/premium-plans';
import { useSiteConfig } from '@/lib/site-config';
import { useGetLecturesQuery } from '@/features/member/api/get-lectures';
import { UNLOCK_LECTURES_BENEFITS } from '@/features/member/member-content';
import { VideoEmbed } from '@/components/ui/video-embed';
import { NewBadge } from '@/components/ui/new-badge';

/** What the page adds to each lecture (composed by the page, e.g. practice progress). */
export type LectureSlots = {
  /** The player of an open lecture (default: the embed). */
  video?: (lecture: Extract<Lecture, { locked: false }>) => ReactNode;
  /** Under the lecture's title (e.g. its progress bar). */
  footer?: (lecture: Lecture) => ReactNode;
  /** The lecture to show first: scrolled into view once the list is there. */
  targetLectureId?: string | null;
};

function LectureCard({ lecture, slots }: { lecture: Lecture; slots?: LectureSlots }) {
  const isTarget = slots?.targetLectureId === lecture.id;
  const cardRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (isTarget) cardRef.current?.scrollIntoView?.({ block: 'start' });
  }, [isTarget]);
  return (
    <Card component="article" aria-label={lecture.title} ref={cardRef} sx={{ borderRadius: 3, scrollMarginTop: 80 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 }, '&:last-child': { pb: { xs: 2.5, sm: 3.5 } } }}>
        {!lecture.locked && lecture.videoUrl ? (
          slots?.video ? (
            slots.video(lecture)
          ) : (
            <VideoEmbed url={lecture.videoUrl} title={lecture.title} />
          )
        ) : (
          <Box
            sx={{
              aspectRatio: '16 / 9',
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'text.secondary',
            }}
          >
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <LockRounded />
              <Typography variant="body2">This lecture is being unlocked for your account.</Typography>
            </Stack>
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2.5, mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="overline" sx={{ color: 'secondary.dark' }}>
            Lecture {lecture.number}
          </Typography>
          {lecture.duration && (
            <Chip
              size="small"
              variant="outlined"
              icon={<AccessTimeRounded fontSize="small" />}
              label={lecture.duration}
            />
          )}
          <NewBadge publishedAt={lecture.publishedAt} />
        </Stack>
        <Typography variant="h5" component="h2">
          {lecture.title}
        </Typography>
        {lecture.description && <Typography sx={{ color: 'text.secondary', mt: 1 }}>{lecture.description}</Typography>}
        {slots?.footer?.(lecture)}
      </CardContent>
    </Card>
  );
}

/** The Unlock All Lectures card shown to free members. */
export function UnlockLecturesCard() {
  const site = useSiteConfig();
  return (
    <Paper
      component="section"
      aria-labelledby="unlock-lectures-heading"
      sx={(theme) => ({
        p: { xs: 3, sm: 4 },
        borderRadius: 3,
        color: 'primary.contrastText',
        background: `linear-gradient(135deg, ${theme.palette.primary.dark}, ${theme.palette.primary.main})`,
      })}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <LockOpenRounded sx={{ color: 'secondary.light' }} />
        <Typography id="unlock-lectures-heading" variant="h4" component="h2" sx={{ color: 'inherit' }}>
          Unlock All Lectures
        </Typography>
      </Stack>
      <Typography sx={{ opacity: 0.85, mb: 2 }}>
        Go Premium to continue the series and open the whole {site?.productName} programme.
      </Typography>
      <List dense disablePadding sx={{ mb: 3 }}>
        {UNLOCK_LECTURES_BENEFITS.map((benefit) => (
          <ListItem key={benefit} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleRounded fontSize="small" sx={{ color: 'secondary.light' }} />
            </ListItemIcon>
            <ListItemText primary={benefit} />
          </ListItem>
        ))}
      </List>
      <Button component={RouterLink} to={paths.checkout.getHref()} variant="contained" color="secondary" size="large">
        {site ? `Upgrade to Premium - ${planPriceText(site, 'monthly')}` : 'Upgrade to Premium'}
      </Button>
    </Paper>
  );
}

/**
 * /member/lectures (SPEC §2): Premium members see all five lectures; free members see lecture 1
 * and the Unlock All Lectures card. Premium media is never rendered for a free member (and the
 * server does not send it anyway).
 */
export function LectureList({ isPremium, slots }: { isPremium: boolean; slots?: LectureSlots }) {
  const { data, isLoading, isError } = useGetLecturesQuery();

  if (isLoading) {
    return (
      <Stack spacing={3} role="status" aria-busy="true" aria-label="Loading lectures">
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={360} />
        ))}
      </Stack>
    );
  }
  if (isError || !data) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
        <Typography sx={{ color: 'text.secondary' }}>Unable to load lectures. Please try again later.</Typography>
      </Paper>
    );
  }

  const sorted = [...data].sort((a, b) => a.number - b.number);
  const visible = isPremium ? sorted : sorted.filter((lecture) => lecture.number === 1);

  return (
    <Stack spacing={3}>
      {visible.map((lecture) => (
        <LectureCard key={lecture.id} lecture={lecture} slots={slots} />
      ))}
      {!isPremium && <UnlockLecturesCard />}
    </Stack>
  );
}
