import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { SubscriptionCheckout } from '@fm/contracts';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Elements } from '@stripe/react-stripe-js';
import type { Appearance } from '@stripe/stripe-js';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useToast } from '@/components/toast/use-toast';
import { paths } from '@/config/paths';
import { getServerMessage } from '@/lib/base-query';
import { DEFAULT_PLAN, planFromSearch, planOffers, type PremiumPlan } from '@/lib/premium-plans';
import { useSiteConfig, useSiteConfigState, type SiteFacts } from '@/lib/site-config';
import { useCreateSubscriptionMutation } from '@/features/billing/api/create-subscription';
import { useCreateCoachingPaymentMutation } from '@/features/billing/api/create-coaching-payment';
import {
  CHECKOUT_FLOWS,
  CHECKOUT_SETUP_FALLBACK,
  CHECKOUT_UNAVAILABLE_TEXT,
  CHECKOUT_UNAVAILABLE_TITLE,
  checkoutReducer,
  initialCheckoutState,
  isProcessing,
  type CheckoutKind,
} from '@/features/billing/lib/checkout-machine';
import { getStripe } from '@/features/billing/lib/stripe';
import { trialDaysOf } from '@/lib/premium-plans';
import { GUARANTEE_TITLE } from '@/features/billing/components/money-back-guarantee';
import { OrderSummary } from '@/features/billing/components/order-summary';
import { PaymentForm } from '@/features/billing/components/payment-form';
import { TrialNotice } from '@/features/billing/components/trial-notice';

/** What Premium's checkout answered of the free trial (coaching: nothing). */
type TrialAnswer = Partial<Pick<SubscriptionCheckout, 'trialEndsAt' | 'noTrialReason'>>;

type SubmitLabel = (site: SiteFacts | undefined, plan: PremiumPlan) => string;

const HEADINGS: Record<CheckoutKind, { title: string; subtitle: string; submit: SubmitLabel }> = {
  subscription: {
    title: 'Upgrade to Premium',
    subtitle: 'Unlock every lecture, all 12 programme sections and the full audio library.',
    submit: (site, plan) => {
      if (!site) return 'Subscribe';
      const offer = planOffers(site)[plan];
      return `Subscribe - ${offer.price}${offer.period}`;
    },
  },
  coaching: {
    title: 'Book Your Coaching Session',
    subtitle: 'One-on-one time to build a mental game that holds up under pressure.',
    submit: (site) => (site ? `Pay ${site.coachingPrice}` : 'Pay'),
  },
};

/**
 * /checkout and /coaching-checkout (SPEC §2 "Payment screens", §4, §8). Premium's plan is chosen
 * on the page (monthly unless the address says `?plan=annual`); another plan prepares a new
 * payment form for it, and the address follows the choice.
 */
