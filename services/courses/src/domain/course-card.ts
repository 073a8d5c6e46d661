import { createPdf, PDF_COLOURS as COLOURS, pdfRule, wrapLines } from '@fm/shared/pdf';
import type { CourseRoundHistory } from './round.service';

/**
 * The pre-round card (issue 31 §4): one printable page per course with its 18 holes and pars,
 * and, for each hole, the member's mean routine score and their newest notes from earlier
 * rounds there, for a look before teeing off. Always one page: the rows share the page's height
 * and each hole's notes get the lines its row holds (the newest first, the rest shortened with
 * "…"). The kit's PDF set-up (`@fm/shared/pdf`): fonts, colours, a page that prints on A4 and
 * US Letter.
 */

/** The rounds read for a card (the newest on the course) and the notes shown per hole. */
export const COURSE_CARD_HISTORY = { rounds: 50, notesPerHole: 3 } as const;

export interface CourseCardInput {
  productName: string;
  course: { name: string; city: string; state: string; country: string; pars: readonly number[] };
  history: CourseRoundHistory;
  /** When the card is made (shown on it). */
  madeAt: Date;
}

/** 40 pt (0.56 in): still more than any printer's unprintable edge, and room for 18 rows with notes. */
const MARGIN = 40;
const NOTE_SIZE = 7.5;
const NOTE_LINE = 9;

const dayMonthYear = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDate = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: '2-digit', timeZone: 'UTC' });

/** `pre-round-card-<course name in ASCII letters, digits and dashes>.pdf`. */
export function courseCardFilename(courseName: string): string {
  const slug = courseName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `pre-round-card-${slug || 'course'}.pdf`;
}

const sum = (pars: readonly number[]) => pars.reduce((total, par) => total + par, 0);

export function renderCourseCard({ productName, course, history, madeAt }: CourseCardInput): Promise<Buffer> {
  const { doc, left, width, bottom, finish } = createPdf(
    { title: `${course.name}: pre-round card`, author: productName, subject: 'Pre-round card', createdAt: madeAt },
    { margin: MARGIN },
  );

  // Heading: what it is, the course, where, its par, when the card was made.
  doc.font('strong').fontSize(8.5).fillColor(COLOURS.brass);
  doc.text(`${productName.toUpperCase()}  ·  PRE-ROUND CARD`, left, MARGIN, { width, lineBreak: false });
  doc.font('heading').fontSize(20).fillColor(COLOURS.green800);
  let y = MARGIN + 16;
  for (const line of wrapLines(doc, course.name, width, 2)) {
    doc.text(line, left, y, { width, lineBreak: false });
    y += 24;
  }
  doc
    .save()
    .rect(left, y + 2, 48, 2.5)
    .fill(COLOURS.brass)
    .restore();
  y += 12;
  const front = sum(course.pars.slice(0, 9));
  const back = sum(course.pars.slice(9));
  const facts = [
    [course.city, course.state, course.country].filter(Boolean).join(', '),
    `Par ${front + back} (out ${front}, in ${back})`,
    `Card made ${dayMonthYear(madeAt)}`,
  ];
  doc.font('body').fontSize(9.5).fillColor(COLOURS.inkSoft);
  for (const line of wrapLines(doc, facts.join('  ·  '), width, 1)) doc.text(line, left, y, { lineBreak: false });
  y += 14;
  const about =
    history.rounds === 0
      ? 'No rounds on this course yet: your notes and routine scores appear here after you play it with the course player.'
      : `From your last ${history.rounds === 1 ? 'round' : `${history.rounds} rounds`} here: each hole's routine score (1 to 5, your mean) and your notes, newest first.`;
  for (const line of wrapLines(doc, about, width, 1)) doc.text(line, left, y, { lineBreak: false });
  y += 20;

  // The table: Hole | Par | Routine | Notes, 18 rows sharing the height left above the write-in line.
  const columns = { hole: left, par: left + 40, routine: left + 76, notes: left + 128 };
  const notesWidth = left + width - columns.notes;
  doc.font('strong').fontSize(8).fillColor(COLOURS.inkSoft);
  doc.text('HOLE', columns.hole, y, { lineBreak: false });
  doc.text('PAR', columns.par, y, { lineBreak: false });
  doc.text('ROUTINE', columns.routine, y, { lineBreak: false });
  doc.text('YOUR NOTES FROM EARLIER ROUNDS', columns.notes, y, { lineBreak: false });
  y += 13;
  pdfRule(doc, y, left, left + width, { colour: COLOURS.green700, width: 0.8 });

  const writeInRoom = 34;
  const rowHeight = (bottom - writeInRoom - y) / course.pars.length;
  const linesPerRow = Math.max(1, Math.floor((rowHeight - 4) / NOTE_LINE));
  course.pars.forEach((par, index) => {
    const top = y + index * rowHeight;
    const hole = history.holes[index];
    if (index % 2 === 1) doc.save().rect(left, top, width, rowHeight).fill(COLOURS.green100).restore();
    const middle = top + rowHeight / 2;
    doc.font('heading').fontSize(13).fillColor(COLOURS.green800);
    doc.text(String(index + 1), columns.hole, middle - 8, { width: 24, align: 'center', lineBreak: false });
    doc.font('strong').fontSize(11).fillColor(COLOURS.ink);
    doc.text(String(par), columns.par, middle - 6.5, { width: 22, align: 'center', lineBreak: false });
    doc
      .font('body')
      .fontSize(10)
      .fillColor(hole?.routine === null ? COLOURS.rule : COLOURS.ink);
    doc.text(hole?.routine == null ? '–' : hole.routine.toFixed(1), columns.routine, middle - 6, {
      width: 40,
      align: 'center',
      lineBreak: false,
    });

    // The notes: the newest first, each at least one line, shortened so the row holds them.
    doc.font('body').fontSize(NOTE_SIZE);
    const notes = (hole?.notes ?? []).slice(0, linesPerRow);
    let budget = linesPerRow;
    const lines: { date?: string; text: string }[] = [];
    notes.forEach((note, i) => {
      const date = `${shortDate(note.date)}  `;
      const take = budget - (notes.length - i - 1);
      const dateWidth = doc.font('strong').widthOfString(date);
      doc.font('body');
      const wrapped = wrapLines(doc, note.note, notesWidth - dateWidth, take);
      wrapped.forEach((text, n) => lines.push(n === 0 ? { date, text } : { text }));
      budget -= wrapped.length;
    });
    let lineY = middle - (lines.length * NOTE_LINE) / 2 + 1;
    let indent = 0;
    for (const line of lines) {
      if (line.date) {
        doc.font('strong').fontSize(NOTE_SIZE).fillColor(COLOURS.green700);
        doc.text(line.date, columns.notes, lineY, { lineBreak: false });
        indent = doc.widthOfString(line.date);
      }
      doc.font('body').fontSize(NOTE_SIZE).fillColor(COLOURS.ink);
      doc.text(line.text, columns.notes + indent, lineY, { lineBreak: false });
      lineY += NOTE_LINE;
    }
    const after = top + rowHeight;
    pdfRule(doc, after, left, left + width, index === 8 ? { colour: COLOURS.green700, width: 0.8 } : {});
  });

  // One line to fill in before the round.
  const writeY = bottom - 8;
  doc.font('strong').fontSize(9.5).fillColor(COLOURS.green800);
  doc.text("Today's intention ", left, writeY - 10, { lineBreak: false });
  pdfRule(doc, writeY, left + doc.widthOfString("Today's intention ") + 4, left + width);

  return finish({ left: `${productName} · ${course.name} · pre-round card` });
}
