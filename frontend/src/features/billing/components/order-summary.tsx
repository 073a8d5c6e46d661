import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { useSiteConfig, type SiteFacts } from '@/lib/site-config';
import type { CheckoutKind } from '@/features/billing/lib/checkout-machine';

/** What Premium includes; the support promise's hours come from the site config (left out until it loads). */
export function premiumBenefits(site?: Pick<SiteFacts, 'premiumReplyTime'>): string[] {
  return [
    'All five video lectures and the full lesson library',
    'All 12 member programme sections',
    'Audio visualizations, daily drills and SOS techniques',
    'Pre-round preparation and downloadable worksheets',
    site ? `Priority support within ${site.premiumReplyTime}` : 'Priority support',
    'New content every month',
  ];
}

const coachingIncludes = (site: SiteFacts) => [
  `A ${site.coachingSessionMinutes}-minute one-on-one video session with ${site.founderName}`,
  'A review of your pre-shot routine and mental game',
  'A personal plan for pressure moments on the course',
  'Follow-up notes by email after the session',
];

type Summary = { title: string; price: string; period: string; note: string; items: readonly string[] };

/** The summary of each purchase; names, prices and the session length come from the site config. */
const summaries = (site: SiteFacts): Record<CheckoutKind, Summary> => ({
  subscription: {
    title: `${site.productName} Premium`,
    price: site.premiumPrice,
    period: '/month',
    note: 'Billed monthly. Cancel anytime and keep access until the end of your billing period.',
    items: premiumBenefits(site),
  },
  coaching: {
    title: '1 on 1 Coaching Session',
    price: site.coachingPrice,
    period: ` · ${site.coachingSessionMinutes} minutes, one-time`,
    note: "After payment you'll receive an email to schedule your session at a time that suits you.",
    items: coachingIncludes(site),
  },
});

/**
 * What is being bought: Premium (e.g. $19.99/month), or one coaching session (e.g. 45 minutes
 * for $100). Renders once the site config is there (the checkout waits for it anyway: its
 * Stripe key is in it).
 */
export function OrderSummary({ kind }: { kind: CheckoutKind }) {
  const site = useSiteConfig();
  if (!site) return null;
  const summary = summaries(site)[kind];
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3, bgcolor: 'background.default', height: '100%' }}
      aria-label="Order summary"
      component="section"
    >
      <Typography variant="overline" sx={{ color: 'text.secondary', letterSpacing: 1 }}>
        Order summary
      </Typography>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {summary.title}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'baseline', mt: 1 }}>
        <Typography variant="h3" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {summary.price}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{summary.period}</Typography>
      </Stack>
      <Divider sx={{ my: 2 }} />
      <List dense disablePadding>
        {summary.items.map((item) => (
          <ListItem key={item} disableGutters sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
              <CheckCircleRounded color="primary" fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={item} />
          </ListItem>
        ))}
      </List>
      <Box sx={{ mt: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {summary.note}
        </Typography>
      </Box>
    </Paper>
  );
}
