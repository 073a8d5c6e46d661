import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { useGetPracticeResumeQuery } from '@/features/practice/api/practice-api';
import { formatPosition, practiceItemHref } from '@/features/practice/lib/item-links';
import type { ResumeItem } from '@/features/practice/types';

/**
 * The item to continue and its Continue button, opening it at the position the member stopped at
 * (member home's card, a Free member's practice card).
 */
export function ContinueRow({
  item,
  sectionSlug,
}: {
  item: ResumeItem;
  sectionSlug: (sectionId: string) => string | undefined;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mt: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography>
        <strong>{item.title}</strong>
        {item.positionSec > 0 && (
          <Typography component="span" sx={{ color: 'text.secondary' }}>
            {' '}
            (stopped at {formatPosition(item.positionSec)})
          </Typography>
        )}
      </Typography>
      <Button
        component={RouterLink}
        to={practiceItemHref(item, sectionSlug)}
        variant="contained"
        startIcon={<PlayArrowRounded />}
        aria-label={`Continue: ${item.title}`}
      >
        Continue
      </Button>
    </Stack>
  );
}

/**
 * "Continue where you left off" (GET /api/practice/resume): the last unfinished item, opened at
 * the position the member stopped at (on any device). Nothing when there is nothing to resume
 * or the service does not answer.
 */
export function ContinueCard({ sectionSlug }: { sectionSlug: (sectionId: string) => string | undefined }) {
  const { data: item } = useGetPracticeResumeQuery();
  if (!item) return null;
  return (
    <Card component="section" aria-labelledby="continue-heading" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography id="continue-heading" variant="h4" component="h2">
          Continue where you left off
        </Typography>
        <ContinueRow item={item} sectionSlug={sectionSlug} />
      </CardContent>
    </Card>
  );
}
