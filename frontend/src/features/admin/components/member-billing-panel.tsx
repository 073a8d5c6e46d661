import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getFieldErrors, getServerMessage } from '@/lib/base-query';
import type { AdminBillingInvoice, AdminBillingSubscription, AdminGuaranteeUse, Guarantee } from '@fm/contracts';
import {
  useCancelAdminSubscriptionMutation,
  useCompAdminSubscriptionMutation,
  useGetAdminMemberBillingQuery,
  useRefundAdminInvoiceMutation,
} from '@/features/admin/api/member-billing';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';
import { formatAmount, formatDateTime } from '@/features/admin/format';

export const COMP_DAYS_MAX = 365;

/** What is left to refund of an invoice. */
const refundable = (invoice: AdminBillingInvoice) => Math.max(0, invoice.amountPaidCents - invoice.amountRefundedCents);

const LIVE = new Set(['active', 'trialing', 'past_due']);

const INVOICE_STATUS: Record<AdminBillingInvoice['status'], string> = {
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

function subscriptionLine(sub: AdminBillingSubscription): string {
  const end = sub.currentPeriodEnd ? formatDateTime(sub.currentPeriodEnd) : null;
  if (!LIVE.has(sub.status)) return `Status ${sub.status}.`;
  if (sub.cancelAtPeriodEnd) return end ? `Ends at the period end, ${end}.` : 'Ends at the period end.';
  return end ? `Renews ${end}.` : 'Renews monthly.';
}

const MATCHED: Record<AdminGuaranteeUse['matchedBy'][number], string> = { address: 'email address', card: 'card' };

/**
 * The guarantee in one line; when it was used on another account of the same person (`use` from
 * billing: a request of this member met it), which account, when, and what they share.
 */
export function guaranteeLine(g: Guarantee, use: AdminGuaranteeUse | null = null): string {
  const deadline = g.deadline ? formatDateTime(g.deadline) : null;
  if (g.eligible) return deadline ? `Open until ${deadline}.` : 'Open.';
  switch (g.reason) {
    case 'window-ended':
      return deadline ? `Closed: the 30 days ended ${deadline}.` : 'Closed: the 30 days have ended.';
    case 'already-used': {
      if (!use || use.matchedBy.length === 0) return 'Closed: already used.';
      const account = `${use.memberId}${use.accountDeleted ? ', deleted' : ''}`;
      const same = use.matchedBy.map((key) => MATCHED[key]).join(' and ');
      const when = formatDateTime(use.completedAt ?? use.requestedAt);
      return `Closed: used ${when} on another account of the same person (${account}; same ${same}). You can still refund an invoice by hand.`;
    }
    case 'already-refunded':
      return 'Closed: the first payment is already refunded.';
    case 'no-payment':
      return 'Closed: no Premium payment.';
    case 'not-premium':
      return 'Closed: not Premium.';
    default:
      return 'Closed.';
  }
}

type Action =
  | { kind: 'refund'; invoice: AdminBillingInvoice }
  | { kind: 'cancel'; subscription: AdminBillingSubscription }
  | { kind: 'comp'; subscription: AdminBillingSubscription | null };

/** "19.99" → 1999; null when not a positive amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const cents = Math.round(Number(trimmed) * 100);
  return cents > 0 ? cents : null;
}

/**
 * One confirmation of a billing action, with its reason (required: the audit log keeps it).
 * Refund: full (what is left) or partial (an amount up to that); comp: 1–365 days. The server's
 * refusal shows in the dialog, which stays open.
 */
function ActionDialog({ memberId, action, onClose }: { memberId: string; action: Action; onClose: () => void }) {
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

function InvoicesTable({
  invoices,
  onRefund,
}: {
  invoices: AdminBillingInvoice[];
  onRefund: (i: AdminBillingInvoice) => void;
}) {
  if (invoices.length === 0) return <Typography sx={{ color: 'text.secondary' }}>No invoices.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Invoices">
        <TableHead>
          <TableRow>
            <TableCell>Invoice</TableCell>
            <TableCell>Date</TableCell>
            <TableCell align="right">Paid</TableCell>
            <TableCell align="right">Refunded</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoice.number ?? invoice.id}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(invoice.created)}</TableCell>
              <TableCell align="right">{formatAmount(invoice.amountPaidCents, invoice.currency)}</TableCell>
              <TableCell align="right">
                {invoice.amountRefundedCents > 0 ? formatAmount(invoice.amountRefundedCents, invoice.currency) : '—'}
              </TableCell>
              <TableCell>{INVOICE_STATUS[invoice.status] ?? invoice.status}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  disabled={refundable(invoice) === 0}
                  onClick={() => onRefund(invoice)}
                  aria-label={`Refund invoice ${invoice.number ?? invoice.id}`}
                >
                  Refund
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The member view's Billing panel (issue 28): the subscription, the invoices with what was
 * refunded of each, the 30-day guarantee; Refund (full or partial), Cancel subscription and
 * Comp N days, each confirmed with a reason.
 */
export function MemberBillingPanel({ memberId }: { memberId: string }) {
  const { data, isLoading, error, isFetching, refetch } = useGetAdminMemberBillingQuery(memberId);
  const [action, setAction] = useState<Action | null>(null);
  const headingId = useId();

  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading billing" />;
  else if (error !== undefined || !data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        }
      >
        {getServerMessage(error) ?? 'Billing could not be loaded.'}
      </Alert>
    );
  } else {
    const sub = data.subscription;
    const live = sub !== null && LIVE.has(sub.status);
    body = (
      <Stack spacing={2.5}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}
        >
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Subscription
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            {sub ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" label={sub.status} color={live ? 'success' : 'default'} />
                <Typography variant="body2">{subscriptionLine(sub)}</Typography>
              </Stack>
            ) : (
              'None'
            )}
          </Box>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Guarantee
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {guaranteeLine(data.guarantee, data.guaranteeUse)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {sub && live && (
            <Button variant="outlined" color="error" onClick={() => setAction({ kind: 'cancel', subscription: sub })}>
              Cancel subscription
            </Button>
          )}
          <Button variant="outlined" onClick={() => setAction({ kind: 'comp', subscription: sub })}>
            Comp days
          </Button>
        </Stack>
        <InvoicesTable invoices={data.invoices} onRefund={(invoice) => setAction({ kind: 'refund', invoice })} />
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Billing
      </Typography>
      {body}
      {action && <ActionDialog memberId={memberId} action={action} onClose={() => setAction(null)} />}
    </Box>
  );
}
