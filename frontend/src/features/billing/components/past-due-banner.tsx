import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import { useGetSubscriptionQuery } from '@/features/billing/api/get-subscription';
import { useManageBilling } from '@/features/billing/lib/use-manage-billing';

const PAST_DUE_TITLE = 'Your last payment failed — update your card';

/**
 * On the account page while the subscription is past due (Stripe is retrying the card; Premium
 * stays): says so and opens the billing portal (our action, which creates the portal session
 * when clicked — the payment-failed mail links to this page).
 */
export function PastDueBanner() {
  const { data } = useGetSubscriptionQuery();
  const { manageBilling, opening } = useManageBilling();
  if (data?.status !== 'past_due') return null;
  return (
    <Alert severity="warning" sx={{ mb: 3, borderRadius: 3 }}>
      <AlertTitle sx={{ fontWeight: 700 }}>{PAST_DUE_TITLE}</AlertTitle>
      <Typography variant="body2">
        We could not charge your card for your Premium membership. Update your payment details and we will try again.
      </Typography>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        onClick={() => void manageBilling()}
        disabled={opening}
        startIcon={<CreditCardRounded />}
        sx={{ mt: 1.5 }}
      >
        {opening ? 'Opening...' : 'Update card'}
      </Button>
    </Alert>
  );
}
