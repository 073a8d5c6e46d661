import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { CheckoutPage } from '@/features/billing/components/checkout-page';

/** /checkout: the Premium subscription (a Premium member has nothing to buy here). */
export default function SubscriptionCheckoutPage() {
  const { isPremium } = useCurrentUser();
  if (isPremium) {
    return (
      <Paper
        variant="outlined"
        sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center', borderRadius: 4, maxWidth: 640, mx: 'auto' }}
      >
        <PageTitle title="Checkout" />
        <WorkspacePremiumRounded sx={{ fontSize: 48, color: 'secondary.main', mb: 1 }} />
        <Typography variant="h3" component="h1">
          You&apos;re already Premium
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1.5, mb: 3 }}>
          Your membership includes every lecture, section and visualization. Manage your subscription from your account.
        </Typography>
        <Button component={RouterLink} to={paths.member.account.getHref()} variant="contained">
          Your Account
        </Button>
      </Paper>
    );
  }
  return (
    <>
      <PageTitle title="Checkout" />
      <CheckoutPage kind="subscription" />
    </>
  );
}
