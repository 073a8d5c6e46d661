import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminMember } from '@fm/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useGetAdminMembersQuery } from '@/features/admin/api/get-members';
import { AdminSearchField, useAdminSearch } from '@/features/admin/components/admin-search-field';
import { AdminTable, usePaging, type AdminColumn } from '@/features/admin/components/admin-table';
import { MemberViewDialog, memberName as fullName } from '@/features/admin/components/member-view-dialog';
import { formatDateTime } from '@/features/admin/format';

const columns = (open: (m: AdminMember) => void): AdminColumn<AdminMember>[] => [
  { id: 'email', label: 'Email', render: (m) => m.email, sortValue: (m) => m.email, minWidth: 200 },
  { id: 'name', label: 'Name', render: (m) => fullName(m) || '—', sortValue: (m) => fullName(m) },
  {
    id: 'level',
    label: 'Membership',
    render: (m) => (
      <Chip
        size="small"
        label={m.membershipLevel === 'premium' ? 'Premium' : 'Free'}
        color={m.membershipLevel === 'premium' ? 'secondary' : 'default'}
      />
    ),
    sortValue: (m) => m.membershipLevel,
  },
  { id: 'role', label: 'Role', render: (m) => (m.role === 'admin' ? 'Admin' : 'Member'), sortValue: (m) => m.role },
  {
    id: 'createdAt',
    label: 'Joined',
    render: (m) => formatDateTime(m.createdAt),
    sortValue: (m) => m.createdAt,
    nowrap: true,
  },
  {
    id: 'actions',
    label: 'Actions',
    nowrap: true,
    render: (m) => (
      <Button size="small" variant="outlined" onClick={() => open(m)} aria-label={`Details of ${m.email}`}>
        Details
      </Button>
    ),
  },
];

/**
 * Members: search by email or name (GET /api/admin/members?q=), newest first, paged; each opens
 * its member view (practice, billing). A link from elsewhere in the console
 * (`?q=<email>&member=<id>`, memberViewHref in ../member-link.ts) searches for the member and opens their view.
 */
export function MembersPanel() {
  const paging = usePaging();
  const [params, setParams] = useSearchParams();
  const { q, field: searchField } = useAdminSearch(paging, params.get('q') ?? '');
  const result = useGetAdminMembersQuery({ q, page: paging.page, pageSize: paging.pageSize });
  const [chosen, setViewing] = useState<AdminMember | null>(null);
  const memberColumns = useMemo(() => columns(setViewing), []);
  const linkedId = params.get('member');
  const viewing = chosen ?? (linkedId ? result.data?.items.find((m) => m.id === linkedId) : undefined);
  const close = () => {
    setViewing(null);
    if (linkedId) setParams({}, { replace: true });
  };

  return (
    <Stack spacing={2}>
      <AdminSearchField label="Search members" placeholder="Email or name" {...searchField} />
      <AdminTable
        label="Members"
        columns={memberColumns}
        result={result}
        paging={paging}
        getRowId={(m) => m.id}
        emptyText={q ? `No member matches "${q}".` : 'No members yet.'}
      />
      {viewing && <MemberViewDialog member={viewing} onClose={close} />}
    </Stack>
  );
}
