import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type PDFKitDocument from 'pdfkit';

/**
 * A worksheet as a printable PDF (pdfkit): the product's fonts (Fraunces for headings, Inter for
 * text, the same families the site self-hosts; embedded as subsets, so the text stays
 * selectable and a file is a few tens of KB) and colours (frontend/src/config/theme.ts).
 *
 * Page: 595.28 × 792 pt, the width of A4 and the height of US Letter, so it fits inside both
 * sheets and prints at 100 % on either without scaling or clipping; 54 pt (¾ in) margins
 * besides, more than any printer's unprintable edge.
 *
 * The body is plain text with a few line forms the founder types in the console:
 *   ## Heading          a heading
 *   - [ ] Something     a checklist line with a box to tick
 *   - Something         a bullet
 *   ? A question        a prompt followed by write-in lines (`?3 …`: three lines; default two)
 *   Label: ____         text ending in 3+ underscores: a blank to fill on the same line
 *   ___                 a full-width write-in line
 *   (anything else)     a paragraph; an empty line separates paragraphs
 */

/** Bump when the layout below changes in a way that should remake every stored file. */
export const WORKSHEET_RENDERER_VERSION = 'worksheet-pdf v2';

export const PAGE_SIZE: [number, number] = [595.28, 792];
const MARGIN = 54;

// frontend/src/config/theme.ts (brand): the same values, not imported (services never read the SPA's sources).
const COLOURS = {
  green800: '#173f2f',
  green700: '#1f5540',
  green100: '#e3eee6',
  brass: '#c98b2b',
  ink: '#18231d',
  inkSoft: '#46574d',
  rule: '#b9b19c',
};

/** The families the site uses (frontend: @fontsource-variable), as fontsource's static WOFF files:
 * fontkit (pdfkit's font engine) cannot subset composite glyphs of the WOFF2 builds. */
const FONT_FILES = {
  heading: '@fontsource/fraunces/files/fraunces-latin-600-normal.woff',
  body: '@fontsource/inter/files/inter-latin-400-normal.woff',
  bodyStrong: '@fontsource/inter/files/inter-latin-600-normal.woff',
} as const;

type FontName = keyof typeof FONT_FILES;
let fontCache: Record<FontName, Buffer> | undefined;
function fonts(): Record<FontName, Buffer> {
  fontCache ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(require.resolve(file))]),
  ) as Record<FontName, Buffer>;
  return fontCache;
}

export interface WorksheetPdfInput {
  title: string;
  body: string;
  /** The programme section's name ("Putting Mindset"). */
  sectionName: string;
  productName: string;
}

