import type { AdminNewsletter } from '@fm/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/features/admin/format';

/** A sent (or sending) newsletter: read-only, with its counts. */
export function SentView({ newsletter }: { newsletter: AdminNewsletter }) {
  const counts = [
    ['Recipients', newsletter.recipients],
    ['Sent', newsletter.sent],
    ['Failed', newsletter.failed],
    ['Unsubscribed since', newsletter.unsubscribed ?? '—'],
  ] as const;
  return (
    <Stack spacing={2}>
      {newsletter.status === 'sending' ? (
        <Alert severity="info">
          Sending: {newsletter.sent} of {newsletter.recipients} sent so far.
        </Alert>
      ) : (
        <Alert severity="success">Sent {formatDateTime(newsletter.sentAt)}. A sent newsletter cannot be edited.</Alert>
      )}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))' }}
      >
        {counts.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="overline" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <TextField label="Subject" value={newsletter.subject} slotProps={{ htmlInput: { readOnly: true } }} />
      <TextField
        label="Body (Markdown)"
        value={newsletter.markdown}
        multiline
        minRows={8}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
    </Stack>
  );
}
