import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminNewsletter, NewsletterPreview } from '@fm/contracts';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { paths } from '@/config/paths';
import { getFieldErrors, getServerMessage, isApiError } from '@/lib/base-query';
import {
  useCreateAdminNewsletterMutation,
  useGetAdminNewsletterQuery,
  useGetNewsletterAudienceQuery,
  useGetNewsletterWhatsNewQuery,
  useLazyGetNewsletterPreviewQuery,
  useSendNewsletterMutation,
  useSendTestNewsletterMutation,
  useUpdateAdminNewsletterMutation,
} from '@/features/admin/api/newsletters';
import {
  AudienceLine,
  NEW_NEWSLETTER_ID,
  NewsletterStatusChip,
  SENDING_POLL_MS,
  subscribersText,
} from '@/features/admin/components/newsletters-panel';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';
import { formatDateTime } from '@/features/admin/format';
import { insertBlock, whatsNewMarkdown } from '@/features/admin/newsletter-whats-new';

/** The server's limits (NEWSLETTER_LIMITS of the contracts, which stay on the server). */
const LIMITS = { subject: 200, markdown: 100_000 } as const;

type Draft = { subject: string; markdown: string };
type Errors = Partial<Record<keyof Draft, string>>;

function validate(draft: Draft): Errors {
  const errors: Errors = {};
  if (!draft.subject.trim()) errors.subject = 'Write a subject.';
  if (!draft.markdown.trim()) errors.markdown = 'Write the newsletter.';
  return errors;
}