export function CheckoutPage({
  kind,
  intro,
  payment,
  onPayingChange,
}: {
  kind: CheckoutKind;
  intro?: React.ReactNode;
  /**
   * A payment prepared by the page instead (coaching: a held slot's PaymentIntent, issue 48 §3):
   * while given, the card form pays it; when it goes (the hold ended), the form is the page's own
   * again (coaching: SPEC's payment without a time).
   */
  payment?: { clientSecret: string } | null;
  /** Told when a payment starts and when it comes back (coaching: no other time is picked meanwhile). */
  onPayingChange?: (paying: boolean) => void;
}) {
  const theme = useTheme();
  const { toast } = useToast();
  const [state, send] = useReducer(checkoutReducer, initialCheckoutState);
  const [search, setSearch] = useSearchParams();
  const plan = kind === 'subscription' ? planFromSearch(search) : DEFAULT_PLAN;
  // The Stripe publishable key and the prices: the site config (GET /api/config).
  const config = useSiteConfigState();
  const site = useSiteConfig();
  const [createSubscription] = useCreateSubscriptionMutation();
  const [createCoachingPayment] = useCreateCoachingPaymentMutation();
  // What the payment form was last prepared for (the plan; once, also under StrictMode's double effects).
  const preparedFor = useRef<string | null>(null);
  const flow = CHECKOUT_FLOWS[kind];
  const heading = HEADINGS[kind];
  // Premium starts with the free trial when the server offers one (the answer says if this person gets it).
  const trialDays = trialDaysOf(config.data);
  const configKnown = !config.isLoading && !config.isUninitialized;
  const [trial, setTrial] = useState<TrialAnswer>({});

  // Create the payment, again for another plan (Premium once the config says whether a trial is offered).
  useEffect(() => {
    const target = kind === 'subscription' ? plan : kind;
    if (preparedFor.current === target || (kind === 'subscription' && !configKnown)) return;
    preparedFor.current = target;
    const create = (): Promise<{ clientSecret: string } & TrialAnswer> =>
      kind === 'subscription'
        ? createSubscription(trialDays > 0 ? { plan, trial: true } : { plan }).unwrap()
        : createCoachingPayment().unwrap();
    create()
      .then(({ clientSecret, trialEndsAt, noTrialReason }) => {
        if (!clientSecret) throw new Error(flow.setupInternalError);
        setTrial({ trialEndsAt, noTrialReason });
        send({ type: 'setupSucceeded', clientSecret });
      })
      .catch((error: unknown) => {
        console.error(flow.setupInternalError, error);
        const message = getServerMessage(error) ?? CHECKOUT_SETUP_FALLBACK;
        toast({ title: 'Error', description: message, variant: 'destructive' });
        send({ type: 'setupFailed', message });
      });
  }, [kind, plan, configKnown, trialDays, createSubscription, createCoachingPayment, flow.setupInternalError, toast]);

  const choosePlan = (next: PremiumPlan) => {
    if (next === plan) return;
    send({ type: 'planChanged' });
    setSearch(next === DEFAULT_PLAN ? {} : { plan: next }, { replace: true });
  };

  // Without the publishable key there is no card form either.
  const configFailed = config.isError || (config.isSuccess && !config.data?.stripePublishableKey);
  useEffect(() => {
    if (!configFailed) return;
    console.error('Failed to load the site configuration', config.error);
    toast({ title: 'Error', description: CHECKOUT_SETUP_FALLBACK, variant: 'destructive' });
  }, [configFailed, config.error, toast]);

  const publishableKey = config.data?.stripePublishableKey;
  const stripePromise = useMemo(() => (publishableKey ? getStripe(publishableKey) : null), [publishableKey]);

  const appearance = useMemo<Appearance>(
    () => ({
      theme: 'stripe',
      variables: {
        colorPrimary: theme.palette.primary.main,
        colorText: theme.palette.text.primary,
        colorDanger: theme.palette.error.main,
        fontFamily: String(theme.typography.fontFamily ?? 'system-ui, sans-serif'),
        borderRadius: '10px',
      },
    }),
    [theme],
  );

  const setupFailed = state.setup === 'failed' || configFailed;
  const paying = isProcessing(state);
  useEffect(() => onPayingChange?.(paying), [paying, onPayingChange]);
  const clientSecret = payment?.clientSecret ?? (state.setup === 'ready' ? state.clientSecret : '');

  return (
    <Box sx={{ maxWidth: 1040, mx: 'auto' }}>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="h2" component="h1">
          {heading.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{heading.subtitle}</Typography>
      </Box>
      {/* Coaching: the open times (issue 48), above the payment. */}
      {intro}

      {setupFailed ? (
        <Alert
          severity="error"
          variant="outlined"
          sx={{ borderRadius: 3, p: 2 }}
          action={
            <Button color="inherit" component={RouterLink} to={paths.member.account.getHref()}>
              Your Account
            </Button>
          }
        >
          <AlertTitle component="h2" sx={{ fontWeight: 700 }}>
            {CHECKOUT_UNAVAILABLE_TITLE}
          </AlertTitle>
          {CHECKOUT_UNAVAILABLE_TEXT}
        </Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
            alignItems: 'start',
          }}
        >
          <OrderSummary
            kind={kind}
            plan={plan}
            onPlanChange={choosePlan}
            planLocked={state.setup === 'loading' || isProcessing(state)}
          />
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
              Payment details
            </Typography>
            {kind === 'subscription' && state.setup === 'ready' && (
              <TrialNotice plan={plan} trialDays={trialDays} {...trial} />
            )}
            {state.setup === 'ready' && stripePromise ? (
              // A new form for each payment (another plan's has its own client secret).
              <Elements key={clientSecret} stripe={stripePromise} options={{ clientSecret, appearance }}>
                <PaymentForm
                  kind={kind}
                  state={state}
                  send={send}
                  setup={Boolean(trial.trialEndsAt)}
                  submitLabel={trial.trialEndsAt ? 'Start free trial' : heading.submit(site, plan)}
                />
              </Elements>
            ) : (
              <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading checkout">
                <Skeleton variant="rounded" height={44} />
                <Skeleton variant="rounded" height={44} />
                <Skeleton variant="rounded" height={44} />
                <Skeleton variant="rounded" height={48} />
              </Stack>
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2.5 }}>
              Your card details go straight to Stripe, our payment provider. By paying you accept our{' '}
              <Link
                component={RouterLink}
                to={paths.terms.getHref(kind === 'subscription' ? 'premium' : 'coaching')}
                underline="always"
              >
                Terms of Service
              </Link>
              {kind === 'subscription' ? `, including the ${GUARANTEE_TITLE}` : ''}. Our{' '}
              <Link component={RouterLink} to={paths.privacy.getHref()} underline="always">
                Privacy Policy
              </Link>{' '}
              says what we keep about you.
            </Typography>
          </Paper>
        </Box>
      )}
    </Box>
  );
}
