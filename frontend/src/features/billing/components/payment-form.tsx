import type { Dispatch, FormEvent } from 'react';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockRounded from '@mui/icons-material/LockRounded';
import { useToast } from '@/components/toast/use-toast';
import {
  CHECKOUT_FLOWS,
  isProcessing,
  type CheckoutEvent,
  type CheckoutKind,
  type CheckoutState,
} from '@/features/billing/lib/checkout-machine';

type PaymentFormProps = {
  kind: CheckoutKind;
  state: CheckoutState;
  send: Dispatch<CheckoutEvent>;
  submitLabel: string;
  /** A free trial's form: the card is saved (a SetupIntent), nothing is charged now. */
  setup?: boolean;
};

/** The card form inside <Elements>: idle → Processing... → idle on failure (SPEC §4, §8). */
export function PaymentForm({ kind, state, send, submitLabel, setup = false }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { toast } = useToast();
  const processing = isProcessing(state);
  const flow = CHECKOUT_FLOWS[kind];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Nothing happens while Stripe.js is not ready, or while a payment is on its way.
    if (!stripe || !elements || processing) return;
    send({ type: 'submit', providerReady: true });
    const confirmParams = { return_url: new URL(flow.returnPath, window.location.origin).toString() };
    const result = setup
      ? await stripe.confirmSetup({ elements, confirmParams })
      : await stripe.confirmPayment({ elements, confirmParams });
    // confirmPayment / confirmSetup only come back when they did not redirect, i.e. on an error.
    if (result.error) {
      toast({
        title: flow.paymentFailedTitle,
        description: result.error.message ?? 'Your payment could not be completed.',
        variant: 'destructive',
      });
      send({ type: 'paymentFailed' });
    }
  };

  return (
    <Box component="form" onSubmit={onSubmit} aria-label="Payment details">
      <Stack spacing={3}>
        <PaymentElement options={{ layout: 'tabs' }} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={!stripe || !elements || processing}
          startIcon={processing ? undefined : <LockRounded />}
        >
          {processing ? 'Processing...' : submitLabel}
        </Button>
        <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          Payments are processed securely by Stripe. Your card details never touch our servers.
        </Typography>
      </Stack>
    </Box>
  );
}
