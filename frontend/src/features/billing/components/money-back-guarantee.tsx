import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AccountSection } from '@/components/ui/account-section';
import { LiveRegion } from '@/components/ui/live-region';
import { getServerMessage, isApiError } from '@/lib/base-query';
import { formatMoney } from '@/lib/site-config';
import type { GuaranteeReason, GuaranteeRefund } from '@fm/contracts';
import { useGetGuaranteeQuery, useRequestGuaranteeRefundMutation } from '@/features/billing/api/guarantee';
import { formatBillingDate } from '@/features/billing/lib/format';

export const GUARANTEE_TITLE = '30-day money-back guarantee';
export const REFUND_BUTTON = 'Request a refund (30-day guarantee)';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until `deadline` (a part of a day counts as one), never below 0. */
export function daysLeft(deadline: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(deadline).getTime() - now) / DAY_MS));
}

/** Why there is no refund button, one sentence per reason; `deadline` is the window's end when known. */
export function reasonSentence(reason: GuaranteeReason | undefined, deadline: string | null): string {
  const date = formatBillingDate(deadline);
  switch (reason) {
    case 'window-ended':
      return date
        ? `The 30 days of your money-back guarantee ended on ${date}.`
        : 'The 30 days of your money-back guarantee have ended.';
    case 'already-used':
      // On this account, or on an earlier one of the member's (the same address or card).
      return 'You have already used your money-back guarantee: it covers one refund per person.';
    case 'already-refunded':
      return 'Your first Premium payment has already been refunded, so the money-back guarantee has nothing left to refund.';
    case 'no-payment':
      return 'The money-back guarantee covers your first Premium payment, and there is none on your account.';
    case 'not-premium':
      return 'The money-back guarantee is for Premium members.';
    default:
      return 'The money-back guarantee is not available for your account.';
  }
}

function confirmation(refund: GuaranteeRefund): string {
  const amount = formatMoney(refund.amountCents, refund.currency);
  const card = refund.cardLast4 ? `your card ending in ${refund.cardLast4}` : 'the card you paid with';
  return `${amount} is on its way back to ${card}; banks usually show it within 5 to 10 business days. Your Premium membership has ended and your subscription is cancelled. We have emailed you the details.`;
}

/** What went wrong, in the member's words: the server's message when it sent one. */
function failure(error: unknown): string {
  const message = getServerMessage(error);
  if (message) return message;
  if (isApiError(error) && error.status === 503) {
    return 'Refunds are briefly unavailable. Nothing was changed: please try again in a few minutes.';
  }
  return 'Your refund could not be made. Nothing was changed: please try again.';
}

/**
 * The account page's 30-day money-back guarantee (issue 28): while the member's first Premium
 * payment is at most 30 days old, the days left and "Request a refund (30-day guarantee)"; one
 * dialog says what happens; then the confirmation (amount, card), read out by a live region and
 * focused. Otherwise a sentence says why there is no button. Nothing for a Free member who
 * never used it (the page offers Premium instead).
 */
export function MoneyBackGuarantee() {
  const { data, isLoading, isError } = useGetGuaranteeQuery();
  const [requestRefund, { isLoading: refunding }] = useRequestGuaranteeRefundMutation();
  const [open, setOpen] = useState(false);
  const [refund, setRefund] = useState<GuaranteeRefund | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState({ message: '', sequence: 0 });
  const resultRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  const announce = (message: string) => setAnnouncement((a) => ({ message, sequence: a.sequence + 1 }));

  // The button the dialog came from is gone once a refund is made or refused: focus the outcome.
  useEffect(() => {
    if (refund || error) resultRef.current?.focus();
  }, [refund, error]);

  const confirm = async () => {
    try {
      const made = await requestRefund().unwrap();
      setOpen(false);
      setError(null);
      setRefund(made);
      announce(`Refund on its way. ${confirmation(made)}`);
    } catch (err) {
      const message = failure(err);
      setError(message);
      if (isApiError(err) && err.status === 409) {
        // Not eligible (any more): the guarantee is fetched again and the page says why.
        setOpen(false);
        announce(message);
      }
      // Otherwise the dialog stays open and shows the error (an alert: read out at once).
    }
  };

  const close = () => {
    if (refunding) return;
    setOpen(false);
    setError(null);
  };

  if (isLoading || isError || !data) return null;
  if (!refund && !error && !data.eligible && data.reason === 'not-premium') return null;

  const deadline = data.deadline;
  const left = deadline ? daysLeft(deadline) : null;
  const showButton = data.eligible && !refund;

  return (
    <AccountSection title={GUARANTEE_TITLE}>
      <LiveRegion message={announcement.message} sequence={announcement.sequence} />
      <Stack spacing={2}>
        {(refund || (error && !open)) && (
          // Focused once shown (the button is gone); read out by the live region, so no role="alert".
          <Box ref={resultRef} tabIndex={-1} data-testid="guarantee-outcome">
            {refund ? (
              <Alert severity="success" role="none">
                <AlertTitle>Refund on its way</AlertTitle>
                {confirmation(refund)}
              </Alert>
            ) : (
              <Alert severity="error" role="none">
                {error}
              </Alert>
            )}
          </Box>
        )}
        {showButton && (
          <>
            <Typography>
              {left === null
                ? 'Not happy with Premium? Ask for your first payment back in full.'
                : `Not happy with Premium? You have ${left} ${left === 1 ? 'day' : 'days'} left to ask for your first payment back in full (until ${formatBillingDate(deadline)}).`}
            </Typography>
            <div>
              <Button variant="outlined" onClick={() => setOpen(true)} aria-haspopup="dialog">
                {REFUND_BUTTON}
              </Button>
            </div>
          </>
        )}
        {!showButton && !refund && (
          <Typography sx={{ color: 'text.secondary' }}>{reasonSentence(data.reason, deadline)}</Typography>
        )}
      </Stack>
      <Dialog
        open={open}
        onClose={close}
        fullWidth
        maxWidth="sm"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        // On success or refusal the button is gone; the outcome takes the focus instead.
        disableRestoreFocus={Boolean(refund) || (Boolean(error) && !open)}
      >
        <DialogTitle id={titleId}>Refund your Premium membership?</DialogTitle>
        <DialogContent>
          <DialogContentText id={descriptionId} component="div">
            <Typography sx={{ mb: 1 }}>If you go ahead:</Typography>
            <List dense sx={{ listStyle: 'disc', pl: 3, py: 0 }}>
              <ListItem sx={{ display: 'list-item', px: 0 }}>
                The full amount of your first payment goes back to your card.
              </ListItem>
              <ListItem sx={{ display: 'list-item', px: 0 }}>Your Premium membership ends now.</ListItem>
              <ListItem sx={{ display: 'list-item', px: 0 }}>
                Your subscription is cancelled: you will not be charged again.
              </ListItem>
            </List>
          </DialogContentText>
          {error && open && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={refunding}>
            Keep Premium
          </Button>
          <Button variant="contained" color="error" onClick={() => void confirm()} disabled={refunding}>
            {refunding ? 'Refunding...' : 'Refund and end Premium'}
          </Button>
        </DialogActions>
      </Dialog>
    </AccountSection>
  );
}
