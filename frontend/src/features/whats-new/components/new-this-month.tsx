import type { WhatsNewItem } from '@fm/contracts';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { paths } from '@/config/paths';
import { useGetWhatsNewQuery } from '@/features/whats-new/api/get-whats-new';
import { NewBadge } from '@/components/ui/new-badge';
import { formatPublished } from '@/lib/published';

export const NOTHING_NEW_TEXT =
  'Nothing new in the last 30 days yet. New content arrives every month: check back soon!';

const KIND_LABEL: Record<WhatsNewItem['kind'], string> = { lesson: 'Lesson', lecture: 'Lecture', item: 'Programme' };

/** The member section pages, by section slug. */
const SECTION_HREFS: Readonly<Record<string, string>> = {
  'daily-drills': paths.member.dailyDrills.getHref(),
  visualizations: paths.member.visualizations.getHref(),
  'tee-time': paths.member.teeTime.getHref(),
  'on-the-range': paths.member.onTheRange.getHref(),
  'swing-training': paths.member.swingTraining.getHref(),
  'sos-drills': paths.member.sosDrills.getHref(),
};

/** Where an item lives in the app; undefined for a section that has no page here. */
export function whatsNewHref(item: WhatsNewItem): string | undefined {
  if (item.kind === 'lesson') return paths.lesson.getHref(item.id);
  if (item.kind === 'lecture') return paths.member.lectures.getHref();
  return item.sectionSlug ? SECTION_HREFS[item.sectionSlug] : undefined;
}

function WhatsNewCard({ item }: { item: WhatsNewItem }) {
  const titleId = `whats-new-${item.kind}-${item.id}`;
  const href = whatsNewHref(item);
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ borderRadius: 3, height: '100%' }}>
      <CardContent sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
            {KIND_LABEL[item.kind]}
          </Typography>
          <NewBadge publishedAt={item.publishedAt} />
          {item.locked && (
            <Chip
              size="small"
              icon={<LockOutlinedIcon />}
              label="Premium"
              variant="outlined"
              sx={{ ml: 'auto', borderColor: 'divider', color: 'text.secondary' }}
            />
          )}
        </Stack>
        <Typography id={titleId} variant="h5" component="h3">
          {!item.locked && href ? (
            <Link component={RouterLink} to={href} underline="hover" color="inherit">
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          Added {formatPublished(item.publishedAt)}
        </Typography>
        {item.locked && (
          <Box>
            <Button
              component={RouterLink}
              to={paths.checkout.getHref()}
              variant="outlined"
              size="small"
              startIcon={<LockOutlinedIcon />}
              aria-label={`Unlock with Premium: ${item.title}`}
            >
              Unlock with Premium
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Member home's "New this month": up to six lessons, lectures and programme items of the last 30
 * days, newest first (GET /api/member/whats-new). A Premium item a free member cannot open shows
 * the lock and the way to Premium, like the lesson library and the lectures do.
 */
export function NewThisMonth() {
  const { data, isError, isLoading } = useGetWhatsNewQuery(undefined, { refetchOnMountOrArgChange: 60 });
  if (isError) return null;
  return (
    <Box component="section" aria-labelledby="new-this-month-heading">
      <Typography id="new-this-month-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
        New this month
      </Typography>
      {isLoading || !data ? (
        <Skeleton variant="rounded" height={140} aria-label="Loading what is new" />
      ) : data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{NOTHING_NEW_TEXT}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {data.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <WhatsNewCard item={item} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
