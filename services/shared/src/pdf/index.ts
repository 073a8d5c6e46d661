import { readFileSync } from 'node:fs';
import type PDFKitDocument from 'pdfkit';

/**
 * The product's printable PDFs (pdfkit): the set-up every one shares, so a worksheet (content)
 * and a pre-round card (courses) look like the same product and print the same way.
 *
 * - Fonts: the families the site self-hosts (Fraunces for headings, Inter for text), embedded as
 *   subsets, so the text stays selectable and a file is a few tens of KB.
 * - Colours: frontend/src/config/theme.ts (brand), the same values, not imported (services never
 *   read the SPA's sources).
 * - Page: 595.28 × 792 pt, the width of A4 and the height of US Letter, so it fits inside both
 *   sheets and prints at 100 % on either without scaling or clipping; 54 pt (¾ in) margins by
 *   default, more than any printer's unprintable edge.
 *
 * Its own entry point (`@fm/shared/pdf`), so only the services that make PDFs load pdfkit; they
 * list pdfkit and the two @fontsource packages as their own dependencies (peers of the kit).
 */

export const PDF_PAGE_SIZE: readonly [number, number] = [595.28, 792];
export const PDF_MARGIN = 54;

export const PDF_COLOURS = {
  green800: '#173f2f',
  green700: '#1f5540',
  green100: '#e3eee6',
  brass: '#c98b2b',
  ink: '#18231d',
  inkSoft: '#46574d',
  rule: '#b9b19c',
} as const;

/** The registered font names: `heading` (Fraunces 600), `body` (Inter 400), `strong` (Inter 600). */
export type PdfFont = 'heading' | 'body' | 'strong';

/**
 * pdfkit (with fontkit, brotli, crypto-js and its font tables: ~4.4 MB of heap) is loaded when the
 * first PDF is made, not when the service starts: a worksheet is made once per edit and a pre-round
 * card on a member's request (docs/PERFORMANCE.md, memory).
 */
function pdfkit(): typeof PDFKitDocument {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  return require('pdfkit') as typeof PDFKitDocument;
}

/** Fontsource's static WOFF files: fontkit (pdfkit's font engine) cannot subset composite glyphs of the WOFF2 builds. */
const FONT_FILES: Record<PdfFont, string> = {
  heading: '@fontsource/fraunces/files/fraunces-latin-600-normal.woff',
  body: '@fontsource/inter/files/inter-latin-400-normal.woff',
  strong: '@fontsource/inter/files/inter-latin-600-normal.woff',
};

let fontCache: Record<PdfFont, Buffer> | undefined;
function fonts(): Record<PdfFont, Buffer> {
  fontCache ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(require.resolve(file))]),
  ) as Record<PdfFont, Buffer>;
  return fontCache;
}

export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  /** The document's creation date; the default (1970) keeps the bytes a function of the content. */
  createdAt?: Date;
}

export interface PdfFrame {
  doc: PDFKit.PDFDocument;
  /** The left edge of the text column. */
  left: number;
  /** The text column's width. */
  width: number;
  /** The lowest y a block may reach: the bottom margin, less the footer's room. */
  bottom: number;
  margin: number;
  /** Ends the document (after the footers) and resolves to its bytes. */
  finish(footer?: { left: string }): Promise<Buffer>;
}

/** Room kept above the bottom margin for the footer. */
const FOOTER_ROOM = 18;

/**
 * A new document on the product's page with its fonts registered, buffering its pages so the
 * footer ("left text … page / pages") is written on each one at the end.
 */
export function createPdf(info: PdfInfo, options: { margin?: number } = {}): PdfFrame {
  const margin = options.margin ?? PDF_MARGIN;
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size: [...PDF_PAGE_SIZE],
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: info.author },
    pdfVersion: '1.7',
  });
  doc.info.CreationDate = info.createdAt ?? new Date(0);
  const f = fonts();
  for (const name of Object.keys(f) as PdfFont[]) doc.registerFont(name, f[name]);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = margin;
  const width = PDF_PAGE_SIZE[0] - 2 * margin;
  return {
    doc,
    left,
    width,
    margin,
    bottom: PDF_PAGE_SIZE[1] - margin - FOOTER_ROOM,
    finish(footer) {
      if (footer) writeFooters(doc, { left, width, margin }, footer.left);
      doc.end();
      return done;
    },
  };
}

/** A thin horizontal line (a write-in line or a separator). */
export function pdfRule(
  doc: PDFKit.PDFDocument,
  y: number,
  from: number,
  to: number,
  options: { colour?: string; width?: number } = {},
): void {
  doc
    .save()
    .moveTo(from, y)
    .lineTo(to, y)
    .lineWidth(options.width ?? 0.6)
    .strokeColor(options.colour ?? PDF_COLOURS.rule)
    .stroke()
    .restore();
}

/**
 * `text` broken into at most `maxLines` lines that fit `width` in the document's current font
 * and size; when it does not fit, the last line ends with "…". Words longer than a line are cut.
 * Lets a layout know a block's height before writing it (and keep it on one page).
 */
export function wrapLines(doc: PDFKit.PDFDocument, text: string, width: number, maxLines: number): string[] {
  const fits = (s: string) => doc.widthOfString(s) <= width;
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  let i = 0;
  while (i < words.length && lines.length < maxLines) {
    const word = words[i]!;
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      i++;
    } else if (!current) {
      // A word wider than the line: as many characters as fit, the rest on the next line.
      const n = Math.max(
        1,
        longestFit(word.length - 1, (k) => fits(word.slice(0, k))),
      );
      lines.push(word.slice(0, n));
      words[i] = word.slice(n);
    } else {
      lines.push(current);
      current = '';
    }
  }
  if (current && lines.length < maxLines) lines.push(current);
  if (i < words.length && lines.length > 0) {
    const last = lines[lines.length - 1]!;
    const n = longestFit(last.length, (k) => fits(`${last.slice(0, k).trimEnd()}…`));
    lines[lines.length - 1] = `${last.slice(0, n).trimEnd()}…`;
  }
  return lines;
}

/** The largest k in 0..max with ok(k) (ok holds up to some k, then never again; ok(0) is assumed). */
function longestFit(max: number, ok: (k: number) => boolean): number {
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The footer on every buffered page: a rule, `text` on the left (one line), "page / pages" on the right. */
function writeFooters(
  doc: PDFKit.PDFDocument,
  { left, width, margin }: { left: number; width: number; margin: number },
  text: string,
): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without this pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    const y = PDF_PAGE_SIZE[1] - margin + 10;
    pdfRule(doc, y - 6, left, left + width, { colour: PDF_COLOURS.green100, width: 0.5 });
    doc.font('body').fontSize(8).fillColor(PDF_COLOURS.inkSoft);
    // One line: a long title is shortened with "…".
    const line = wrapLines(doc, text, width - 68, 1)[0] ?? '';
    doc.text(line, left, y, { width: width - 60, lineBreak: false, height: 10 });
    doc.text(`${i - range.start + 1} / ${range.count}`, left + width - 60, y, {
      width: 60,
      align: 'right',
      lineBreak: false,
      height: 10,
    });
  }
}
