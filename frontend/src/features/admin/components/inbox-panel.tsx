import { useState } from 'react';
import type { AdminContactMessage, ContactInboxSort } from '@fm/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetAdminContactMessagesQuery } from '@/features/admin/api/get-contact-messages';
import { useUpdateAdminContactMessageMutation } from '@/features/admin/api/update-contact-message';
import { AdminSearchField, useAdminSearch } from '@/features/admin/components/admin-search-field';
import { AdminTable, usePaging, type AdminColumn } from '@/features/admin/components/admin-table';
import { useAdminToasts } from '@/features/admin/components/use-admin-toasts';
import { formatDateTime } from '@/features/admin/format';
import { InboxSender } from '@/features/admin/components/inbox-sender';
import { PromiseCard } from '@/features/admin/components/promise-card';
import { ReplyDialog } from '@/features/admin/components/reply-dialog';
import { LEVEL_LABEL, timeLeft } from '@/features/admin/support-promise';

type HandledFilter = 'open' | 'handled' | 'all';
/** Open messages most urgent first (by due time); handled and all of them newest first. */
const VIEW: Record<HandledFilter, { handled: boolean | undefined; sort: ContactInboxSort }> = {
  open: { handled: false, sort: 'due' },
  handled: { handled: true, sort: 'newest' },
  all: { handled: undefined, sort: 'newest' },
};

function Due({ message }: { message: AdminContactMessage }) {
  if (message.repliedAt) return <>Answered {formatDateTime(message.repliedAt)}</>;
  if (message.handled) return <>—</>;
  const left = timeLeft(message.dueAt);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {left.overdue ? <Chip size="small" color="error" label={left.label} /> : <span>{left.label}</span>}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Due {formatDateTime(message.dueAt)}
      </Typography>
    </Stack>
  );
}

/**
 * Contact messages: by default the open ones, most urgent first (each with its sender's level and
 * the time left, overdue ones marked); "Reply" → the reply dialog (mailed, marks it handled);
 * "Mark handled" (or reopen) → PATCH {handled}. Above: the support promise as a figure.
 */
export function InboxPanel() {
  const [filter, setFilter] = useState<HandledFilter>('open');
  const [replying, setReplying] = useState<AdminContactMessage | null>(null);
  const paging = usePaging();
  const { q, field: searchField } = useAdminSearch(paging);
  const result = useGetAdminContactMessagesQuery({
    ...VIEW[filter],
    q,
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
      render: (m) => <InboxSender message={m} />,
      sortValue: (m) => m.name,
      minWidth: 160,
    },
    {
      id: 'level',
      label: 'Level',
      render: (m) => (
        <Chip
          size="small"
          label={LEVEL_LABEL[m.level]}
          color={m.level === 'premium' ? 'secondary' : 'default'}
          variant={m.level === 'premium' ? 'filled' : 'outlined'}
        />
      ),
      sortValue: (m) => m.level,
    },
    {
      id: 'due',
      label: 'Due',
      render: (m) => <Due message={m} />,
      sortValue: (m) => m.dueAt,
      nowrap: true,
    },
    {
      id: 'message',
      label: 'Message',
      render: (m) => (
        <>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.message}
          </Typography>
          {m.replies.map((reply) => (
            <Box key={reply.id} sx={{ mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'primary.light' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Your reply, {formatDateTime(reply.createdAt)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {reply.text}
              </Typography>
            </Box>
          ))}
        </>
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
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="contained"
            onClick={() => setReplying(m)}
            aria-label={`Reply: message from ${m.name}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Reply
          </Button>
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
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PromiseCard />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Show"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as HandledFilter);
            paging.reset();
          }}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="open">Open, most urgent first</MenuItem>
          <MenuItem value="handled">Handled messages</MenuItem>
          <MenuItem value="all">All messages</MenuItem>
        </TextField>
        <AdminSearchField label="Search messages" placeholder="Name, email or words of the message" {...searchField} />
      </Stack>
      <AdminTable
        label="Contact messages"
        columns={columns}
        result={result}
        paging={paging}
        getRowId={(m) => m.id}
        emptyText={
          q ? `No message matches "${q}".` : filter === 'open' ? 'Inbox zero: no open messages.' : 'No messages.'
        }
      />
      {replying && <ReplyDialog message={replying} onClose={() => setReplying(null)} />}
    </Stack>
  );
}
