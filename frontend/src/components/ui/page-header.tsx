import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** The title block at the top of a public page: overline, h1 and a lead paragraph. */
export function PageHeader({
  overline,
  title,
  lead,
  children,
}: {
  overline?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box
      component="header"
      sx={{
        pt: { xs: 7, md: 11 },
        pb: { xs: 5, md: 7 },
        background: 'radial-gradient(1200px 400px at 50% -120px, rgba(43, 107, 81, 0.16), transparent 70%)',
      }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        {overline && (
          <Typography variant="overline" component="p" sx={{ color: 'secondary.dark', mb: 1.5 }}>
            {overline}
          </Typography>
        )}
        <Typography variant="h1" sx={{ mb: lead ? 2.5 : 0 }}>
          {title}
        </Typography>
        {lead && (
          <Typography variant="subtitle1" component="p" color="text.secondary" sx={{ maxWidth: 640, mx: 'auto' }}>
            {lead}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}

/** A page section with consistent vertical rhythm. */
export function Section({
  children,
  tone = 'plain',
  labelledBy,
  maxWidth = 'lg',
}: {
  children: ReactNode;
  tone?: 'plain' | 'paper' | 'deep';
  labelledBy?: string;
  maxWidth?: 'sm' | 'md' | 'lg';
}) {
  const tones = {
    plain: {},
    paper: { bgcolor: 'background.paper', borderBlock: '1px solid', borderColor: 'divider' },
    deep: { bgcolor: 'primary.main', color: '#fff' },
  } as const;
  return (
    <Box component="section" aria-labelledby={labelledBy} sx={{ py: { xs: 7, md: 10 }, ...tones[tone] }}>
      <Container maxWidth={maxWidth}>{children}</Container>
    </Box>
  );
}

/** Section heading with an optional overline and lead. */
export function SectionHeading({
  id,
  overline,
  title,
  lead,
  align = 'center',
  inverse = false,
}: {
  id?: string;
  overline?: string;
  title: string;
  lead?: ReactNode;
  align?: 'center' | 'left';
  inverse?: boolean;
}) {
  return (
    <Box
      sx={{
        textAlign: align,
        maxWidth: align === 'center' ? 680 : 'none',
        mx: align === 'center' ? 'auto' : 0,
        mb: { xs: 4, md: 6 },
      }}
    >
      {overline && (
        <Typography
          variant="overline"
          component="p"
          sx={{ color: inverse ? 'secondary.light' : 'secondary.dark', mb: 1 }}
        >
          {overline}
        </Typography>
      )}
      <Typography id={id} variant="h2" sx={{ mb: lead ? 2 : 0 }}>
        {title}
      </Typography>
      {lead && (
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ color: inverse ? 'rgba(255,255,255,0.82)' : 'text.secondary' }}
        >
          {lead}
        </Typography>
      )}
    </Box>
  );
}
