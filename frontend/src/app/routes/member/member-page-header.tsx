import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/ui/page-title';

type MemberPageHeaderProps = {
  title: string;
  /** Shown in the heading while `title` is empty (e.g. a skeleton while it loads). */
  titlePlaceholder?: ReactNode;
  subtitle?: ReactNode;
  overline?: string;
  actions?: ReactNode;
};

/** Title block of every member page (also sets the document title). */
export function MemberPageHeader({ title, titlePlaceholder, subtitle, overline, actions }: MemberPageHeaderProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'flex-end' } }}
    >
      <PageTitle title={title || undefined} />
      <Box sx={{ minWidth: 0 }}>
        {overline && (
          <Typography variant="overline" component="p" sx={{ color: 'secondary.dark' }}>
            {overline}
          </Typography>
        )}
        <Typography variant="h2" component="h1">
          {title || titlePlaceholder}
        </Typography>
        {subtitle && (
          <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary', mt: 1, maxWidth: 720 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ flexShrink: 0 }}>{actions}</Box>}
    </Stack>
  );
}
