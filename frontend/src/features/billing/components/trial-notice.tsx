import type { SubscriptionCheckout } from '@fm/contracts';
import Alert from '@mui/material/Alert';
import { planOffers, type PremiumPlan } from '@/lib/premium-plans';
import { useSiteConfig } from '@/lib/site-config';
import { NO_TRIAL_TEXT, trialTermsText } from '@/lib/premium-plans';

type TrialNoticeProps = Pick<SubscriptionCheckout, 'trialEndsAt' | 'noTrialReason'> & {
  plan: PremiumPlan;
  trialDays: number;
};

/**
 * Above the checkout's card form: the free trial's terms ("Free for 7 days, then $19.99/month on
 * March 5, 2026": the chosen plan's price, the day the server's answer gives), or why this
 * checkout charges today although a trial is offered. Nothing without a trial on offer.
 */
export function TrialNotice({ trialEndsAt, noTrialReason, plan, trialDays }: TrialNoticeProps) {
  const site = useSiteConfig();
  if (!site) return null;
  if (trialEndsAt) {
    return (
      <Alert severity="success" variant="outlined" sx={{ mb: 2, borderRadius: 2 }}>
        <strong>{trialTermsText(trialDays, planOffers(site)[plan], trialEndsAt)}</strong>. Nothing is charged today;
        cancel before then and you pay nothing.
      </Alert>
    );
  }
  if (noTrialReason) {
    return (
      <Alert severity="info" variant="outlined" sx={{ mb: 2, borderRadius: 2 }}>
        {NO_TRIAL_TEXT[noTrialReason]}
      </Alert>
    );
  }
  return null;
}
