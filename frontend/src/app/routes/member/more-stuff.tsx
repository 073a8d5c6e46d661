import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import CampaignRounded from '@mui/icons-material/CampaignRounded';
import CheckroomRounded from '@mui/icons-material/CheckroomRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import VideoCallRounded from '@mui/icons-material/VideoCallRounded';
import { moreStuffCards } from '@/features/member/member-content';
import { useSiteConfig } from '@/lib/site-config';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

const ICONS = {
  'more-talks': CampaignRounded,
  gear: CheckroomRounded,
  faqs: HelpOutlineRounded,
  support: SupportAgentRounded,
  ai: AutoAwesomeRounded,
  coaching: VideoCallRounded,
  'about-me': PersonRounded,
} as const;

/** /member/more-stuff: its seven cards. */
export default function MoreStuffPage() {
  const site = useSiteConfig();
  // Without the site config (it failed to load) the cards that name the product or founder wait.
  const cards = site ? moreStuffCards(site) : [];
  return (
    <>
      <MemberPageHeader title="More Stuff" subtitle="Talks, gear, answers, support and one-on-one coaching." />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
      >
        {cards.map((card) => {
          const Icon = ICONS[card.id as keyof typeof ICONS] ?? HelpOutlineRounded;
          const linkProps = card.external
            ? { component: 'a' as const, href: card.href, target: '_blank', rel: 'noopener noreferrer' }
            : { component: RouterLink, to: card.href };
          return (
            <Card key={card.id} component="article" aria-label={card.title} sx={{ borderRadius: 3 }}>
              <CardActionArea {...linkProps} sx={{ height: '100%' }}>
                <CardContent sx={{ p: 3, height: '100%' }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2 }}>
                    <Avatar sx={{ bgcolor: 'primary.main', color: 'secondary.light' }} aria-hidden>
                      <Icon />
                    </Avatar>
                    {card.external && (
                      <OpenInNewRounded
                        fontSize="small"
                        sx={{ color: 'text.secondary' }}
                        aria-label="Opens in a new tab"
                      />
                    )}
                  </Stack>
                  <Typography variant="h5" component="h2">
                    {card.title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                    {card.description}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
    </>
  );
}
