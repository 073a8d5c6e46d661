import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { getFieldErrors, getServerMessage } from '@/lib/base-query';
import type { AdminBillingInvoice, AdminBillingSubscription } from '@fm/contracts';
import {
  useCancelAdminSubscriptionMutation,
  useCompAdminSubscriptionMutation,
  useRefundAdminInvoiceMutation,
} from '@/features/admin/api/member-billing';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';
import { COMP_DAYS_MAX, LIVE, parseAmount, refundable } from '@/features/admin/components/member-billing-format';
import { formatAmount, formatDateTime } from '@/features/admin/format';

export type Action =
  | { kind: 'refund'; invoice: AdminBillingInvoice }
  | { kind: 'cancel'; subscription: AdminBillingSubscription }
  | { kind: 'comp'; subscription: AdminBillingSubscription | null };

/**
 * One confirmation of a billing action, with its reason (required: the audit log keeps it).
 * Refund: full (what is left) or partial (an amount up to that); comp: 1–365 days. The server's
 * refusal shows in the dialog, which stays open.
 */
export function ActionDialog({ memberId, action, onClose }: { memberId: string; action: Action; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState('7');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [refund, refundState] = useRefundAdminInvoiceMutation();
  const [cancel, cancelState] = useCancelAdminSubscriptionMutation();
  const [comp, compState] = useCompAdminSubscriptionMutation();
  const { saved } = useAdminToasts();
  const titleId = useId();
  const state = action.kind === 'refund' ? refundState : action.kind === 'cancel' ? cancelState : compState;
  const fieldErrors = { ...getFieldErrors(state.error), ...problems };
  const busy = state.isLoading;

  const left = action.kind === 'refund' ? refundable(action.invoice) : 0;
  const currency = action.kind === 'refund' ? action.invoice.currency : 'usd';
  const invoiceName =
    action.kind === 'refund'
      ? action.invoice.number
        ? `invoice ${action.invoice.number}`
        : `the invoice of ${formatDateTime(action.invoice.created)}`
      : '';

  const title = {
    refund: `Refund ${invoiceName}?`,
    cancel: 'Cancel the subscription?',
    comp: 'Comp the subscription?',
  }[action.kind];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const why = reason.trim();
    if (!why) found.reason = 'Give a reason (it goes into the audit log).';
    let cents: number | undefined;
    if (action.kind === 'refund' && mode === 'partial') {
      const parsed = parseAmount(amount);
      if (parsed === null) found.amountCents = 'Enter an amount, e.g. 5.00.';
      else if (parsed > left) found.amountCents = `At most ${formatAmount(left, currency)}.`;
      else cents = parsed;
    }
    const n = Number(days);
    if (action.kind === 'comp' && (!Number.isInteger(n) || n < 1 || n > COMP_DAYS_MAX)) {
      found.days = `Whole days from 1 to ${COMP_DAYS_MAX}.`;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (action.kind === 'refund') {
        const made = await refund({
          memberId,
          invoiceId: action.invoice.id,
          reason: why,
          ...(cents !== undefined ? { amountCents: cents } : {}),
        }).unwrap();
        saved(
          'Refund made',
          `${formatAmount(made.amountCents, currency)} of ${invoiceName} (${made.full ? 'full' : 'partial'} refund).`,
        );
      } else if (action.kind === 'cancel') {
        await cancel({ memberId, reason: why }).unwrap();
        saved('Subscription cancelled');
      } else {
        const sub = await comp({ memberId, reason: why, days: n }).unwrap();
        saved(
          'Subscription comped',
          sub.currentPeriodEnd ? `${n} days; free until ${formatDateTime(sub.currentPeriodEnd)}.` : `${n} days.`,
        );
      }
      onClose();
    } catch {
      /* shown in the dialog below */
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {state.error !== undefined && (
              // The toast region is outside the modal (hidden from assistive tech while it is open): say it here.
              <Alert severity="error">{getServerMessage(state.error) ?? 'The action could not be done.'}</Alert>
            )}
            {action.kind === 'refund' && (
              <>
                <DialogContentText>
                  {formatAmount(action.invoice.amountPaidCents, currency)} paid
                  {action.invoice.amountRefundedCents > 0
                    ? `, ${formatAmount(action.invoice.amountRefundedCents, currency)} already refunded`
                    : ''}
                  . A full refund of a Premium invoice also ends Premium and cancels the subscription; a partial one
                  changes nothing else.
                </DialogContentText>
                <RadioGroup
                  aria-label="Refund amount"
                  value={mode}
                  onChange={(event) => setMode(event.target.value as 'full' | 'partial')}
                >
                  <FormControlLabel value="full" control={<Radio />} label={`Full: ${formatAmount(left, currency)}`} />
                  <FormControlLabel value="partial" control={<Radio />} label="Partial" />
                </RadioGroup>
                {mode === 'partial' && (
                  <TextField
                    label={`Amount (${currency.toUpperCase()})`}
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                    required
                    autoFocus
                    error={Boolean(fieldErrors.amountCents)}
                    helperText={fieldErrors.amountCents ?? `Up to ${formatAmount(left, currency)}`}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                )}
              </>
            )}
            {action.kind === 'cancel' && (
              <DialogContentText>
                The subscription is cancelled at Stripe now: Premium ends and nothing more is charged. No refund is made
                (refund an invoice for that).
              </DialogContentText>
            )}
            {action.kind === 'comp' && (
              <>
                <DialogContentText>
                  Premium free of charge for that many days from now (Stripe&apos;s trial): nothing is charged until
                  then.
                  {action.subscription && LIVE.has(action.subscription.status)
                    ? ''
                    : ' Without a subscription the member gets a trial one, which ends then unless they add a card.'}
                </DialogContentText>
                <TextField
                  label="Days"
                  type="number"
                  value={days}
                  onChange={(event) => setDays(event.target.value)}
                  required
                  error={Boolean(fieldErrors.days)}
                  helperText={fieldErrors.days ?? `1 to ${COMP_DAYS_MAX}`}
                  slotProps={{ htmlInput: { min: 1, max: COMP_DAYS_MAX, step: 1 } }}
                />
              </>
            )}
            <TextField
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              multiline
              minRows={2}
              autoFocus={action.kind !== 'refund' || mode === 'full'}
              error={Boolean(fieldErrors.reason)}
              helperText={fieldErrors.reason ?? 'Kept in the audit log'}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Back
          </Button>
          <Button type="submit" variant="contained" color="error" loading={busy}>
            {action.kind === 'refund' ? 'Refund' : action.kind === 'cancel' ? 'Cancel subscription' : 'Comp'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
