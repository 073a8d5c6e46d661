import type { Lesson } from '@fm/contracts';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import { paths } from '@/config/paths';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { NewBadge } from '@/components/ui/new-badge';

const categoryTone: Record<string, { bg: string; fg: string }> = {
  confidence: { bg: '#e3eee6', fg: '#173f2f' },
  composure: { bg: '#e6ecf3', fg: '#1f3a5a' },
  concentration: { bg: '#f6ead3', fg: '#6b4510' },
};

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * One lesson in the grid (SPEC §2 /lessons): category badge, FREE badge, New badge (published in the
 * last 30 days), title, description,
 * duration; Watch Now → /lesson/{id}, or Unlock with Premium → /membership when locked.
 */
export function LessonCard({ lesson }: { lesson: Lesson }) {
  const { locked } = lesson;
  const tone = categoryTone[lesson.category] ?? { bg: '#ece8df', fg: '#3c3a33' };
  const titleId = `lesson-${lesson.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: 3 }}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Chip size="small" label={capitalize(lesson.category)} sx={{ bgcolor: tone.bg, color: tone.fg }} />
        {lesson.isFree && (
          <Chip
            size="small"
            label="FREE"
            sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', letterSpacing: '0.06em' }}
          />
        )}
        <NewBadge publishedAt={lesson.publishedAt} />
        {locked && (
          <Chip
            size="small"
            icon={<LockOutlinedIcon />}
            label="Premium"
            variant="outlined"
            sx={{ ml: 'auto', borderColor: 'divider', color: 'text.secondary' }}
          />
        )}
      </Box>
      <Typography id={titleId} variant="h4" component="h2" sx={{ mb: 1 }}>
        {lesson.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5, flex: 1 }}>
        {lesson.description}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <AccessTimeIcon fontSize="small" aria-hidden="true" />
          <span>
            <VisuallyHidden>Duration: </VisuallyHidden>
            {lesson.duration}
          </span>
        </Typography>
        {locked ? (
          <Button
            component={RouterLink}
            to={paths.membership.getHref()}
            variant="outlined"
            startIcon={<LockOutlinedIcon />}
          >
            Unlock with Premium
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={paths.lesson.getHref(lesson.id)}
            variant="contained"
            startIcon={<PlayArrowRoundedIcon />}
          >
            Watch Now
          </Button>
        )}
      </Box>
    </Card>
  );
}
