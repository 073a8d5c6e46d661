import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import CenterFocusStrongOutlinedIcon from '@mui/icons-material/CenterFocusStrongOutlined';
import SelfImprovementOutlinedIcon from '@mui/icons-material/SelfImprovementOutlined';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import { brand } from '@/config/theme';
import { FeatureBlurb } from '@/components/ui/feature-blurb';
import { PageTitle } from '@/components/ui/page-title';
import { Skeleton } from '@/components/ui/skeleton';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { Section, SectionHeading } from '@/components/ui/page-header';
import { VideoFacade } from '@/components/ui/video-facade';
import { appConfig } from '@/config/app-config';
import { useSiteConfig } from '@/lib/site-config';
import { paths } from '@/config/paths';
import { TestimonialsGrid } from '@/features/testimonials/components/testimonials-grid';
import { useGetLessonsQuery } from '@/features/lessons/api/get-lessons';

const benefits = [
  {
    title: 'Gain Confidence',
    text: 'Build unshakeable self-belief over every shot, from the first tee to the final putt.',
    Icon: TrendingUpRoundedIcon,
  },
  {
    title: 'Gain Composure',
    text: 'Stay calm under pressure, let go of bad holes and play your best when it matters.',
    Icon: SelfImprovementOutlinedIcon,
  },
  {
    title: 'Gain Concentration',
    text: 'Sharpen your focus with pre-shot routines that quiet the noise and lock in your target.',
    Icon: CenterFocusStrongOutlinedIcon,
  },
];

export default function LandingPage() {
  return (
    <>
      <PageTitle />
      <Hero />

      <Section labelledBy="benefits-heading">
        <SectionHeading
          id="benefits-heading"
          overline="Why the mental game"
          title="Golf is played on a five-inch course"
          lead="The space between your ears decides more shots than your swing. Train it like you train your game."
        />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {benefits.map(({ title, text, Icon }) => (
            <Card key={title} component="article" sx={{ p: { xs: 3, md: 4 } }}>
              <FeatureBlurb Icon={Icon} title={title} text={text} large />
            </Card>
          ))}
        </Box>
      </Section>

      <Section tone="paper" labelledBy="free-lesson-heading" maxWidth="md">
        <SectionHeading
          id="free-lesson-heading"
          overline="Watch free, right now"
          title={appConfig.freeLesson.title}
          lead="Find your rhythm and strike it pure. Your first lesson is 100% free, no credit card required."
        />
        <FreeLessonVideo />
      </Section>

      <Section labelledBy="testimonials-heading">
        <SectionHeading id="testimonials-heading" overline="Testimonials" title="Golfers who found their mental edge" />
        <TestimonialsGrid />
        <Box sx={{ textAlign: 'center', mt: 5 }}>
          <Button component={RouterLink} to={paths.about.getHref()} endIcon={<ArrowForwardRoundedIcon />}>
            Read our story
          </Button>
        </Box>
      </Section>

      <Section tone="paper" labelledBy="questions-heading" maxWidth="md">
        <Box sx={{ textAlign: 'center' }}>
          <Typography id="questions-heading" variant="h2" sx={{ mb: 2 }}>
            Have questions?
          </Typography>
          <Typography
            variant="subtitle1"
            component="p"
            color="text.secondary"
            sx={{ mb: 4, maxWidth: 560, mx: 'auto' }}
          >
            Members find answers to common questions in our FAQs. Still unsure? We&apos;re happy to help.
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={paths.login.getHref()} variant="outlined" size="large">
              FAQs
            </Button>
            <Button component={RouterLink} to={paths.contact.getHref()} variant="contained" size="large">
              Get in touch
            </Button>
          </Box>
        </Box>
      </Section>

      <FinalCallToAction />
    </>
  );
}

function Hero() {
  const productName = useSiteConfig()?.productName;
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        pt: { xs: 8, md: 12 },
        pb: { xs: 9, md: 14 },
        background: `radial-gradient(900px 500px at 85% 10%, rgba(231, 185, 100, 0.22), transparent 60%),
          radial-gradient(1100px 600px at 0% 100%, rgba(43, 107, 81, 0.18), transparent 60%)`,
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 6, md: 8 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '1.15fr 0.85fr' },
          }}
        >
          <Box>
            <Typography variant="overline" component="p" sx={{ color: 'secondary.dark', mb: 2 }}>
              The mental game of golf · 10 minutes a day
            </Typography>
            <Typography id="hero-heading" variant="h1" sx={{ mb: 3 }}>
              Play with confidence, composure and{' '}
              <Box component="span" sx={{ color: 'primary.light', fontStyle: 'italic' }}>
                concentration
              </Box>
              .
            </Typography>
            <Typography
              variant="subtitle1"
              component="p"
              color="text.secondary"
              sx={{ mb: 4.5, maxWidth: 560, fontSize: '1.2rem' }}
            >
              {productName} teaches you the psychology and neuroscience techniques tour players use, in short daily
              sessions that fit around your game.
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3 }}>
              <Button component={RouterLink} to={paths.signup.getHref()} variant="contained" size="large">
                Start Free
              </Button>
              <Button component={RouterLink} to={paths.about.getHref()} variant="outlined" size="large">
                {/* Search engines and screen readers get a descriptive link text (Lighthouse link-text). */}
                Learn More <VisuallyHidden>about us</VisuallyHidden>
              </Button>
            </Box>
            <Typography variant="body2" color="text.secondary">
              First lesson free · No credit card required
            </Typography>
          </Box>
          <HeroCard />
        </Box>
      </Container>
    </Box>
  );
}

