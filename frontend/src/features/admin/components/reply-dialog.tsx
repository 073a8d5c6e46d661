import { useState } from 'react';
import type { AdminContactMessage } from '@fm/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getFieldErrors, getServerMessage } from '@/lib/base-query';
import { useReplyToContactMessageMutation } from '@/features/admin/api/reply-contact-message';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';

type Props = { message: AdminContactMessage; onClose: () => void };

/**
 * Reply to a contact message: the text → POST /api/admin/contact-messages/:id/reply. The server
 * mails it to the sender from the support address and marks the message handled; its refusal
 * (410: the sender deleted their account) is shown and the dialog stays open.
 */
export function ReplyDialog({ message, onClose }: Props) {
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [send, { isLoading, error }] = useReplyToContactMessageMutation();
  const { saved, failed } = useAdminToasts();
  const fieldErrors = getFieldErrors(error);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setLocalError('Write your reply.');
      return;
    }
    setLocalError(null);
    try {
      await send({ id: message.id, text }).unwrap();
      saved('Reply sent', `${message.name} is mailed your reply.`);
      onClose();
    } catch (err) {
      failed(err, 'The reply could not be sent.');
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="reply-dialog-title" fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="reply-dialog-title">Reply to {message.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error !== undefined && (
              <Alert severity="error">{getServerMessage(error) ?? 'The reply could not be sent.'}</Alert>
            )}
            <DialogContentText component="div">
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.message}
              </Typography>
            </DialogContentText>
            <TextField
              label="Your reply"
              value={text}
              onChange={(event) => setText(event.target.value)}
              multiline
              minRows={5}
              required
              autoFocus
              error={Boolean(localError || fieldErrors.text)}
              helperText={localError ?? fieldErrors.text ?? `Mailed to ${message.email} from the support address`}
              slotProps={{ htmlInput: { maxLength: 10_000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            Send reply
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
