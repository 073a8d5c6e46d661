import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import { paths } from '@/config/paths';
import { trialCallText, useOfferedTrialDays } from '@/lib/premium-plans';

/**
 * The one upgrade call on a Free member's practice card (issue 47 §7; the account page's top and
 * the lectures page). The only place that says what it offers and where it leads: while the
 * server would start this Free member's free trial (GET /api/billing/trial: never trialed, never
 * paid), "Start your 7-day free trial" to the checkout, which starts it; otherwise Go Premium to
 * the tiers (/membership).
 */
export function UpgradeCall() {
  const trialDays = useOfferedTrialDays({ isAuthenticated: true, isPremium: false });
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        With Premium, your plan draws on every lecture and member section.
      </Typography>
      <Button
        component={RouterLink}
        to={trialDays > 0 ? paths.checkout.getHref() : paths.membership.getHref()}
        variant="contained"
        color="secondary"
        startIcon={<WorkspacePremiumRounded />}
        sx={{ flexShrink: 0 }}
      >
        {trialDays > 0 ? trialCallText(trialDays) : 'Go Premium'}
      </Button>
    </Stack>
  );
}
