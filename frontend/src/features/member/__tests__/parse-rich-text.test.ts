import { describe, expect, it } from 'vitest';
import { parseRichLine, splitLines } from '@/features/member/lib/parse-rich-text';

describe('member content text format', () => {
  it('splits text into lines on every newline style', () => {
    expect(splitLines('one\ntwo\r\nthree\n\nfive')).toEqual(['one', 'two', 'three', '', 'five']);
  });

  it('turns **markers** into bold segments', () => {
    expect(parseRichLine('Breathe **slowly** and **commit**.')).toEqual([
      { kind: 'text', text: 'Breathe ', bold: false },
      { kind: 'text', text: 'slowly', bold: true },
      { kind: 'text', text: ' and ', bold: false },
      { kind: 'text', text: 'commit', bold: true },
      { kind: 'text', text: '.', bold: false },
    ]);
  });

  it('turns http(s) links into link segments, leaving trailing punctuation as text', () => {
    expect(parseRichLine('Read https://example.com/a?b=1, then http://x.org.')).toEqual([
      { kind: 'text', text: 'Read ', bold: false },
      { kind: 'link', href: 'https://example.com/a?b=1', bold: false },
      { kind: 'text', text: ', then ', bold: false },
      { kind: 'link', href: 'http://x.org', bold: false },
      { kind: 'text', text: '.', bold: false },
    ]);
  });

  it('keeps links inside bold text, and leaves other schemes and lone asterisks alone', () => {
    expect(parseRichLine('**See https://fm.example/drills**')).toEqual([
      { kind: 'text', text: 'See ', bold: true },
      { kind: 'link', href: 'https://fm.example/drills', bold: true },
    ]);
    expect(parseRichLine('ftp://nope and 2 * 3 **')).toEqual([
      { kind: 'text', text: 'ftp://nope and 2 * 3 **', bold: false },
    ]);
  });
});
