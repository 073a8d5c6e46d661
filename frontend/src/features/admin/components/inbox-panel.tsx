import { useState } from 'react';
import type { AdminContactMessage } from '@fm/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetAdminContactMessagesQuery } from '@/features/admin/api/get-contact-messages';
import { useUpdateAdminContactMessageMutation } from '@/features/admin/api/update-contact-message';
import { AdminTable, usePaging, type AdminColumn } from '@/features/admin/components/admin-table';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';
import { formatDateTime } from '@/features/admin/format';

type HandledFilter = 'open' | 'handled' | 'all';
const HANDLED_PARAM: Record<HandledFilter, boolean | undefined> = { open: false, handled: true, all: undefined };

/** Contact messages: open ones first by default; "Mark handled" (or reopen) → PATCH {handled}. */
export function InboxPanel() {
  const [filter, setFilter] = useState<HandledFilter>('open');
  const paging = usePaging();
  const result = useGetAdminContactMessagesQuery({
    handled: HANDLED_PARAM[filter],
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const [update, { isLoading: updating }] = useUpdateAdminContactMessageMutation();
  const { saved, failed } = useAdminToasts();

  const mark = async (message: AdminContactMessage, handled: boolean) => {
    try {
      await update({ id: message.id, handled }).unwrap();
      saved(handled ? 'Marked handled' : 'Marked open', `Message from ${message.name}`);
    } catch (err) {
      failed(err, 'The message could not be updated.');
    }
  };

  const columns: AdminColumn<AdminContactMessage>[] = [
    {
      id: 'from',
      label: 'From',
      render: (m) => (
        <>
          <Typography variant="body2">{m.name}</Typography>
          <Link href={`mailto:${m.email}`} variant="caption">
            {m.email}
          </Link>
        </>
      ),
      sortValue: (m) => m.name,
      minWidth: 160,
    },
    {
      id: 'message',
      label: 'Message',
      render: (m) => (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.message}
        </Typography>
      ),
      minWidth: 260,
    },
    {
      id: 'createdAt',
      label: 'Received',
      render: (m) => formatDateTime(m.createdAt),
      sortValue: (m) => m.createdAt,
      nowrap: true,
    },
    {
      id: 'handled',
      label: 'State',
      render: (m) => (
        <Chip size="small" label={m.handled ? 'Handled' : 'Open'} color={m.handled ? 'success' : 'warning'} />
      ),
      sortValue: (m) => m.handled,
    },
    {
      id: 'actions',
      label: 'Actions',
      nowrap: true,
      render: (m) => (
        <Button
          size="small"
          variant={m.handled ? 'text' : 'outlined'}
          disabled={updating}
          onClick={() => void mark(m, !m.handled)}
          aria-label={`${m.handled ? 'Reopen' : 'Mark handled'}: message from ${m.name}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {m.handled ? 'Reopen' : 'Mark handled'}
        </Button>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Show"
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value as HandledFilter);
          paging.reset();
        }}
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="open">Open messages</MenuItem>
        <MenuItem value="handled">Handled messages</MenuItem>
        <MenuItem value="all">All messages</MenuItem>
      </TextField>
      <AdminTable
        label="Contact messages"
        columns={columns}
        result={result}
        paging={paging}
        getRowId={(m) => m.id}
        emptyText={filter === 'open' ? 'Inbox zero: no open messages.' : 'No messages.'}
      />
    </Stack>
  );
}
