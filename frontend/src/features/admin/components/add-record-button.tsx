import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import AddRounded from '@mui/icons-material/AddRounded';
import type { Draft, FieldSpec } from '@/features/admin/edit-fields';
import { EditRecordDialog } from '@/features/admin/components/edit-record-dialog';

type Props = {
  /** The button's text ("Add lesson"). */
  label: string;
  /** The form's title ("Add a lesson"). */
  title: string;
  fields: readonly FieldSpec[];
  /** The form's starting values; sent with what the founder filled in (e.g. the content type). */
  defaults: Record<string, unknown>;
  /** Sends the POST and resolves with the created record (`.unwrap()`). */
  create: (body: Record<string, unknown>) => Promise<unknown>;
  preview?: (draft: Draft) => ReactNode;
};

/**
 * Adding to the catalogue: the edit form, empty but for `defaults`; what it saves is published at
 * once (members see it with a "New" badge and in "New this month").
 */
export function AddRecordButton({ label, title, fields, defaults, create, preview }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddRounded />}
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {label}
      </Button>
      {open && (
        <EditRecordDialog
          title={title}
          record={defaults}
          fields={fields}
          save={(patch) => create({ ...defaults, ...patch })}
          onClose={() => setOpen(false)}
          preview={preview}
        />
      )}
    </>
  );
}
