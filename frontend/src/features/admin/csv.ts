/**
 * The console's CSV exports (RFC 4180): a header row, then one line per row shown, CRLF line
 * ends, a field quoted when it holds a comma, a quote or a line break (its quotes doubled).
 * Text people typed (names, addresses) that a spreadsheet would run as a formula (= + - @ at
 * its start) is prefixed with ' (OWASP's CSV injection advice).
 */
import { saveBlob } from '@/lib/download-file';

export type CsvCell = string | number;

/** A cell of text someone typed, guarded against formula injection. */
export const typedText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function field(cell: CsvCell): string {
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Saves the CSV as `filename`, with a byte-order mark so spreadsheets read it as UTF-8 ("—", "€"). */
export function downloadCsv(filename: string, header: string[], rows: CsvCell[][]): void {
  saveBlob(new Blob([`\uFEFF${toCsv(header, rows)}`], { type: 'text/csv;charset=utf-8' }), filename);
}
