import { describe, expect, it } from 'vitest';
import { insertBlock, whatsNewMarkdown, WHATS_NEW_HEADING } from '@/features/admin/newsletter-whats-new';

const ORIGIN = 'https://golf.example';

describe("the newsletter's What's new this month block", () => {
  it('lists each item newest first, linked to where a member opens it, with its kind or section', () => {
    const md = whatsNewMarkdown(
      [
        {
          kind: 'item',
          id: 'i1',
          title: 'Box breathing [audio]',
          sectionSlug: 'daily-drills',
          publishedAt: '2026-11-20T00:00:00.000Z',
          locked: true,
        },
        {
          kind: 'lesson',
          id: 'l 7',
          title: 'Pre-shot routine',
          publishedAt: '2026-11-10T00:00:00.000Z',
          locked: false,
        },
        { kind: 'lecture', id: 'lec-3', title: 'Pressure', publishedAt: '2026-11-02T00:00:00.000Z', locked: true },
      ],
      ORIGIN,
    );
    expect(md).toBe(
      [
        WHATS_NEW_HEADING,
        '',
        '- [Box breathing \\[audio\\]](https://golf.example/member/daily-drills) (Daily drills)',
        '- [Pre-shot routine](https://golf.example/lesson/l%207) (Lesson)',
        '- [Pressure](https://golf.example/member/lectures) (Lecture)',
        '',
      ].join('\n'),
    );
  });

  it('is empty when nothing is new', () => {
    expect(whatsNewMarkdown([], ORIGIN)).toBe('');
  });

  it('goes in at the cursor on lines of its own, and the cursor lands after it', () => {
    expect(insertBlock('Hello\nBye', '## B\n', 6)).toEqual({ text: 'Hello\n\n## B\n\nBye', cursor: 13 });
    expect(insertBlock('', '## B\n')).toEqual({ text: '## B\n', cursor: 5 });
    expect(insertBlock('Intro', '## B\n')).toEqual({ text: 'Intro\n\n## B\n', cursor: 12 });
  });
});
