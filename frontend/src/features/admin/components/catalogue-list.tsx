import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import type { AdminPage } from '@fm/contracts';
import type { Draft, FieldSpec } from '@/features/admin/edit-fields';
import { AdminTable, type AdminColumn } from '@/features/admin/components/admin-table';
import { EditRecordDialog } from '@/features/admin/components/edit-record-dialog';

type Props<T extends { id: string }> = {
  label: string;
  /** What one record is called in the Edit button's name and the dialog's title ("lesson"). */
  noun: string;
  describe: (row: T) => string;
  columns: AdminColumn<T>[];
  result: { data?: AdminPage<T>; isFetching: boolean; error?: unknown };
  paging: { page: number; pageSize: number; setPage: (p: number) => void; setPageSize: (s: number) => void };
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
      <AdminTable
        label={label}
        columns={withEdit}
        rows={result.data?.items}
        getRowId={(row) => row.id}
        total={result.data?.total ?? 0}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        loading={result.isFetching}
        error={result.error}
      />
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
