import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { getFieldErrors, getServerMessage } from '@/lib/base-query';
import { changedFields, toDraft, type Draft, type FieldSpec } from '@/features/admin/edit-fields';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';

type Props<T> = {
  title: string;
  record: T;
  fields: readonly FieldSpec[];
  /** Sends the PATCH (only the changed fields) and resolves with the saved record (`.unwrap()`). */
  save: (patch: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
  /** What the public page will show, from the form's current values (e.g. the video embed). */
  preview?: (draft: Draft) => ReactNode;
};

/**
 * An edit form for one catalogue record: its fields, a live preview, and Save, which sends only
 * what changed. The server's field errors show under the fields; any refusal is toasted with
 * the server's message and the form stays open.
 */
export function EditRecordDialog<T extends object>({ title, record, fields, save, onClose, preview }: Props<T>) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(fields, record as Record<string, unknown>));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { saved, failed } = useAdminToasts();
  const fullScreen = useMediaQuery('(max-width:599.98px)', { noSsr: true });

  const set = (name: string, value: string | boolean) => setDraft((d) => ({ ...d, [name]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = changedFields(fields, record as Record<string, unknown>, draft);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (Object.keys(result.patch).length === 0) {
      saved('Nothing to save', 'No field was changed.');
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await save(result.patch);
      saved('Saved', `${title}: the change is live.`);
      onClose();
    } catch (err) {
      setErrors(getFieldErrors(err));
      setSaveError(getServerMessage(err) ?? 'The change could not be saved.');
      failed(err, 'The change could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-dialog-title" fullWidth maxWidth="md" fullScreen={fullScreen}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="edit-dialog-title">{title}</DialogTitle>
        <DialogContent>
          {saveError && (
            // The toast region is outside the modal (hidden from assistive tech while it is open): say it here too.
            <Alert severity="error" sx={{ mb: 2 }}>
              {saveError}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', md: preview ? 'row' : 'column' }} spacing={3} sx={{ pt: 1 }}>
            <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
              {fields.map((field) => {
                const error = errors[field.name];
                if (field.kind === 'boolean') {
                  return (
                    <FormControlLabel
                      key={field.name}
                      control={
                        <Checkbox
                          checked={Boolean(draft[field.name])}
                          onChange={(event) => set(field.name, event.target.checked)}
                          disabled={field.readOnly}
                        />
                      }
                      label={field.label}
                    />
                  );
                }
                return (
                  <TextField
                    key={field.name}
                    label={field.label}
                    value={String(draft[field.name] ?? '')}
                    onChange={(event) => set(field.name, event.target.value)}
                    select={field.kind === 'select'}
                    multiline={field.kind === 'multiline' || field.kind === 'lines'}
                    minRows={field.kind === 'multiline' || field.kind === 'lines' ? 3 : undefined}
                    type={field.kind === 'number' ? 'number' : undefined}
                    disabled={field.readOnly}
                    error={Boolean(error)}
                    helperText={error ?? field.helperText}
                    slotProps={{ htmlInput: field.maxLength ? { maxLength: field.maxLength } : undefined }}
                  >
                    {field.options?.map((option) => (
                      <MenuItem key={option.value} value={option.value}>
                        {option.label}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              })}
            </Stack>
            {preview && (
              <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }} component="section" aria-label="Preview">
                {preview(draft)}
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={saving}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
