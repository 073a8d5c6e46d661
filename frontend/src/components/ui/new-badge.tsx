import Chip from '@mui/material/Chip';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { formatPublished, isNew } from '@/lib/published';

/**
 * The "New" badge of a catalogue item published in the last 30 days (lesson cards, the lecture
 * list, section items, "New this month"); nothing otherwise. Screen readers also hear when.
 */
export function NewBadge({ publishedAt, now }: { publishedAt: string | undefined; now?: number }) {
  if (!publishedAt || !isNew(publishedAt, now)) return null;
  return (
    <Chip
      size="small"
      label={
        <>
          New<VisuallyHidden>, published {formatPublished(publishedAt)}</VisuallyHidden>
        </>
      }
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, letterSpacing: '0.06em' }}
    />
  );
}
