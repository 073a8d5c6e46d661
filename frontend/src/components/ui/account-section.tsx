import { useId, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** One titled card of the account page (a labelled region for screen readers). */
export function AccountSection({
  title,
  description,
  tone = 'default',
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      sx={{ borderRadius: 3, ...(tone === 'danger' ? { border: '1px solid', borderColor: 'error.light' } : {}) }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography
          id={headingId}
          variant="h5"
          component="h2"
          sx={{ mb: description ? 0.75 : 2, ...(tone === 'danger' ? { color: 'error.dark' } : {}) }}
        >
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
