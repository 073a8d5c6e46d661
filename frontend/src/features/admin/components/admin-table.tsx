import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { getServerMessage } from '@/lib/base-query';

type SortValue = string | number | boolean | null | undefined;

export type AdminColumn<T> = {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Makes the column sortable (within the page shown); leave out for action columns. */
  sortValue?: (row: T) => SortValue;
  minWidth?: number;
  /** Keep the cell on one line (dates, amounts, buttons). */
  nowrap?: boolean;
};

/**
 * From md up, the `actions` column sticks to the right edge, so its buttons stay in view while a
 * wide row scrolls; on phones it scrolls with the row (sticky, it would cover the narrow table).
 */
const stickyActions = (column: { id: string }) =>
  column.id === 'actions'
    ? ({
        position: { xs: 'static', md: 'sticky' },
        right: 0,
        zIndex: 1,
        bgcolor: 'background.paper',
        boxShadow: { xs: 'none', md: '-6px 0 8px -6px rgba(0,0,0,0.18)' },
      } as const)
    : {};

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** One page of an admin list query (RTK Query's result of a `page`/`pageSize` endpoint). */
export type AdminPageResult<T> = {
  data?: { items: T[]; total: number };
  isFetching: boolean;
  error?: unknown;
};

export type AdminTableProps<T> = {
  /** The table's accessible name ("Members"). */
  label: string;
  columns: AdminColumn<T>[];
  /** The list query's result: rows, total, loading and error. */
  result: AdminPageResult<T>;
  /** The page shown and its size (usePaging). */
  paging: Paging;
  getRowId: (row: T) => string;
  emptyText?: string;
};

function compare(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, undefined, { sensitivity: 'base' });
  return a < b ? -1 : 1;
}

/**
 * The console's list: MUI Table with sortable headers (buttons, so keyboard users sort too),
 * server-side paging (`page`/`pageSize` of the admin API, newest first) and a horizontally
 * scrolling, focusable container so wide rows stay usable at 375 px.
 */
export function AdminTable<T>({
  label,
  columns,
  result,
  paging,
  getRowId,
  emptyText = 'Nothing here yet.',
}: AdminTableProps<T>) {
  const rows = result.data?.items;
  const { isFetching: loading, error } = result;
  const [sort, setSort] = useState<{ by: string; dir: 'asc' | 'desc' } | null>(null);

  const sorted = useMemo(() => {
    const list = rows ?? [];
    const column = sort && columns.find((c) => c.id === sort.by);
    if (!sort || !column?.sortValue) return list;
    const value = column.sortValue;
    const sign = sort.dir === 'asc' ? 1 : -1;
    return [...list].sort((a, b) => sign * compare(value(a), value(b)));
  }, [rows, sort, columns]);

  const toggleSort = (id: string) =>
    setSort((current) =>
      current?.by === id ? { by: id, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { by: id, dir: 'asc' },
    );

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      {loading && <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} />}
      {error !== undefined && error !== null && (
        <Alert severity="error" sx={{ borderRadius: 0 }}>
          {getServerMessage(error) ?? `${label} could not be loaded. Please try again.`}
        </Alert>
      )}
      <TableContainer
        component={Box}
        role="region"
        aria-label={`${label} table`}
        tabIndex={0}
        sx={{ overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
      >
        <Table size="small" aria-label={label} sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', minWidth: column.minWidth, ...stickyActions(column) }}
                  sortDirection={sort?.by === column.id ? sort.dir : false}
                >
                  {column.sortValue ? (
                    <TableSortLabel
                      active={sort?.by === column.id}
                      direction={sort?.by === column.id ? sort.dir : 'asc'}
                      onClick={() => toggleSort(column.id)}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.map((row) => (
              <TableRow key={getRowId(row)} hover>
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    sx={{
                      verticalAlign: 'top',
                      whiteSpace: column.nowrap ? 'nowrap' : undefined,
                      ...stickyActions(column),
                    }}
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {!loading && rows !== undefined && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={result.data?.total ?? 0}
        page={Math.max(0, paging.page - 1)}
        rowsPerPage={paging.pageSize}
        rowsPerPageOptions={PAGE_SIZE_OPTIONS}
        onPageChange={(_event, next) => paging.setPage(next + 1)}
        onRowsPerPageChange={(event) => paging.setPageSize(Number(event.target.value))}
        labelRowsPerPage="Rows"
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 1 } }}
      />
    </Paper>
  );
}

export type Paging = ReturnType<typeof usePaging>;

/** Page (from 1, like the API) and page size of one list, back to page 1 when the page size (or a filter, via `reset`) changes. */
export function usePaging(initialPageSize = 20) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(initialPageSize);
  return {
    page,
    pageSize,
    setPage,
    setPageSize: (size: number) => {
      setPageSizeState(size);
      setPage(1);
    },
    reset: () => setPage(1),
  };
}
