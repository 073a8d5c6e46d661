import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { downloadCsv, typedText } from '@/features/admin/csv';

export type MetricsColumn<T> = {
  id: string;
  label: string;
  /** The cell as text: what the table shows (unless `render` dresses it) and what the CSV holds. */
  text?: (row: T) => string;
  /** The cell shown, when it is more than its text (a link); the CSV keeps `text`. */
  render?: (row: T) => ReactNode;
  /** Text someone typed (a name): guarded against formula injection in the CSV. */
  typed?: boolean;
  /** A picture of the row (a bar) with no text: its header is for screen readers and it is not exported. */
  decorative?: boolean;
  align?: 'left' | 'right';
  minWidth?: number;
};

type Props<T> = {
  /** The table's accessible name ("Churn risk"), also the CSV button's. */
  label: string;
  /** The downloaded file's name, without ".csv". */
  filename: string;
  columns: MetricsColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  emptyText: string;
  /** The table's minimum width before it scrolls inside its own container (phones). */
  minWidth?: number;
};

/**
 * A table of the Metrics tab: the first column heads its row, the table scrolls sideways inside
 * its own labelled, focusable container on a phone, and "Export CSV" saves exactly the rows shown.
 */
export function MetricsTable<T>({ label, filename, columns, rows, getRowId, emptyText, minWidth = 480 }: Props<T>) {
  const exported = columns.filter((c) => !c.decorative && c.text);
  const exportCsv = () =>
    downloadCsv(
      `${filename}.csv`,
      exported.map((c) => c.label),
      rows.map((row) => exported.map((c) => (c.typed ? typedText(c.text!(row)) : c.text!(row)))),
    );

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 1 }}>
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={exportCsv}
          disabled={rows.length === 0}
          aria-label={`Export CSV of ${label}`}
        >
          Export CSV
        </Button>
      </Box>
      <TableContainer
        component={Box}
        role="region"
        aria-label={`${label} table`}
        tabIndex={0}
        sx={{ overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
      >
        <Table size="small" aria-label={label} sx={{ minWidth }}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.id}
                  align={c.align}
                  sx={{
                    fontWeight: 600,
                    whiteSpace: 'nowrap',
                    minWidth: c.minWidth,
                    width: c.decorative ? '40%' : undefined,
                  }}
                >
                  {c.decorative ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={getRowId(row)}>
                {columns.map((c, i) => (
                  <TableCell
                    key={c.id}
                    align={c.align}
                    component={i === 0 ? 'th' : 'td'}
                    scope={i === 0 ? 'row' : undefined}
                    sx={{ whiteSpace: c.decorative ? undefined : 'nowrap', fontWeight: i === 0 ? 500 : undefined }}
                  >
                    {c.render ? c.render(row) : c.text?.(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 3, textAlign: 'center' }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
