import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import { PageHeader } from '@/components/ui/page-header';
import { PageTitle } from '@/components/ui/page-title';
import { useSiteConfig } from '@/lib/site-config';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';

export const coachingInclusions = (minutes: number | undefined) => [
  minutes
    ? `A ${minutes}-minute one-on-one video session with the founder`
    : 'A one-on-one video session with the founder',
  'An assessment of your current mental game',
  'A personalised pre-shot routine',
  'Techniques for handling pressure on the course',
  'A custom practice plan for the weeks ahead',
  'Follow-up notes and resources by e-mail',
];

/** /coaching: the one-time coaching session (SPEC §2: $100 per 45 minutes, from the site config); public and in the member layout. */
export default function CoachingPage() {
  const { isAuthenticated } = useCurrentUser();
  const site = useSiteConfig();
  return (
    <>
      <PageTitle title="1 on 1 Coaching" />
      <PageHeader
        overline="1 on 1 Coaching"
        title="Work with the founder, one on one"
        lead="A focused session on your game: we find what gets in your way under pressure and build a plan to fix it."
      />
      <Container maxWidth="sm" sx={{ pb: { xs: 8, md: 12 } }}>
        <Card component="section" aria-labelledby="coaching-offer" sx={{ p: { xs: 3, md: 5 } }}>
          <Typography id="coaching-offer" variant="h3" component="h2" sx={{ mb: 1 }}>
            Private coaching session
          </Typography>
          <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
            <Box
              component="span"
              sx={{ fontFamily: (t) => t.typography.h1.fontFamily, fontSize: '3rem', fontWeight: 600, lineHeight: 1.1 }}
            >
              {site?.coachingPrice}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
              {site && `per ${site.coachingSessionMinutes} minutes`}
            </Box>
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            One-time payment. No subscription.
          </Typography>
          <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
            What&apos;s included
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, mb: 4 }}>
            {coachingInclusions(site?.coachingSessionMinutes).map((item) => (
              <Box component="li" key={item} sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
                <CheckRoundedIcon aria-hidden="true" sx={{ color: 'success.main', fontSize: 20, mt: '3px' }} />
                <Typography component="span">{item}</Typography>
              </Box>
            ))}
          </Box>
          {isAuthenticated ? (
            <Button
              component={RouterLink}
              to={paths.coachingCheckout.getHref()}
              variant="contained"
              size="large"
              fullWidth
            >
              Book Your Session
            </Button>
          ) : (
            <Button component={RouterLink} to={paths.signup.getHref()} variant="contained" size="large" fullWidth>
              Sign Up to Book
            </Button>
          )}
        </Card>
      </Container>
    </>
  );
}
