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
import { PlanChoice } from '@/components/ui/plan-choice';
import { DEFAULT_PLAN, planOffers, type PlanOffer, type PremiumPlan } from '@/lib/premium-plans';
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

const billedNote = (offer: PlanOffer) =>
  offer.plan === 'annual'
    ? `Billed yearly${offer.saving ? ` (${offer.saving})` : ''}. Cancel anytime and keep access until the end of your billing year.`
    : 'Billed monthly. Cancel anytime and keep access until the end of your billing period.';

/** The summary of each purchase; names, prices and the session length come from the site config. */
const summaries = (site: SiteFacts, offer: PlanOffer): Record<CheckoutKind, Summary> => ({
  subscription: {
    title: `${site.productName} Premium`,
    price: offer.price,
    period: offer.period,
    note: billedNote(offer),
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

type OrderSummaryProps = {
  kind: CheckoutKind;
  /** Premium's plan and its choice (a radio group above the price); monthly when not given. */
  plan?: PremiumPlan;
  onPlanChange?: (plan: PremiumPlan) => void;
  /** The choice waits while a payment form is being prepared or a payment is on its way. */
  planLocked?: boolean;
};

/**
 * What is being bought: Premium on the chosen plan (e.g. $19.99/month or $199.90/year), or one
 * coaching session (e.g. 45 minutes for $100). Renders once the site config is there (the
 * checkout waits for it anyway: its Stripe key is in it).
 */
export function OrderSummary({ kind, plan = DEFAULT_PLAN, onPlanChange, planLocked = false }: OrderSummaryProps) {
  const site = useSiteConfig();
  if (!site) return null;
  const offers = planOffers(site);
  const summary = summaries(site, offers[plan])[kind];
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
      {kind === 'subscription' && onPlanChange && (
        <Box sx={{ mt: 1.5 }}>
          <PlanChoice offers={offers} value={plan} onChange={onPlanChange} disabled={planLocked} />
        </Box>
      )}
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
