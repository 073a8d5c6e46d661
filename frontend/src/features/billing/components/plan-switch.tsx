import type { PlanChange, PremiumPlan, Subscription } from '@fm/contracts';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useToast } from '@/components/toast/use-toast';
import { getServerMessage } from '@/lib/base-query';
import { planPriceText, type PriceSource } from '@/lib/premium-plans';
import { formatMoney, useSiteConfig } from '@/lib/site-config';
import { useChangePlanMutation, useGetPlanChangePreviewQuery } from '@/features/billing/api/plan-change';
import { formatBillingDate } from '@/features/billing/lib/format';

const other = (plan: PremiumPlan): PremiumPlan => (plan === 'annual' ? 'monthly' : 'annual');

/** What the switch does, in the words of the dialog (from the server's preview). */
function previewText(change: PlanChange, site: PriceSource | undefined): string {
  const next = site ? planPriceText(site, change.plan) : formatMoney(change.nextAmountCents, change.currency);
  const date = formatBillingDate(change.effectiveAt);
  if (change.effective === 'now') {
    return `You'll pay ${formatMoney(change.amountDueCents, change.currency)} today for a year of Premium (the unused part of this month is taken off), then ${next} each year.`;
  }
  return `You keep the annual plan until ${date}, then pay ${next}. Nothing is charged today.`;
}

/** The confirmation dialog: loads the preview when opened, confirms with its proration date. */
function SwitchDialog({ plan, onClose }: { plan: PremiumPlan; onClose: () => void }) {
  const site = useSiteConfig();
  const { toast } = useToast();
  const { data, isLoading, error } = useGetPlanChangePreviewQuery(plan);
  const [changePlan, { isLoading: switching }] = useChangePlanMutation();
  const annual = plan === 'annual';

  const confirm = async () => {
    if (!data) return;
    try {
      const done = await changePlan({ plan, prorationDate: data.prorationDate ?? undefined }).unwrap();
      const date = formatBillingDate(done.effectiveAt);
      toast(
        annual
          ? { title: 'You are on the annual plan', description: 'Thank you! Your receipt is on its way.' }
          : { title: 'Switch scheduled', description: `Your plan becomes monthly on ${date}.` },
      );
      onClose();
    } catch (err) {
      toast({
        title: 'Error',
        description: getServerMessage(err) ?? 'Could not change your plan',
        variant: 'destructive',
      });
    }
  };

  let body;
  if (isLoading) body = <Skeleton variant="text" width="100%" aria-label="Working out the amount" />;
  else if (error !== undefined || !data) {
    body = <Alert severity="error">{getServerMessage(error) ?? 'The amount could not be worked out.'}</Alert>;
  } else body = <DialogContentText>{previewText(data, site)}</DialogContentText>;

  const action = !data
    ? 'Switch'
    : annual
      ? `Switch and pay ${formatMoney(data.amountDueCents, data.currency)}`
      : `Switch on ${formatBillingDate(data.effectiveAt)}`;
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{annual ? 'Switch to the annual plan?' : 'Switch to the monthly plan?'}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Not now</Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={!data || switching}>
          {switching ? 'Switching...' : action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The account page's switch of plan (issue 47 §1), for an active subscription not set to end:
 * monthly → annual now (the prorated amount stated before confirming), annual → monthly at the end
 * of the paid year (the date stated); a switch waiting can be undone.
 */
export function PlanSwitch({ sub }: { sub: Subscription }) {
  const site = useSiteConfig();
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  const [changePlan, { isLoading: undoing }] = useChangePlanMutation();
  if (sub.status !== 'active' || sub.cancelAtPeriodEnd) return null;
  const plan = sub.plan ?? 'monthly';

  if (sub.planChange) {
    const undo = async () => {
      try {
        await changePlan({ plan }).unwrap();
        toast({ title: 'Switch cancelled', description: `You stay on the ${plan} plan.` });
      } catch (err) {
        toast({
          title: 'Error',
          description: getServerMessage(err) ?? 'Could not change your plan',
          variant: 'destructive',
        });
      }
    };
    const price = site ? ` (${planPriceText(site, sub.planChange.plan)})` : '';
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          {`Your plan switches to ${sub.planChange.plan}${price} on ${formatBillingDate(sub.planChange.effectiveAt)}.`}
        </Typography>
        <Button variant="text" onClick={() => void undo()} disabled={undoing}>
          {`Keep the ${plan} plan`}
        </Button>
      </Stack>
    );
  }

  const target = other(plan);
  const offer = site ? ` (${planPriceText(site, target)})` : '';
  return (
    <>
      <Button variant="outlined" onClick={() => setAsking(true)} sx={{ alignSelf: 'flex-start' }}>
        {`Switch to ${target}${offer}`}
      </Button>
      {asking && <SwitchDialog plan={target} onClose={() => setAsking(false)} />}
    </>
  );
}
