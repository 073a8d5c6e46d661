import { useState } from 'react';
import type { AdminWorksheet, UpdateWorksheetInput } from '@fm/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import type { FieldSpec } from '@/features/admin/edit-fields';
import { useGetAdminWorksheetsQuery, useUpdateAdminWorksheetMutation } from '@/features/admin/api/worksheets';
import { EditRecordDialog } from '@/features/admin/components/edit-record-dialog';

/** The server's limits (WORKSHEET_LIMITS in services/contracts/src/worksheets.ts). */
export const WORKSHEET_FIELDS: readonly FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', maxLength: 120 },
  {
    name: 'body',
    label: 'Worksheet text',
    kind: 'multiline',
    maxLength: 8000,
    helperText:
      'One line each: "## Heading", "- [ ] box to tick", "- bullet", "? question" (two write-in lines; "?3 question": three), "Label: ___" (a blank), "___" (a write-in line); other lines are paragraphs.',
  },
];

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** The console's worksheets: each one's title, section, PDF size and date; Edit makes a new PDF. */
export function WorksheetsPanel() {
  const { data, isLoading, error } = useGetAdminWorksheetsQuery();
  const [update] = useUpdateAdminWorksheetMutation();
  const [editing, setEditing] = useState<AdminWorksheet | null>(null);

  return (
    <Stack spacing={2} component="section" aria-labelledby="worksheets-panel-heading">
      <Typography id="worksheets-panel-heading" variant="h4" component="h2">
        Worksheets
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        The printable PDFs Premium members download. Saving a change makes the PDF again at once.
      </Typography>
      {error ? <Alert severity="error">The worksheets could not be loaded.</Alert> : null}
      {isLoading ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="worksheets-panel-heading">
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>Section</TableCell>
                <TableCell>PDF</TableCell>
                <TableCell>Made</TableCell>
                <TableCell align="right">Change</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((ws) => (
                <TableRow key={ws.slug}>
                  <TableCell>
                    {ws.title}{' '}
                    {ws.managedBy === 'admin' ? <Chip size="small" label="edited" variant="outlined" /> : null}
                  </TableCell>
                  <TableCell>{ws.sectionSlug}</TableCell>
                  <TableCell>
                    <Link href={ws.url} download={`${ws.slug}.pdf`}>
                      {kb(ws.bytes)}
                    </Link>
                  </TableCell>
                  <TableCell>{new Date(ws.updatedAt).toLocaleString()}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setEditing(ws)} aria-label={`Edit worksheet ${ws.title}`}>
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <EditRecordDialog
          title={`Edit worksheet: ${editing.title}`}
          record={editing}
          fields={WORKSHEET_FIELDS}
          save={(patch) => update({ slug: editing.slug, patch: patch as UpdateWorksheetInput }).unwrap()}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
