import type { Subscription, SubscriptionStatus } from '@fm/contracts';
import { planOffers, type PlanOffer } from '@/lib/premium-plans';
import { useSiteConfig } from '@/lib/site-config';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import { useToast } from '@/components/toast/use-toast';
import { getServerMessage } from '@/lib/base-query';
import { useGetSubscriptionQuery } from '@/features/billing/api/get-subscription';
import { useChangeSubscriptionMutation } from '@/features/billing/api/change-subscription';
import { formatBillingDate } from '@/features/billing/lib/format';
import { PlanSwitch } from '@/features/billing/components/plan-switch';
import { useManageBilling } from '@/features/billing/lib/use-manage-billing';

const STATUS_LABEL: Record<SubscriptionStatus, { label: string; color: 'success' | 'warning' | 'default' | 'error' }> =
  {
    active: { label: 'Active', color: 'success' },
    trialing: { label: 'Trial', color: 'success' },
    past_due: { label: 'Payment overdue', color: 'warning' },
    incomplete: { label: 'Incomplete', color: 'warning' },
    canceled: { label: 'Canceled', color: 'default' },
    none: { label: 'No subscription', color: 'default' },
  };

/** `offer`: the plan's price ("$19.99", "/month"), when the site config is known. */
function describe(sub: Subscription, offer: PlanOffer | undefined): string {
  const unit = sub.plan === 'annual' ? 'yearly' : 'monthly';
  const date = formatBillingDate(sub.currentPeriodEnd);
  if (sub.status === 'none') return 'There is no subscription on file for this account.';
  if (sub.status === 'canceled') return 'Your subscription has ended.';
  if (sub.cancelAtPeriodEnd)
    return date
      ? `Your Premium access ends on ${date}.`
      : 'Your Premium access ends at the end of this billing period.';
  if (sub.status === 'past_due')
    return 'Your last payment did not go through. Please update your card to keep Premium.';
  // The free trial: the period's end is the trial's, when the first payment is taken.
  if (sub.status === 'trialing' && date) {
    return `Your free trial ends on ${date}${offer ? `, then ${offer.price}${offer.period}` : ''}. Cancel before then and you pay nothing.`;
  }
  if (!offer) return date ? `Renews on ${date}.` : `Renews ${unit}.`;
  const price = `${offer.price}${offer.period}`;
  return date ? `Renews on ${date} at ${price}.` : `Renews ${unit} at ${price}.`;
}

/** "Monthly plan" / "Annual plan" (a subscription from before the plans, without one: monthly). */
const planName = (sub: Subscription) => (sub.plan === 'annual' ? 'Annual plan' : 'Monthly plan');

/**
 * Premium subscription status on the account page: the plan, renewal or end date, cancel at
 * period end or resume, and Stripe's billing portal.
 */
export function SubscriptionPanel() {
  const site = useSiteConfig();
  const { toast } = useToast();
  const { data, isLoading, isError } = useGetSubscriptionQuery();
  const [change, { isLoading: changing }] = useChangeSubscriptionMutation();
  const { manageBilling, opening } = useManageBilling();
  const [confirmCancel, setConfirmCancel] = useState(false);

  if (isLoading) return <Skeleton variant="rounded" height={96} />;
  if (isError || !data) {
    return <Alert severity="info">Subscription details are not available right now.</Alert>;
  }

  // Cancelling in the free trial ends it at once and charges nothing (the server's rule).
  const inTrial = data.status === 'trialing';
  const run = async (action: 'cancel' | 'resume') => {
    setConfirmCancel(false);
    try {
      const sub = await change(action).unwrap();
      const date = formatBillingDate(sub.currentPeriodEnd);
      toast(
        action === 'cancel' && inTrial
          ? { title: 'Trial canceled', description: "Your free trial has ended and you won't be charged." }
          : action === 'cancel'
            ? {
                title: 'Subscription canceled',
                description: date
                  ? `You'll keep Premium access until ${date}.`
                  : "You'll keep Premium access until the end of this billing period.",
              }
            : {
                title: 'Subscription resumed',
                description: date
                  ? `Your Premium membership will renew on ${date}.`
                  : 'Your Premium membership will renew as usual.',
              },
      );
    } catch (error) {
      toast({
        title: 'Error',
        description: getServerMessage(error) ?? 'Could not update your subscription',
        variant: 'destructive',
      });
    }
  };

  const status = STATUS_LABEL[data.status] ?? STATUS_LABEL.none;
  const live = data.status === 'active' || data.status === 'trialing' || data.status === 'past_due';

  return (
    <Stack spacing={2} component="section" aria-label="Subscription">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Premium subscription
        </Typography>
        <Chip
          size="small"
          label={data.cancelAtPeriodEnd && live ? 'Ending' : status.label}
          color={data.cancelAtPeriodEnd && live ? 'warning' : status.color}
        />
      </Stack>
      {data.status !== 'none' && <Typography sx={{ fontWeight: 600 }}>{planName(data)}</Typography>}
      <Typography sx={{ color: 'text.secondary' }}>
        {describe(data, site ? planOffers(site)[data.plan ?? 'monthly'] : undefined)}
      </Typography>
      <PlanSwitch sub={data} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {live &&
          (data.cancelAtPeriodEnd ? (
            <Button variant="contained" onClick={() => run('resume')} disabled={changing}>
              {changing ? 'Resuming...' : 'Resume subscription'}
            </Button>
          ) : (
            <Button variant="outlined" color="error" onClick={() => setConfirmCancel(true)} disabled={changing}>
              {changing ? 'Canceling...' : inTrial ? 'Cancel trial' : 'Cancel subscription'}
            </Button>
          ))}
        {data.status !== 'none' && (
          <Button variant="outlined" onClick={manageBilling} disabled={opening} endIcon={<OpenInNewRounded />}>
            {opening ? 'Opening...' : 'Manage billing'}
          </Button>
        )}
      </Stack>
      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)}>
        <DialogTitle>{inTrial ? 'Cancel your free trial?' : 'Cancel your subscription?'}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {inTrial
              ? "Your trial ends now and Premium access with it. You won't be charged anything."
              : formatBillingDate(data.currentPeriodEnd)
                ? `You'll keep full Premium access until ${formatBillingDate(data.currentPeriodEnd)}, and you won't be charged again.`
                : "You'll keep full Premium access until the end of this billing period, and you won't be charged again."}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmCancel(false)}>Keep Premium</Button>
          <Button color="error" variant="contained" onClick={() => run('cancel')}>
            {inTrial ? 'Cancel trial' : 'Cancel subscription'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