/** What a stored file was made from: equal → the stored file is current. */
export function worksheetSourceHash(input: WorksheetPdfInput): string {
  const parts = [WORKSHEET_RENDERER_VERSION, input.productName, input.sectionName, input.title, input.body];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

type Line =
  | { kind: 'heading'; text: string }
  | { kind: 'check'; text: string }
  | { kind: 'bullet'; text: string }
  | { kind: 'prompt'; text: string; lines: number }
  | { kind: 'blank'; text: string }
  | { kind: 'rule' }
  | { kind: 'paragraph'; text: string }
  | { kind: 'gap' };

/** The body's lines as layout blocks (exported for the console's preview and tests). */
export function parseWorksheetBody(body: string): Line[] {
  const out: Line[] = [];
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    let m: RegExpMatchArray | null;
    if (!line) out.push({ kind: 'gap' });
    else if ((m = line.match(/^#{1,3}\s+(.+)$/))) out.push({ kind: 'heading', text: m[1]! });
    else if ((m = line.match(/^[-*]\s*\[\s?\]\s*(.+)$/))) out.push({ kind: 'check', text: m[1]! });
    else if ((m = line.match(/^[-*•]\s+(.+)$/))) out.push({ kind: 'bullet', text: m[1]! });
    else if ((m = line.match(/^\?([1-6])?\s+(.+)$/)))
      out.push({ kind: 'prompt', text: m[2]!, lines: Number(m[1] ?? 2) });
    else if (/^_{3,}$/.test(line)) out.push({ kind: 'rule' });
    else if ((m = line.match(/^(.*\S)\s*_{3,}$/))) out.push({ kind: 'blank', text: m[1]! });
    else out.push({ kind: 'paragraph', text: line });
  }
  return out;
}

/**
 * pdfkit (with fontkit, brotli, crypto-js and its font tables: ~4.4 MB of heap) is loaded when the
 * first worksheet is rendered, not when content starts: a PDF is made once per worksheet edit and
 * served from the store afterwards (docs/PERFORMANCE.md, memory).
 */
function pdfkit(): typeof PDFKitDocument {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  return require('pdfkit') as typeof PDFKitDocument;
}

/** Renders one worksheet; resolves to the PDF's bytes. */
export function renderWorksheetPdf(input: WorksheetPdfInput): Promise<Buffer> {
  const PDFDocument = pdfkit();
  const doc = new PDFDocument({
    size: PAGE_SIZE,
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: input.title,
      Author: input.productName,
      Subject: `${input.sectionName} worksheet`,
      Creator: input.productName,
    },
    // Fixed dates keep the bytes a function of the text (no new file for an unchanged worksheet).
    pdfVersion: '1.7',
  });
  doc.info.CreationDate = new Date(0);
  const f = fonts();
  doc.registerFont('heading', f.heading);
  doc.registerFont('body', f.body);
  doc.registerFont('strong', f.bodyStrong);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = PAGE_SIZE[0] - 2 * MARGIN;
  const bottom = PAGE_SIZE[1] - MARGIN - 18; // room for the footer
  const ensure = (height: number) => {
    if (doc.y + height > bottom) doc.addPage();
  };
  const rule = (y: number, x = left, to = left + width) => {
    doc.save().moveTo(x, y).lineTo(to, y).lineWidth(0.6).strokeColor(COLOURS.rule).stroke().restore();
  };

  // Heading block.
  doc.font('strong').fontSize(8.5).fillColor(COLOURS.brass);
  doc.text(`${input.productName.toUpperCase()}  ·  ${input.sectionName.toUpperCase()}  ·  WORKSHEET`, left, MARGIN, {
    width,
  });
  doc.moveDown(0.5);
  doc.font('heading').fontSize(24).fillColor(COLOURS.green800).text(input.title, { width, lineGap: 2 });
  doc.moveDown(0.3);
  doc.save().rect(left, doc.y, 48, 2.5).fill(COLOURS.brass).restore();
  doc.moveDown(0.4);
  doc.font('body').fontSize(9.5).fillColor(COLOURS.inkSoft);
  doc.text('Name ', left, doc.y + 6, { continued: false });
  const nameY = doc.y - 3;
  rule(nameY, left + 32, left + width * 0.55);
  doc.text('Date ', left + width * 0.6, nameY - 9);
  rule(nameY, left + width * 0.6 + 28, left + width);
  doc.x = left;
  doc.y = nameY + 16;

  const bodyText = (font: 'body' | 'strong', size = 10.5) => doc.font(font).fontSize(size).fillColor(COLOURS.ink);

  let previous: Line['kind'] | undefined;
  for (const block of parseWorksheetBody(input.body)) {
    switch (block.kind) {
      case 'gap':
        if (previous && previous !== 'gap') doc.moveDown(0.5);
        break;
      case 'heading': {
        ensure(60);
        doc.moveDown(0.6);
        doc.font('heading').fontSize(14.5).fillColor(COLOURS.green800).text(block.text, left, doc.y, { width });
        doc.moveDown(0.3);
        break;
      }
      case 'paragraph':
        ensure(28);
        bodyText('body').text(block.text, left, doc.y, { width, lineGap: 2.5 });
        break;
      case 'bullet': {
        ensure(20);
        const y = doc.y;
        doc
          .save()
          .circle(left + 4, y + 6, 1.8)
          .fill(COLOURS.brass)
          .restore();
        bodyText('body').text(block.text, left + 14, y, { width: width - 14, lineGap: 2.5 });
        doc.moveDown(0.15);
        break;
      }
      case 'check': {
        ensure(22);
        const y = doc.y;
        doc
          .save()
          .roundedRect(left, y + 1, 10, 10, 1.5)
          .lineWidth(1)
          .strokeColor(COLOURS.green700)
          .stroke()
          .restore();
        bodyText('body').text(block.text, left + 18, y, { width: width - 18, lineGap: 2.5 });
        doc.moveDown(0.35);
        break;
      }
      case 'prompt': {
        ensure(26 + block.lines * 22);
        doc.moveDown(0.2);
        bodyText('strong').text(block.text, left, doc.y, { width, lineGap: 2 });
        for (let i = 0; i < block.lines; i++) {
          doc.y += 20;
          rule(doc.y);
        }
        doc.y += 8;
        break;
      }
      case 'blank': {
        ensure(24);
        const y = doc.y + 4;
        bodyText('body').text(`${block.text} `, left, y, { width: width * 0.6, lineGap: 2 });
        const textWidth = Math.min(doc.widthOfString(`${block.text} `), width * 0.6);
        const lineY = doc.y - 3;
        rule(lineY, left + textWidth + 4, left + width);
        doc.y = lineY + 8;
        break;
      }
      case 'rule':
        ensure(24);
        doc.y += 20;
        rule(doc.y);
        doc.y += 6;
        break;
    }
    previous = block.kind;
  }

  // Footer on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without this pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    const y = PAGE_SIZE[1] - MARGIN + 10;
    doc
      .save()
      .moveTo(left, y - 6)
      .lineTo(left + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOURS.green100)
      .stroke();
    doc.restore();
    doc.font('body').fontSize(8).fillColor(COLOURS.inkSoft);
    doc.text(`${input.productName} · ${input.title}`, left, y, { width: width - 60, lineBreak: false, height: 10 });
    doc.text(`${i - range.start + 1} / ${range.count}`, left + width - 60, y, {
      width: 60,
      align: 'right',
      lineBreak: false,
      height: 10,
    });
  }
  doc.end();
  return done;
}
