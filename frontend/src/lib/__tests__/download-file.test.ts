import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from '@/lib/download-file';

describe('filenameFromContentDisposition', () => {
  it('reads a quoted, a bare and an RFC 5987 filename (the latter wins)', () => {
    expect(filenameFromContentDisposition('attachment; filename="fairway-mind-export-2026-11-24.json"')).toBe(
      'fairway-mind-export-2026-11-24.json',
    );
    expect(filenameFromContentDisposition('attachment; filename=export.json')).toBe('export.json');
    expect(
      filenameFromContentDisposition(`attachment; filename="plain.json"; filename*=UTF-8''caf%C3%A9-export.json`),
    ).toBe('café-export.json');
  });

  it('when there is no header or no filename, then undefined', () => {
    expect(filenameFromContentDisposition(null)).toBeUndefined();
    expect(filenameFromContentDisposition('attachment')).toBeUndefined();
  });
});
