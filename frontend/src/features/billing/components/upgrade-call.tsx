import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import { paths } from '@/config/paths';

/**
 * The one upgrade call on a Free member's practice card (issue 47 §7; the account page's top and
 * the lectures page). The only place that says what it offers and where it leads: today Go Premium
 * to the tiers (/membership); when the 7-day trial exists (issue 47 §2), "Start your 7-day free
 * trial" replaces it here, and every card that shows the call follows.
 */
export function UpgradeCall() {
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
        to={paths.membership.getHref()}
        variant="contained"
        color="secondary"
        startIcon={<WorkspacePremiumRounded />}
        sx={{ flexShrink: 0 }}
      >
        Go Premium
      </Button>
    </Stack>
  );
}
