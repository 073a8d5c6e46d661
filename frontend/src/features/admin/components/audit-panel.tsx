import type { AuditEntry } from '@fm/contracts';
import Typography from '@mui/material/Typography';
import { useGetAdminAuditQuery } from '@/features/admin/api/get-audit';
import { AdminTable, usePaging, type AdminColumn } from '@/features/admin/components/admin-table';
import { formatDateTime } from '@/features/admin/format';

const columns: AdminColumn<AuditEntry>[] = [
  { id: 'at', label: 'When', render: (e) => formatDateTime(e.at), sortValue: (e) => e.at, nowrap: true, minWidth: 150 },
  { id: 'actor', label: 'Who', render: (e) => e.actorEmail || e.actorId, sortValue: (e) => e.actorEmail },
  { id: 'action', label: 'Action', render: (e) => e.action, sortValue: (e) => e.action },
  {
    id: 'target',
    label: 'Target',
    render: (e) => (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {e.targetType} {e.targetId}
      </Typography>
    ),
    sortValue: (e) => `${e.targetType} ${e.targetId}`,
  },
  {
    id: 'summary',
    label: 'Change',
    render: (e) => (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {e.summary}
      </Typography>
    ),
    minWidth: 240,
  },
];

/** The audit log of every admin write (GET /api/admin/audit), newest first. */
export function AuditPanel() {
  const paging = usePaging();
  const result = useGetAdminAuditQuery({ page: paging.page, pageSize: paging.pageSize });
  return (
    <AdminTable
      label="Audit log"
      columns={columns}
      result={result}
      paging={paging}
      getRowId={(e) => e.id}
      emptyText="No admin changes recorded yet."
    />
  );
}
