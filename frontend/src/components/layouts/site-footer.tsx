import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { LogoMark, Wordmark } from '@/components/brand/logo';
import { brand } from '@/config/theme';
import { appConfig } from '@/config/app-config';
import { useSiteConfig } from '@/lib/site-config';
import { paths } from '@/config/paths';

const quickLinks = [
  { label: 'About', href: paths.about.getHref() },
  { label: 'Lessons', href: paths.lessons.getHref() },
  { label: 'Membership', href: paths.membership.getHref() },
  { label: 'FAQ', href: paths.faq.getHref() },
];

const programLinks = [
  { label: 'Free Lessons', href: paths.lessons.getHref() },
  { label: 'Premium Access', href: paths.membership.getHref() },
  { label: 'Contact Us', href: paths.contact.getHref() },
];

const legalLinks = [
  { label: 'Privacy Policy', href: paths.privacy.getHref() },
  { label: 'Terms of Service', href: paths.terms.getHref() },
];

const linkSx = {
  color: 'rgba(255,255,255,0.78)',
  '&:hover': { color: '#fff' },
  '&:focus-visible': { outline: `2px solid ${brand.brassLight}`, outlineOffset: 2, borderRadius: 0.5 },
} as const;

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="nav" aria-label={title}>
      <Typography
        component="h2"
        sx={{
          fontWeight: 700,
          fontSize: '0.8rem',
          letterSpacing: '0.14em',
          textTransform: 'uppercase',
          color: brand.brassLight,
          mb: 2,
        }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function LinkList({ links }: { links: { label: string; href: string }[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
      {links.map((link) => (
        <li key={link.label}>
          <Link component={RouterLink} to={link.href} sx={linkSx}>
            {link.label}
          </Link>
        </li>
      ))}
    </Box>
  );
}

/** Four columns (SPEC §2): brand + tagline, Quick Links, Program, Connect; then the copyright line and the legal pages. */
export function SiteFooter() {
  const productName = useSiteConfig()?.productName;
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ bgcolor: brand.green900, color: '#fff', pt: { xs: 7, md: 9 }, pb: 4, mt: 'auto' }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 5, md: 6 },
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1.6fr 1fr 1fr 1fr' },
          }}
        >
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 2 }}>
              <LogoMark />
              <Wordmark inverse />
            </Box>
            <Typography sx={{ color: 'rgba(255,255,255,0.78)', maxWidth: 340 }}>{appConfig.tagline}</Typography>
          </Box>
          <Column title="Quick Links">
            <LinkList links={quickLinks} />
          </Column>
          <Column title="Program">
            <LinkList links={programLinks} />
          </Column>
          <Column title="Connect">
            <Box sx={{ display: 'flex', gap: 1 }}>
              <IconButton
                component="a"
                href={appConfig.videoChannelUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="YouTube channel (opens in a new tab)"
                sx={{
                  color: '#fff',
                  bgcolor: 'rgba(255,255,255,0.08)',
                  '&:hover': { bgcolor: 'rgba(255,255,255,0.16)' },
                }}
              >
                <YouTubeIcon />
              </IconButton>
              <IconButton
                component={RouterLink}
                to={paths.contact.getHref()}
                aria-label="Contact us"
                sx={{
                  color: '#fff',
                  bgcolor: 'rgba(255,255,255,0.08)',
                  '&:hover': { bgcolor: 'rgba(255,255,255,0.16)' },
                }}
              >
                <MailOutlineIcon />
              </IconButton>
            </Box>
          </Column>
        </Box>
        <Box
          sx={{
            borderTop: '1px solid rgba(255,255,255,0.12)',
            mt: { xs: 6, md: 8 },
            pt: 3,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.7)' }}>
            © {year} {productName}. All rights reserved.
          </Typography>
          <Box
            component="nav"
            aria-label="Legal"
            sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', typography: 'body2' }}
          >
            {legalLinks.map((link) => (
              <Link key={link.label} component={RouterLink} to={link.href} sx={linkSx}>
                {link.label}
              </Link>
            ))}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
