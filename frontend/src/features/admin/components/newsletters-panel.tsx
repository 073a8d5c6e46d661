import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { adminPaths } from '@/features/admin/paths';
import type { AdminNewsletter, NewsletterStatus } from '@fm/contracts';
import { useGetAdminNewslettersQuery, useGetNewsletterAudienceQuery } from '@/features/admin/api/newsletters';
import { AdminTable, usePaging, type AdminColumn } from '@/features/admin/components/admin-table';
import { formatDateTime } from '@/features/admin/format';

export const NEW_NEWSLETTER_ID = 'new';

const STATUS: Record<NewsletterStatus, { label: string; color: 'default' | 'warning' | 'success' }> = {
  draft: { label: 'Draft', color: 'default' },
  sending: { label: 'Sending', color: 'warning' },
  sent: { label: 'Sent', color: 'success' },
};

/** While a newsletter is being sent, its counts are asked again this often. */
export const SENDING_POLL_MS = 5000;

export function NewsletterStatusChip({ status }: { status: NewsletterStatus }) {
  const { label, color } = STATUS[status];
  return <Chip size="small" label={label} color={color} variant={status === 'draft' ? 'outlined' : 'filled'} />;
}

export const subscribersText = (n: number) => `${n} ${n === 1 ? 'subscriber' : 'subscribers'}`;

/** "… verified members have opted in": the audience a send goes to now. */
export function AudienceLine() {
  const { data, isError } = useGetNewsletterAudienceQuery();
  if (isError) return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {data
        ? `${subscribersText(data.subscribers)} now: members with a verified address who chose the newsletter.`
        : 'Counting subscribers...'}
    </Typography>
  );
}

/**
 * Newsletters (issue 29): newest first with their status and counts (sent, failed, unsubscribed
 * since); "New newsletter" opens an empty draft, a row opens its editor (read-only once sent).
 */
export function NewslettersPanel() {
  const paging = usePaging();
  const list = useGetAdminNewslettersQuery();
  const all = list.data?.items;
  const sending = all?.some((n) => n.status === 'sending') ?? false;
  // A send in progress: its counts move, so the list is asked again until it is done.
  useGetAdminNewslettersQuery(undefined, { pollingInterval: SENDING_POLL_MS, skip: !sending });
  // The API answers every newsletter (one a month); the table pages them here.
  const start = (paging.page - 1) * paging.pageSize;
  const result = {
    data: all && { items: all.slice(start, start + paging.pageSize), total: all.length },
    isFetching: list.isFetching,
    error: list.error,
  };

  const columns: AdminColumn<AdminNewsletter>[] = [
    {
      id: 'subject',
      label: 'Subject',
      render: (n) => <Typography variant="body2">{n.subject}</Typography>,
      sortValue: (n) => n.subject,
      minWidth: 220,
    },
    {
      id: 'status',
      label: 'Status',
      render: (n) => <NewsletterStatusChip status={n.status} />,
      sortValue: (n) => n.status,
    },
    { id: 'recipients', label: 'Recipients', render: (n) => n.recipients, sortValue: (n) => n.recipients },
    { id: 'sent', label: 'Sent', render: (n) => n.sent, sortValue: (n) => n.sent },
    { id: 'failed', label: 'Failed', render: (n) => n.failed, sortValue: (n) => n.failed },
    {
      id: 'unsubscribed',
      label: 'Unsubscribed since',
      render: (n) => n.unsubscribed ?? '—',
      sortValue: (n) => n.unsubscribed,
    },
    {
      id: 'when',
      label: 'Sent / edited',
      render: (n) => (n.sentAt ? `Sent ${formatDateTime(n.sentAt)}` : `Edited ${formatDateTime(n.updatedAt)}`),
      sortValue: (n) => n.sentAt ?? n.updatedAt,
      nowrap: true,
    },
    {
      id: 'actions',
      label: 'Actions',
      nowrap: true,
      render: (n) => (
        <Button
          size="small"
          variant={n.status === 'draft' ? 'contained' : 'outlined'}
          component={RouterLink}
          to={adminPaths.newsletter.getHref(n.id)}
          aria-label={`${n.status === 'draft' ? 'Edit' : 'View'}: ${n.subject}`}
        >
          {n.status === 'draft' ? 'Edit' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <AudienceLine />
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          component={RouterLink}
          to={adminPaths.newsletter.getHref(NEW_NEWSLETTER_ID)}
        >
          New newsletter
        </Button>
      </Box>
      {all?.length === 0 && (
        <Alert severity="info">The monthly newsletter is promised to Free members: write the first one.</Alert>
      )}
      <AdminTable
        label="Newsletters"
        columns={columns}
        result={result}
        paging={paging}
        getRowId={(n) => n.id}
        emptyText="No newsletters yet."
      />
    </Stack>
  );
}
