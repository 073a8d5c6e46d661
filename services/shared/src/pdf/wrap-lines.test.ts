import { createPdf, wrapLines } from './index';

describe('wrapLines (the PDFs’ text fitting)', () => {
  const { doc } = createPdf({ title: 't', author: 'a', subject: 's' });
  doc.font('body').fontSize(10);
  const width = 120;
  const fits = (line: string) => doc.widthOfString(line) <= width;

  it('when a text fits in the lines given, then it is broken between words, every line fitting, nothing lost', () => {
    const text = 'Pick the smallest target beyond the bunker edge and commit to it';
    const lines = wrapLines(doc, text, width, 10);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every(fits)).toBe(true);
    expect(lines.join(' ')).toBe(text);
  });

  it('when it does not fit, then the last line is shortened and ends with "…", still fitting', () => {
    const lines = wrapLines(doc, 'Breathe out before the takeaway '.repeat(10), width, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    expect(lines.every(fits)).toBe(true);
  });

  it('when one word is wider than the line, then it is cut across lines', () => {
    const word = 'Supercalifragilisticexpialidocious'.repeat(2);
    const lines = wrapLines(doc, word, width, 5);
    expect(lines.every(fits)).toBe(true);
    expect(lines.join('')).toBe(word);
  });
});
