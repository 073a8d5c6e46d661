import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { getServerMessage } from '@/lib/base-query';
import type { AdminBillingInvoice } from '@fm/contracts';
import { useGetAdminMemberBillingQuery } from '@/features/admin/api/member-billing';
import { ActionDialog, type Action } from '@/features/admin/components/member-billing-action-dialog';
import {
  INVOICE_STATUS,
  LIVE,
  guaranteeLine,
  refundable,
  subscriptionLine,
} from '@/features/admin/components/member-billing-format';
import { formatAmount, formatDateTime } from '@/features/admin/format';
import { useSiteConfig } from '@/lib/site-config';

function InvoicesTable({
  invoices,
  onRefund,
}: {
  invoices: AdminBillingInvoice[];
  onRefund: (i: AdminBillingInvoice) => void;
}) {
  if (invoices.length === 0) return <Typography sx={{ color: 'text.secondary' }}>No invoices.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Invoices">
        <TableHead>
          <TableRow>
            <TableCell>Invoice</TableCell>
            <TableCell>Date</TableCell>
            <TableCell align="right">Paid</TableCell>
            <TableCell align="right">Refunded</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoice.number ?? invoice.id}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(invoice.created)}</TableCell>
              <TableCell align="right">{formatAmount(invoice.amountPaidCents, invoice.currency)}</TableCell>
              <TableCell align="right">
                {invoice.amountRefundedCents > 0 ? formatAmount(invoice.amountRefundedCents, invoice.currency) : '—'}
              </TableCell>
              <TableCell>{INVOICE_STATUS[invoice.status] ?? invoice.status}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  disabled={refundable(invoice) === 0}
                  onClick={() => onRefund(invoice)}
                  aria-label={`Refund invoice ${invoice.number ?? invoice.id}`}
                >
                  Refund
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The member view's Billing panel (issue 28): the subscription, the invoices with what was
 * refunded of each, the 30-day guarantee; Refund (full or partial), Cancel subscription and
 * Comp N days, each confirmed with a reason.
 */
export function MemberBillingPanel({ memberId }: { memberId: string }) {
  const { data, isLoading, error, isFetching, refetch } = useGetAdminMemberBillingQuery(memberId);
  const site = useSiteConfig();
  const [action, setAction] = useState<Action | null>(null);
  const headingId = useId();

  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading billing" />;
  else if (error !== undefined || !data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        }
      >
        {getServerMessage(error) ?? 'Billing could not be loaded.'}
      </Alert>
    );
  } else {
    const sub = data.subscription;
    const live = sub !== null && LIVE.has(sub.status);
    body = (
      <Stack spacing={2.5}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}
        >
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Subscription
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            {sub ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" label={sub.status} color={live ? 'success' : 'default'} />
                <Typography variant="body2">{subscriptionLine(sub, site)}</Typography>
              </Stack>
            ) : (
              'None'
            )}
          </Box>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Guarantee
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {guaranteeLine(data.guarantee, data.guaranteeUse)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {sub && live && (
            <Button variant="outlined" color="error" onClick={() => setAction({ kind: 'cancel', subscription: sub })}>
              Cancel subscription
            </Button>
          )}
          <Button variant="outlined" onClick={() => setAction({ kind: 'comp', subscription: sub })}>
            Comp days
          </Button>
        </Stack>
        <InvoicesTable invoices={data.invoices} onRefund={(invoice) => setAction({ kind: 'refund', invoice })} />
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Billing
      </Typography>
      {body}
      {action && <ActionDialog memberId={memberId} action={action} onClose={() => setAction(null)} />}
    </Box>
  );
}