/** The mail as it is sent: the HTML part in a sandboxed frame (no scripts, no same origin), the text part as text. */
function PreviewPanel({ preview }: { preview: NewsletterPreview }) {
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

function SendDialog({
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

/** A sent (or sending) newsletter: read-only, with its counts. */
function SentView({ newsletter }: { newsletter: AdminNewsletter }) {
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

/**
 * /admin/newsletters/:id (`new`: an empty draft). A draft: subject and Markdown body, Save draft,
 * "Insert What's new this month" (GET /api/member/whats-new as a Markdown block at the cursor),
 * Preview (the mail exactly as sent), "Send test to me" and "Send to N subscribers" (confirmed).
 * Each action saves unsaved changes first. A sent newsletter is read-only with its counts.
 */
export function NewsletterEditor() {
  const { id: routeId = NEW_NEWSLETTER_ID } = useParams();
  const isNew = routeId === NEW_NEWSLETTER_ID;
  const navigate = useNavigate();
  const loaded = useGetAdminNewsletterQuery(routeId, { skip: isNew });
  const newsletter = isNew ? undefined : loaded.data;
  // While it is being sent, its counts move: asked again until it is done.
  useGetAdminNewsletterQuery(routeId, {
    skip: newsletter?.status !== 'sending',
    pollingInterval: SENDING_POLL_MS,
  });

  if (!isNew && loaded.isLoading) return <LinearProgress aria-label="Loading the newsletter" />;
  if (!isNew && !newsletter) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <BackLink />
        <Alert severity="error">
          {isApiError(loaded.error) && loaded.error.status === 404
            ? 'This newsletter does not exist.'
            : (getServerMessage(loaded.error) ?? 'The newsletter could not be loaded. Please try again.')}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <BackLink />
        {newsletter && <NewsletterStatusChip status={newsletter.status} />}
      </Box>
      {newsletter && newsletter.status !== 'draft' ? (
        <>
          <SentView newsletter={newsletter} />
          <PreviewButton id={newsletter.id} />
        </>
      ) : (
        <DraftForm
          key={newsletter?.id ?? NEW_NEWSLETTER_ID}
          newsletter={newsletter}
          onCreated={(id) => navigate(paths.admin.newsletter.getHref(id), { replace: true })}
        />
      )}
    </Stack>
  );
}

function BackLink() {
  return (
    <Button component={RouterLink} to={paths.admin.newsletters.getHref()} startIcon={<ArrowBackRounded />}>
      All newsletters
    </Button>
  );
}

/** Preview of a saved newsletter (read-only view). */
function PreviewButton({ id }: { id: string }) {
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

function DraftForm({ newsletter, onCreated }: { newsletter?: AdminNewsletter; onCreated: (id: string) => void }) {
  const [draft, setDraft] = useState<Draft>({
    subject: newsletter?.subject ?? '',
    markdown: newsletter?.markdown ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  const markdownRef = useRef<HTMLTextAreaElement>(null);
  const [create, { isLoading: creating }] = useCreateAdminNewsletterMutation();
  const [update, { isLoading: updating }] = useUpdateAdminNewsletterMutation();
  const [loadPreview, { isFetching: previewing }] = useLazyGetNewsletterPreviewQuery();
  const [sendTest, { isLoading: testing }] = useSendTestNewsletterMutation();
  const [send, { isLoading: sending }] = useSendNewsletterMutation();
  const audience = useGetNewsletterAudienceQuery();
  const whatsNew = useGetNewsletterWhatsNewQuery();
  const { saved, failed } = useAdminToasts();
  const subscribers = audience.data?.subscribers;
  const dirty = !newsletter || draft.subject !== newsletter.subject || draft.markdown !== newsletter.markdown;
  const busy = creating || updating || previewing || testing || sending;
  const newItems = whatsNew.data ?? [];

  const set = (name: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  /** Saves unsaved changes; answers the newsletter's id, or null (messages shown). */
  const save = async (): Promise<string | null> => {
    const found = validate(draft);
    if (found.subject || found.markdown) {
      setErrors(found);
      document.getElementById(found.subject ? 'newsletter-subject' : 'newsletter-markdown')?.focus();
      return null;
    }
    if (newsletter && !dirty) return newsletter.id;
    const body = { subject: draft.subject.trim(), markdown: draft.markdown };
    try {
      const result = newsletter
        ? await update({ id: newsletter.id, patch: body }).unwrap()
        : await create(body).unwrap();
      setDraft({ subject: result.subject, markdown: result.markdown });
      if (!newsletter) onCreated(result.id);
      return result.id;
    } catch (err) {
      const fields = getFieldErrors(err);
      setErrors({ subject: fields.subject, markdown: fields.markdown });
      failed(err, 'The draft could not be saved.');
      return null;
    }
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (await save()) saved('Draft saved', draft.subject.trim());
  };

  const onPreview = async () => {
    const id = await save();
    if (!id) return;
    try {
      setPreview(await loadPreview(id).unwrap());
    } catch (err) {
      failed(err, 'The preview could not be made.');
    }
  };

  const onTest = async () => {
    const id = await save();
    if (!id) return;
    try {
      await sendTest(id).unwrap();
      saved('Test sent', 'One mail is on its way to your founder address.');
    } catch (err) {
      failed(err, 'The test could not be sent.');
    }
  };

  const onSendClick = async () => {
    if (await save()) setConfirming(true);
  };

  const onSend = async () => {
    if (!newsletter) return;
    try {
      await send(newsletter.id).unwrap();
      setConfirming(false);
      saved('Sending started', `“${newsletter.subject}” is on its way to ${subscribersText(subscribers ?? 0)}.`);
    } catch (err) {
      setConfirming(false);
      failed(err, 'The newsletter could not be sent.');
    }
  };

  const onInsertWhatsNew = () => {
    const block = whatsNewMarkdown(newItems, window.location.origin);
    if (!block) return;
    const at = markdownRef.current?.selectionStart ?? draft.markdown.length;
    const next = insertBlock(draft.markdown, block, at);
    set('markdown', next.text);
    requestAnimationFrame(() => {
      const area = markdownRef.current;
      if (!area) return;
      area.focus();
      area.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const whatsNewLabel = whatsNew.isFetching
    ? 'Looking for new content...'
    : newItems.length > 0
      ? "Insert What's new this month"
      : 'Nothing new this month';

  return (
    <Stack spacing={3}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void onSave(e)}
        aria-label="Newsletter draft"
        sx={{ display: 'grid', gap: 2.5 }}
      >
        <TextField
          id="newsletter-subject"
          label="Subject"
          required
          value={draft.subject}
          onChange={(e) => set('subject', e.target.value)}
          error={Boolean(errors.subject)}
          helperText={errors.subject}
          slotProps={{ htmlInput: { maxLength: LIMITS.subject } }}
        />
        <Box>
          <Button
            variant="outlined"
            size="small"
            onClick={onInsertWhatsNew}
            disabled={newItems.length === 0 || busy}
            sx={{ mb: 1 }}
          >
            {whatsNewLabel}
          </Button>
          <TextField
            id="newsletter-markdown"
            label="Body (Markdown)"
            required
            fullWidth
            multiline
            minRows={14}
            value={draft.markdown}
            onChange={(e) => set('markdown', e.target.value)}
            error={Boolean(errors.markdown)}
            helperText={
              errors.markdown ??
              'Markdown: ## headings, **bold**, _italic_, [links](https://…) and - lists. The unsubscribe link is added to every mail.'
            }
            inputRef={markdownRef}
            slotProps={{ htmlInput: { maxLength: LIMITS.markdown } }}
          />
        </Box>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            loading={creating || updating}
            disabled={busy || (!dirty && Boolean(newsletter))}
          >
            {dirty ? 'Save draft' : 'Saved'}
          </Button>
          <Button variant="outlined" onClick={() => void onPreview()} loading={previewing} disabled={busy}>
            Preview
          </Button>
          <Button variant="outlined" onClick={() => void onTest()} loading={testing} disabled={busy}>
            Send test to me
          </Button>
          <Button
            variant="contained"
            color="secondary"
            onClick={() => void onSendClick()}
            disabled={busy || !newsletter || !subscribers}
          >
            {subscribers === undefined
              ? 'Send'
              : subscribers === 0
                ? 'No subscribers yet'
                : `Send to ${subscribersText(subscribers)}`}
          </Button>
        </Stack>
        {!newsletter && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Save the draft to send it.
          </Typography>
        )}
        <AudienceLine />
      </Box>
      {preview && <PreviewPanel preview={preview} />}
      {confirming && newsletter && subscribers !== undefined && (
        <SendDialog
          newsletter={newsletter}
          subscribers={subscribers}
          busy={sending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void onSend()}
        />
      )}
    </Stack>
  );
}
