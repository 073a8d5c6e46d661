import { useId } from 'react';
import type { NewsletterPreview } from '@fm/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getServerMessage } from '@/lib/base-query';
import { useLazyGetNewsletterPreviewQuery } from '@/features/admin/api/newsletters';

/** The mail as it is sent: the HTML part in a sandboxed frame (no scripts, no same origin), the text part as text. */
export function PreviewPanel({ preview }: { preview: NewsletterPreview }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1 }}>
        Preview
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        <strong>Subject:</strong> {preview.subject}
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        HTML part
      </Typography>
      <Box
        component="iframe"
        title="Newsletter preview: HTML part"
        sandbox=""
        srcDoc={preview.html}
        sx={{ width: '100%', height: 520, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: '#fff' }}
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        Text part
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label="Newsletter preview: text part"
        sx={{
          m: 0,
          p: 2,
          maxHeight: 420,
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 2,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'monospace',
          fontSize: '0.875rem',
        }}
      >
        {preview.text}
      </Box>
    </Paper>
  );
}

/** Preview of a saved newsletter (read-only view). */
export function PreviewButton({ id }: { id: string }) {
  const [load, { data, isFetching, error }] = useLazyGetNewsletterPreviewQuery();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" onClick={() => void load(id)} loading={isFetching}>
        Preview
      </Button>
      {error !== undefined && (
        <Alert severity="error">{getServerMessage(error) ?? 'The preview could not be made.'}</Alert>
      )}
      {data && (
        <Box sx={{ width: '100%' }}>
          <PreviewPanel preview={data} />
        </Box>
      )}
    </Stack>
  );
}