/** A decorative "today's session" card: pure markup, no image download. */
function HeroCard() {
  const steps = ['Breathe: box breathing, 4 counts', 'See it: picture the ball flight', 'Commit: one swing thought'];
  return (
    <Box aria-hidden="true" sx={{ position: 'relative', display: { xs: 'none', sm: 'block' } }}>
      <Box
        sx={{
          position: 'relative',
          bgcolor: brand.green800,
          color: '#fff',
          borderRadius: 5,
          p: 4,
          boxShadow: '0 40px 80px rgba(15, 42, 31, 0.35)',
          backgroundImage: `linear-gradient(160deg, ${brand.green700} 0%, ${brand.green900} 100%)`,
        }}
      >
        <Typography variant="overline" component="p" sx={{ color: brand.brassLight }}>
          Today&apos;s session
        </Typography>
        <Typography
          sx={{ fontFamily: (t) => t.typography.h1.fontFamily, fontSize: '1.7rem', fontWeight: 600, mb: 0.5 }}
        >
          The pre-shot reset
        </Typography>
        <Typography sx={{ opacity: 0.75, mb: 3 }}>10 minutes · Composure</Typography>
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {steps.map((step, i) => (
            <Box
              component="li"
              key={step}
              sx={{
                display: 'flex',
                gap: 1.5,
                alignItems: 'center',
                bgcolor: 'rgba(255,255,255,0.07)',
                borderRadius: 2.5,
                px: 2,
                py: 1.5,
              }}
            >
              <Box
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  fontSize: '0.85rem',
                  bgcolor: i === 0 ? brand.brass : 'rgba(255,255,255,0.14)',
                  color: i === 0 ? brand.green900 : '#fff',
                }}
              >
                {i + 1}
              </Box>
              <Typography sx={{ fontSize: '0.95rem' }}>{step}</Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: 3, height: 6, borderRadius: 3, bgcolor: 'rgba(255,255,255,0.12)', overflow: 'hidden' }}>
          <Box sx={{ width: '36%', height: '100%', bgcolor: brand.brassLight }} />
        </Box>
      </Box>
    </Box>
  );
}

function FinalCallToAction() {
  return (
    <Box component="section" aria-labelledby="cta-heading" sx={{ py: { xs: 8, md: 11 }, px: 2 }}>
      <Container
        maxWidth="lg"
        sx={{
          textAlign: 'center',
          borderRadius: 6,
          py: { xs: 7, md: 9 },
          px: { xs: 3, md: 8 },
          color: '#fff',
          backgroundImage: `radial-gradient(700px 300px at 80% 0%, rgba(231,185,100,0.25), transparent 60%),
            linear-gradient(150deg, ${brand.green700}, ${brand.green900})`,
        }}
      >
        <Typography id="cta-heading" variant="h2" sx={{ mb: 2 }}>
          Your best round starts between your ears
        </Typography>
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ color: 'rgba(255,255,255,0.82)', mb: 4, maxWidth: 560, mx: 'auto' }}
        >
          Start with the free lesson today. Upgrade when you&apos;re ready for the full programme.
        </Typography>
        <Button component={RouterLink} to={paths.signup.getHref()} variant="contained" color="secondary" size="large">
          Start Free
        </Button>
      </Container>
    </Box>
  );
}

/** The free first lesson, from the catalogue (the one place its video address is kept). */
function FreeLessonVideo() {
  const { data: lessons } = useGetLessonsQuery();
  const freeLesson = lessons?.find((lesson) => lesson.isFree && !lesson.locked);
  if (!freeLesson || freeLesson.locked || !freeLesson.videoUrl) {
    return <Skeleton height="auto" sx={{ aspectRatio: '16 / 9', borderRadius: 3 }} />;
  }
  return <VideoFacade url={freeLesson.videoUrl} title={appConfig.freeLesson.title} />;
}
