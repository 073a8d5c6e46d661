import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import FitnessCenterRounded from '@mui/icons-material/FitnessCenterRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import HeadphonesRounded from '@mui/icons-material/HeadphonesRounded';
import RocketLaunchRounded from '@mui/icons-material/RocketLaunchRounded';
import { PageTitle } from '@/components/ui/page-title';
import { useSiteConfig } from '@/lib/site-config';
import { withoutCoachTitle } from '@/features/member/lib/app-names';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { NewThisMonth } from '@/features/whats-new/components/new-this-month';
import { MemberPractice } from '@/app/routes/member/member-practice';
import { WorksheetList } from '@/features/member/components/worksheets';

const QUICK_LINKS = [
  {
    title: 'Start Here - Crash Course',
    description: 'The 15-minute overview of how the programme works.',
    href: paths.member.crashCourse.getHref(),
    icon: RocketLaunchRounded,
  },
  {
    title: 'Daily Drills',
    description: 'Ten focused minutes that build confidence, composure and concentration.',
    href: paths.member.dailyDrills.getHref(),
    icon: FitnessCenterRounded,
  },
  {
    title: 'Visualizations',
    description: 'Guided audio to rehearse your best golf before you play it.',
    href: paths.member.visualizations.getHref(),
    icon: HeadphonesRounded,
  },
  {
    title: 'Community Forum',
    description: 'Share wins, ask questions and learn from other members.',
    href: paths.member.forum.getHref(),
    icon: ForumRounded,
  },
] as const;

/** /member and /member/home. */
export default function MemberHomePage() {
  const site = useSiteConfig();
  const { user, isPremium } = useCurrentUser();
  const firstName = user?.firstName?.trim();
  return (
    <Stack spacing={{ xs: 4, md: 5 }}>
      <PageTitle title="Member Home" />
      <Paper
        sx={(theme) => ({
          p: { xs: 3, sm: 5 },
          borderRadius: 4,
          color: 'primary.contrastText',
          background: `radial-gradient(120% 140% at 100% 0%, ${theme.palette.primary.light} 0%, ${theme.palette.primary.main} 45%, ${theme.palette.primary.dark} 100%)`,
        })}
      >
        <Typography variant="overline" component="p" sx={{ color: 'secondary.light' }}>
          {firstName ? `Good to see you, ${firstName}` : 'Member Area'}
        </Typography>
        <Typography variant="h1" sx={{ color: 'inherit', fontSize: 'clamp(2rem, 4.5vw, 3.2rem)' }}>
          Welcome to {site?.productName}
        </Typography>
        <Typography sx={{ mt: 1.5, maxWidth: 620, opacity: 0.88 }} variant="subtitle1" component="p">
          Ten minutes a day to a calmer, more confident game. Pick up where you left off, or start with the crash course
          if you are new here.
        </Typography>
        <Button
          component={RouterLink}
          to={paths.member.crashCourse.getHref()}
          variant="contained"
          color="secondary"
          size="large"
          endIcon={<ArrowForwardRounded />}
          sx={{ mt: 3 }}
        >
          Start Here
        </Button>
      </Paper>

      <NewThisMonth />
      <MemberPractice />

      <Box component="section" aria-labelledby="quick-links-heading">
        <Typography id="quick-links-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
          Jump back in
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          }}
        >
          {QUICK_LINKS.map(({ title, description, href, icon: Icon }) => (
            <Card key={href} sx={{ borderRadius: 3 }}>
              <CardActionArea component={RouterLink} to={href} sx={{ height: '100%', alignItems: 'stretch' }}>
                <CardContent sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column' }}>
                  <Avatar sx={{ bgcolor: 'primary.main', color: 'secondary.light', mb: 2 }} aria-hidden>
                    <Icon />
                  </Avatar>
                  <Typography variant="h5" component="h3">
                    {title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, flex: 1 }}>
                    {description}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </Box>

      <WorksheetList premium={isPremium} />

      <Card component="section" aria-labelledby="instructor-heading" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
            <Avatar
              sx={{
                width: 72,
                height: 72,
                bgcolor: 'secondary.main',
                color: 'primary.dark',
                fontSize: '1.6rem',
                fontWeight: 700,
              }}
            >
              {withoutCoachTitle(site?.founderName ?? '')
                .split(' ')
                .map((p) => p[0])
                .join('')}
            </Avatar>
            <Box sx={{ flex: 1 }}>
              <Typography id="instructor-heading" variant="h4" component="h2">
                About Your Instructor
              </Typography>
              <Typography sx={{ color: 'text.secondary', mt: 1 }}>
                {site?.founderName} is a former college golfer and mini-tour professional with a master&apos;s degree in
                sport psychology, who has spent over a decade helping golfers play under pressure.
              </Typography>
            </Box>
            <Button component={RouterLink} to={paths.about.getHref()} variant="outlined">
              Learn more
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
