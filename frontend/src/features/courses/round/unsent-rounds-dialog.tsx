import { useCallback, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { flushOutbox, pendingRounds } from '@/features/courses/round/round-outbox';

const roundsText = (count: number) => (count === 1 ? '1 finished round has' : `${count} finished rounds have`);

type Asking = { count: number; sending: boolean; failed: boolean };

/**
 * Before a sign-out (issue 43 §2): signing out removes the member's rounds from the device, so a
 * round still in the outbox is never lost silently. With none waiting `confirm()` answers true at
 * once; else a dialog asks: "Send now" (true once the server has every one), "Discard and sign
 * out" (true), or "Stay signed in" / Escape (false). Render `dialog` where the sign-out button is.
 */
export function useUnsentRoundsCheck(userId: string | null) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const answer = useRef<((proceed: boolean) => void) | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  const confirm = useCallback((): Promise<boolean> => {
    const count = userId ? pendingRounds(userId).length : 0;
    if (count === 0) return Promise.resolve(true);
    setAsking({ count, sending: false, failed: false });
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, [userId]);

  const settle = useCallback((proceed: boolean) => {
    setAsking(null);
    answer.current?.(proceed);
    answer.current = null;
  }, []);

  const sendNow = useCallback(async () => {
    if (!userId) return;
    setAsking((now) => now && { ...now, sending: true, failed: false });
    await flushOutbox(userId);
    const left = pendingRounds(userId).length;
    if (left === 0) settle(true);
    else setAsking({ count: left, sending: false, failed: true });
  }, [settle, userId]);

  const dialog = (
    <Dialog
      open={asking !== null}
      onClose={() => !asking?.sending && settle(false)}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Rounds not sent yet</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>
          {roundsText(asking?.count ?? 0)} not reached the server yet. Signing out removes{' '}
          {asking?.count === 1 ? 'it' : 'them'} from this device.
        </DialogContentText>
        {asking?.failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Not sent: the server could not be reached. Try again with signal, or discard.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => settle(false)} disabled={asking?.sending}>
          Stay signed in
        </Button>
        <Button color="error" onClick={() => settle(true)} disabled={asking?.sending}>
          Discard and sign out
        </Button>
        <Button variant="contained" onClick={() => void sendNow()} disabled={asking?.sending}>
          {asking?.sending ? 'Sending...' : 'Send now'}
        </Button>
      </DialogActions>
    </Dialog>
  );

  return { confirm, dialog };
}
