import Typography from '@mui/material/Typography';

/** "3 of 8 done" for a section (a status line, read with the page). */
export function SectionProgressSummary({ done, total }: { done: number; total: number }) {
  if (total === 0) return null;
  return (
    <Typography sx={{ color: 'text.secondary', fontWeight: 600, mb: 2 }} data-testid="section-progress">
      {done} of {total} done
    </Typography>
  );
}
