import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import type { Draft, FieldSpec } from '@/features/admin/edit-fields';
import {
  AdminTable,
  type AdminColumn,
  type AdminPageResult,
  type Paging,
} from '@/features/admin/components/admin-table';
import { EditRecordDialog } from '@/features/admin/components/edit-record-dialog';

type Props<T extends { id: string }> = {
  label: string;
  /** What one record is called in the Edit button's name and the dialog's title ("lesson"). */
  noun: string;
  describe: (row: T) => string;
  columns: AdminColumn<T>[];
  result: AdminPageResult<T>;
  paging: Paging;
  fields: (row: T) => readonly FieldSpec[];
  save: (row: T, patch: Record<string, unknown>) => Promise<unknown>;
  preview?: (row: T, draft: Draft) => ReactNode;
};

/** One catalogue kind: its table with an Edit button per row, and the edit dialog. */
export function CatalogueList<T extends { id: string }>({
  label,
  noun,
  describe,
  columns,
  result,
  paging,
  fields,
  save,
  preview,
}: Props<T>) {
  const [editing, setEditing] = useState<T | null>(null);
  const withEdit: AdminColumn<T>[] = [
    ...columns,
    {
      id: 'actions',
      label: 'Actions',
      nowrap: true,
      render: (row) => (
        <Button
          size="small"
          variant="outlined"
          onClick={() => setEditing(row)}
          aria-label={`Edit ${noun} ${describe(row)}`}
        >
          Edit
        </Button>
      ),
    },
  ];
  return (
    <>
      <AdminTable label={label} columns={withEdit} result={result} paging={paging} getRowId={(row) => row.id} />
      {editing && (
        <EditRecordDialog
          key={editing.id}
          title={`Edit ${noun}: ${describe(editing)}`}
          record={editing}
          fields={fields(editing)}
          save={(patch) => save(editing, patch)}
          onClose={() => setEditing(null)}
          preview={preview ? (draft) => preview(editing, draft) : undefined}
        />
      )}
    </>
  );
}
