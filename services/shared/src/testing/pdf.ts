import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Reads PDFs the way a member's viewer would, with Debian's poppler tools (poppler-utils, which
 * the launcher installs): the text pdftotext finds, and pdfinfo's page count and size.
 */
export function popplerReader() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fm-pdf-'));
  /** Runs a poppler tool on the PDF (a file: poppler does not read PDFs from a pipe). */
  const run = (tool: 'pdftotext' | 'pdfinfo', pdf: Buffer): string => {
    const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, pdf);
    const out = spawnSync(tool, tool === 'pdftotext' ? [file, '-'] : [file], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`${tool} failed (${out.status}): ${out.stderr}`);
    return out.stdout;
  };
  return {
    /** The text pdftotext reads from a PDF (whitespace collapsed). */
    text: (pdf: Buffer) => run('pdftotext', pdf).replace(/\s+/g, ' '),
    /** pdfinfo's "Page size" ("595.28 x 792"). */
    pageSize: (pdf: Buffer) => /Page size:\s+(.+?) pts/.exec(run('pdfinfo', pdf))?.[1],
    pages: (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', pdf))?.[1]),
    /** Removes the temporary files (afterAll). */
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
