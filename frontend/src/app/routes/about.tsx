import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import GraphicEqRoundedIcon from '@mui/icons-material/GraphicEqRounded';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import { brand } from '@/config/theme';
import { FeatureBlurb } from '@/components/ui/feature-blurb';
import { PageHeader, Section, SectionHeading } from '@/components/ui/page-header';
import { PageTitle } from '@/components/ui/page-title';
import { useSiteConfig } from '@/lib/site-config';
import { paths } from '@/config/paths';

const features = [
  {
    title: 'Video lessons',
    text: 'Short, focused lessons of 8 to 15 minutes on confidence, composure and concentration.',
    Icon: OndemandVideoOutlinedIcon,
  },
  {
    title: 'Audio sessions',
    text: 'Guided visualizations you can play at home, on the range or in the car park before you tee off.',
    Icon: GraphicEqRoundedIcon,
  },
  {
    title: 'Daily drills',
    text: 'Ten minutes a day of mental reps that turn new habits into your default under pressure.',
    Icon: PsychologyOutlinedIcon,
  },
  {
    title: 'Course visualization',
    text: 'Build your home course hole by hole and rehearse every shot with club-by-club audio guides.',
    Icon: MapOutlinedIcon,
  },
];

const science = [
  {
    title: 'Visualization primes the body',
    text: 'Imagining a shot in vivid detail activates many of the same motor pathways as hitting it, so rehearsal carries over to the real swing.',
  },
  {
    title: 'Routines calm the nervous system',
    text: 'A consistent pre-shot routine and slow breathing lower arousal, keeping your tempo smooth when your heart rate climbs.',
  },
  {
    title: 'Attention is a trainable skill',
    text: 'Practising a narrow, external focus, target and ball flight rather than swing mechanics, improves consistency under pressure.',
  },
];

export default function AboutPage() {
  const productName = useSiteConfig()?.productName;
  return (
    <>
      <PageTitle title="About" />
      <PageHeader
        overline={productName ? `About ${productName}` : 'About'}
        title="Our mission: help every golfer play freely"
        lead="Most golfers practise their swing for years and their mind for minutes. We built a simple, daily programme that trains the part of your game that matters most when the pressure is on."
      />

      <Section labelledBy="features-heading">
        <SectionHeading
          id="features-heading"
          overline="What you get"
          title="Everything you need to master the mental game"
        />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          }}
        >
          {features.map(({ title, text, Icon }) => (
            <Card key={title} component="article" sx={{ p: 3.5 }}>
              <FeatureBlurb Icon={Icon} title={title} text={text} />
            </Card>
          ))}
        </Box>
      </Section>

      <Section tone="deep" labelledBy="science-heading">
        <SectionHeading
          id="science-heading"
          overline="The science"
          title="Built on psychology and neuroscience"
          lead="Every lesson applies techniques from sport psychology research, translated into plain language and practical drills."
          inverse
        />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {science.map((item, i) => (
            <Box
              key={item.title}
              sx={{
                p: 3.5,
                borderRadius: 4,
                bgcolor: 'rgba(255,255,255,0.06)',
                border: '1px solid rgba(255,255,255,0.12)',
              }}
            >
              <Typography sx={{ color: brand.brassLight, fontWeight: 700, mb: 1 }}>0{i + 1}</Typography>
              <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
                {item.title}
              </Typography>
              <Typography sx={{ color: 'rgba(255,255,255,0.82)' }}>{item.text}</Typography>
            </Box>
          ))}
        </Box>
        <Typography sx={{ mt: 5, color: 'rgba(255,255,255,0.82)', textAlign: 'center' }}>
          Practise 10 minutes a day and most members notice a difference within 2-4 weeks.
        </Typography>
      </Section>

      <Section labelledBy="next-heading" maxWidth="md">
        <Box sx={{ textAlign: 'center' }}>
          <Typography id="next-heading" variant="h2" sx={{ mb: 2 }}>
            Ready to train your mind?
          </Typography>
          <Typography variant="subtitle1" component="p" color="text.secondary" sx={{ mb: 4 }}>
            Browse the lessons or see what Premium includes.
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={paths.lessons.getHref()} variant="contained" size="large">
              Browse Lessons
            </Button>
            <Button component={RouterLink} to={paths.membership.getHref()} variant="outlined" size="large">
              View Membership
            </Button>
          </Box>
        </Box>
      </Section>
    </>
  );
}
