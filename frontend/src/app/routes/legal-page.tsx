import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageHeader } from '@/components/ui/page-header';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { useSiteConfig, type SiteFacts } from '@/lib/site-config';

/** One numbered part of a legal page: its anchor, heading and text. */
export type LegalSection = { id: string; title: string; body: ReactNode };

/**
 * How long the services keep what the policy names, and the guarantee's length: each figure is
 * the code's own (the file named beside it; the SPA cannot import the services' values). Change
 * both together.
 */
export const RETENTION = {
  /** services/shared/src/session.ts SESSION_MAX_AGE_MS */
  sessionDays: 30,
  /** services/auth/src/domain/email-verification.service.ts EMAIL_VERIFICATION_TTL_HOURS */
  verificationLinkHours: 24,
  /** services/shared/src/member-snapshot.ts MEMBER_SNAPSHOT_TTL_MS */
  accountCacheDays: 7,
  /** services/shared/src/events/queues.ts: removeOnFail of the personal-data queues */
  mailJobDays: 7,
  /** GUARANTEE_DAYS, services/contracts/src/billing.ts */
  guaranteeDays: 30,
} as const;

/** The date the privacy policy and the terms were last changed (shown on both). */
export const LEGAL_UPDATED = 'November 27, 2026';

/** A paragraph of a legal page. */
export function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 2, color: 'text.secondary', lineHeight: 1.7 }}>{children}</Typography>;
}

/** A bullet list of a legal page. */
export function Items({ children }: { children: ReactNode }) {
  return (
    <Box
      component="ul"
      sx={{
        mt: 0,
        mb: 2,
        pl: 3,
        color: 'text.secondary',
        lineHeight: 1.7,
        '& li': { mb: 1 },
        '& strong': { color: 'text.primary' },
      }}
    >
      {children}
    </Box>
  );
}

/** A link to another page of the site. */
export function To({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={href} underline="always">
      {children}
    </Link>
  );
}

/** The support address as a mail link. */
export function Mail({ address }: { address: string }) {
  return (
    <Link href={`mailto:${address}`} underline="always" sx={{ wordBreak: 'break-all' }}>
      {address}
    </Link>
  );
}

/**
 * The frame of /privacy and /terms: title, a list of the sections ("On this page", anchor links)
 * and the sections, built from the site config's facts (product name, support address, prices,
 * reply times). Without the config (it failed to load) the page says so rather than show a
 * policy with its facts missing.
 */
export function LegalPage({
  title,
  lead,
  sections,
}: {
  title: string;
  lead: string;
  sections: (site: SiteFacts) => LegalSection[];
}) {
  const site = useSiteConfig();
  const parts = site ? sections(site) : [];
  return (
    <>
      <PageTitle title={title} />
      <PageHeader overline="Legal" title={title} lead={lead} />
      <Container maxWidth="md" sx={{ pb: { xs: 8, md: 12 } }}>
        {site ? (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
              Last updated {LEGAL_UPDATED}
            </Typography>
            <Box component="nav" aria-label="On this page" sx={{ mb: { xs: 5, md: 6 } }}>
              <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}>
                {parts.map((part) => (
                  <li key={part.id}>
                    <Link href={`#${part.id}`} underline="hover">
                      {part.title}
                    </Link>
                  </li>
                ))}
              </Box>
            </Box>
            {parts.map((part, index) => (
              <Box
                component="section"
                key={part.id}
                id={part.id}
                aria-labelledby={`${part.id}-heading`}
                sx={{ mb: { xs: 4, md: 5 }, scrollMarginTop: 96 }}
              >
                <Typography id={`${part.id}-heading`} variant="h4" component="h2" sx={{ mb: 2 }}>
                  {index + 1}. {part.title}
                </Typography>
                {part.body}
              </Box>
            ))}
          </>
        ) : (
          <Alert severity="error">
            This page could not be loaded. Please try again later, or{' '}
            <Link component={RouterLink} to={paths.contact.getHref()} color="inherit" underline="always">
              contact us
            </Link>
            .
          </Alert>
        )}
      </Container>
    </>
  );
}
