/**
 * The member-content text format (SPEC §2 "Section pages"): text is split into lines by
 * newline, `**bold**` markers render bold, and http(s) links become external links.
 */

export type RichSegment = { kind: 'text'; text: string; bold: boolean } | { kind: 'link'; href: string; bold: boolean };

const BOLD = /\*\*(.+?)\*\*/g;
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"]+$/;

function splitLinks(text: string, bold: boolean, out: RichSegment[]) {
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let href = match[0];
    const trailing = href.match(TRAILING_PUNCTUATION)?.[0] ?? '';
    // keep a closing parenthesis that belongs to the URL itself, e.g. wiki links
    const keepParen = trailing.startsWith(')') && href.includes('(');
    if (trailing && !keepParen) href = href.slice(0, -trailing.length);
    if (start > last) out.push({ kind: 'text', text: text.slice(last, start), bold });
    out.push({ kind: 'link', href, bold });
    last = start + href.length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last), bold });
}

export function parseRichLine(line: string): RichSegment[] {
  const out: RichSegment[] = [];
  let last = 0;
  for (const match of line.matchAll(BOLD)) {
    const start = match.index ?? 0;
    if (start > last) splitLinks(line.slice(last, start), false, out);
    splitLinks(match[1] ?? '', true, out);
    last = start + match[0].length;
  }
  if (last < line.length) splitLinks(line.slice(last), false, out);
  return out;
}

export function splitLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}
