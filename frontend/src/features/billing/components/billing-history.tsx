import type { BillingInvoice } from '@fm/contracts';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetInvoicesQuery } from '@/features/billing/api/get-billing-history';
import { formatBillingDate } from '@/features/billing/lib/format';
import { LoadError } from '@/components/ui/load-error';
import { formatMoney } from '@/lib/site-config';

const STATUS: Record<string, { label: string; color: 'success' | 'warning' | 'default' | 'error' }> = {
  paid: { label: 'Paid', color: 'success' },
  open: { label: 'Due', color: 'warning' },
  uncollectible: { label: 'Unpaid', color: 'error' },
  void: { label: 'Void', color: 'default' },
  draft: { label: 'Draft', color: 'default' },
};

/** What the invoice came to: what was paid once paid, else what is due. */
function amountOf(invoice: BillingInvoice): string {
  const cents = invoice.status === 'paid' ? invoice.amountPaidCents : invoice.amountDueCents;
  return formatMoney(cents, invoice.currency);
}

function InvoiceLinks({ invoice }: { invoice: BillingInvoice }) {
  const name = invoice.number ? `invoice ${invoice.number}` : `the invoice of ${formatBillingDate(invoice.created)}`;
  if (!invoice.hostedInvoiceUrl && !invoice.invoicePdfUrl) return <>—</>;
  return (
    <Stack direction="row" spacing={1.5} sx={{ whiteSpace: 'nowrap' }}>
      {invoice.hostedInvoiceUrl && (
        <Link href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer" aria-label={`View ${name}`}>
          View
        </Link>
      )}
      {invoice.invoicePdfUrl && (
        <Link href={invoice.invoicePdfUrl} target="_blank" rel="noopener noreferrer" aria-label={`PDF of ${name}`}>
          PDF
        </Link>
      )}
    </Stack>
  );
}

/**
 * Billing history on the account page (its section and heading come from the page): the
 * member's Premium invoices (GET /api/billing/invoices) with links to Stripe's invoice and PDF.
 */
export function BillingHistory() {
  const { data, isLoading, isError, isFetching, refetch } = useGetInvoicesQuery();

  let body;
  if (isLoading) {
    body = (
      <Stack spacing={1} role="status" aria-busy="true" aria-label="Loading invoices">
        <Skeleton variant="rounded" height={32} />
        <Skeleton variant="rounded" height={32} />
      </Stack>
    );
  } else if (isError || !data) {
    body = (
      <LoadError onRetry={refetch} retrying={isFetching}>
        Your invoices could not be loaded right now.
      </LoadError>
    );
  } else if (data.length === 0) {
    body = (
      <Typography sx={{ color: 'text.secondary' }}>No invoices yet. Your Premium invoices will appear here.</Typography>
    );
  } else {
    body = (
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Invoices">
          <TableHead>
            <TableRow>
              <TableCell>Invoice</TableCell>
              <TableCell>Date</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Links</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((invoice) => {
              const status = invoice.status ? STATUS[invoice.status] : undefined;
              return (
                <TableRow key={invoice.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoice.number ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBillingDate(invoice.created) ?? '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {amountOf(invoice)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={status?.label ?? invoice.status ?? 'Unknown'}
                      color={status?.color ?? 'default'}
                    />
                  </TableCell>
                  <TableCell>
                    <InvoiceLinks invoice={invoice} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return body;
}
