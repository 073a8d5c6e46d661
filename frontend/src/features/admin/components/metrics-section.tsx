import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A part of the Metrics tab: a region named by its heading, a line of what it shows, its content. */
export function MetricsSection({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      {intro && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {intro}
        </Typography>
      )}
      {!intro && <Box sx={{ mb: 1.5 }} />}
      {children}
    </Box>
  );
}
