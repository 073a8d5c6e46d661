import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { LogoMark } from '@/components/brand/logo';

/** The centred card around the login and signup forms. */
export function AuthShell({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <Box
      sx={{
        minHeight: { md: 'calc(100vh - 76px)' },
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: { xs: 6, md: 10 },
        background: 'radial-gradient(900px 420px at 50% 0%, rgba(43, 107, 81, 0.14), transparent 70%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 5 }, boxShadow: '0 30px 70px rgba(15, 42, 31, 0.12)' }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2.5 }}>
          <LogoMark size={44} />
        </Box>
        <Typography variant="h1" sx={{ fontSize: '2.1rem', textAlign: 'center', mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
          {lead}
        </Typography>
        {children}
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 3.5 }}>
          {footer}
        </Typography>
      </Card>
    </Box>
  );
}
