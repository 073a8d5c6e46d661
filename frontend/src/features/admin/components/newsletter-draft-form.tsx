import { useRef, useState, type FormEvent } from 'react';
import type { AdminNewsletter, NewsletterPreview } from '@fm/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getFieldErrors } from '@/lib/base-query';
import {
  useCreateAdminNewsletterMutation,
  useGetNewsletterAudienceQuery,
  useGetNewsletterWhatsNewQuery,
  useLazyGetNewsletterPreviewQuery,
  useSendNewsletterMutation,
  useSendTestNewsletterMutation,
  useUpdateAdminNewsletterMutation,
} from '@/features/admin/api/newsletters';
import { AudienceLine, subscribersText } from '@/features/admin/components/newsletters-panel';
import { PreviewPanel } from '@/features/admin/components/newsletter-preview';
import { SendDialog } from '@/features/admin/components/newsletter-send-dialog';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';
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

/**
 * A draft newsletter: subject and Markdown body, Save draft, "Insert What's new this month",
 * Preview, "Send test to me" and "Send to N subscribers" (confirmed). Each action saves unsaved
 * changes first; `onCreated` gets the id of a new draft once it is first saved.
 */
export function DraftForm({
  newsletter,
  onCreated,
}: {
  newsletter?: AdminNewsletter;
  onCreated: (id: string) => void;
}) {
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
