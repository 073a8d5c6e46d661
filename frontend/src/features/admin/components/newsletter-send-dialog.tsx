import type { AdminNewsletter } from '@fm/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { subscribersText } from '@/features/admin/components/newsletters-panel';

/** Confirms sending a draft to every subscriber: it cannot be edited or sent again afterwards. */
export function SendDialog({
  newsletter,
  subscribers,
  busy,
  onCancel,
  onConfirm,
}: {
  newsletter: Pick<AdminNewsletter, 'subject'>;
  subscribers: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="send-newsletter-title" fullWidth maxWidth="xs">
      <DialogTitle id="send-newsletter-title">Send to {subscribersText(subscribers)}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          “{newsletter.subject}” goes to every member with a verified address who chose the newsletter. It cannot be
          edited or sent again afterwards.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} loading={busy}>
          Send now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
