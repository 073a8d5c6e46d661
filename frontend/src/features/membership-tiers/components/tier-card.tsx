import type { MembershipTier } from '@fm/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import { PlanChoice } from '@/components/ui/plan-choice';
import { paths } from '@/config/paths';
import { checkoutHref, DEFAULT_PLAN, planOffers, type PremiumPlan } from '@/lib/premium-plans';
import { useSiteConfig } from '@/lib/site-config';
import { trialCallText } from '@/lib/premium-plans';
import { isFreeTier } from '@/features/membership-tiers/types';

/**
 * The tier's call to action (SPEC §2 /membership): logged out → Get Started (/signup);
 * logged in: free tier → View Lessons (/member/lectures), paid tier → Go Premium (/checkout,
 * with the plan chosen: /checkout?plan=annual); "Start your 7-day free trial" instead when the
 * server would start this member's trial (`trialDays` > 0, from GET /api/billing/trial: the page
 * passes it; a Premium member or one who had a trial gets Go Premium).
 */
export function tierAction(
  tier: Pick<MembershipTier, 'price'>,
  isAuthenticated: boolean,
  plan = DEFAULT_PLAN,
  trialDays = 0,
) {
  if (!isAuthenticated) return { label: 'Get Started', href: paths.signup.getHref() };
  if (isFreeTier(tier)) return { label: 'View Lessons', href: paths.member.lectures.getHref() };
  return { label: trialDays > 0 ? trialCallText(trialDays) : 'Go Premium', href: checkoutHref(plan) };
}

export function TierCard({
  tier,
  isAuthenticated,
  trialDays = 0,
}: {
  tier: MembershipTier;
  isAuthenticated: boolean;
  /** The free trial the server would start for this member (0: none to offer). */
  trialDays?: number;
}) {
  const free = isFreeTier(tier);
  const [plan, setPlan] = useState<PremiumPlan>(DEFAULT_PLAN);
  // The paid tier offers both plans once the prices are known (GET /api/config).
  const site = useSiteConfig();
  const offers = !free && site ? planOffers(site) : null;
  const action = tierAction(tier, isAuthenticated, plan, trialDays);
  const featured = tier.isFeatured;
  // Monthly shows the tier's own price text (rendered by the server from the same variable).
  const annual = offers && plan === 'annual' ? offers.annual : null;
  const titleId = `tier-${tier.id}-name`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{
        position: 'relative',
        p: { xs: 3, md: 4 },
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        ...(featured && {
          bgcolor: 'primary.main',
          color: '#fff',
          borderColor: 'primary.main',
          boxShadow: '0 30px 60px rgba(15, 42, 31, 0.28)',
        }),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography id={titleId} variant="h3" component="h2">
          {tier.name}
        </Typography>
        {featured && (
          <Box
            component="span"
            sx={{
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              fontWeight: 700,
              fontSize: '0.75rem',
              letterSpacing: '0.08em',
              textTransform: 'uppercase',
              px: 1.5,
              py: 0.5,
              borderRadius: 999,
            }}
          >
            Popular
          </Box>
        )}
      </Box>
      <Typography component="p" sx={{ mb: 3, display: 'flex', alignItems: 'baseline', gap: 0.75 }}>
        <Box
          component="span"
          sx={{ fontFamily: (t) => t.typography.h1.fontFamily, fontSize: '3rem', fontWeight: 600, lineHeight: 1 }}
        >
          {annual ? annual.price : tier.price}
        </Box>
        {!free && (
          <Box component="span" sx={{ opacity: 0.75, fontWeight: 500 }}>
            {annual ? annual.period : '/month'}
          </Box>
        )}
      </Typography>
      {offers && (
        <Box sx={{ mt: -1, mb: 3 }}>
          <PlanChoice offers={offers} value={plan} onChange={setPlan} inverted={featured} />
        </Box>
      )}
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, mb: 4, flex: 1, alignContent: 'start' }}
      >
        {tier.features.map((feature) => (
          <Box component="li" key={feature} sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
            <CheckRoundedIcon
              aria-hidden="true"
              sx={{ fontSize: 20, mt: '3px', color: featured ? 'secondary.light' : 'success.main', flexShrink: 0 }}
            />
            <Typography component="span" sx={{ opacity: featured ? 0.92 : 1 }}>
              {feature}
            </Typography>
          </Box>
        ))}
      </Box>
      <Button
        component={RouterLink}
        to={action.href}
        size="large"
        fullWidth
        variant={featured ? 'contained' : 'outlined'}
        color={featured ? 'secondary' : 'primary'}
      >
        {action.label}
      </Button>
    </Card>
  );
}
