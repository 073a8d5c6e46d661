import { NotFoundError } from '@fm/shared/http';
import { parseCourseId } from './course.service';

describe('parseCourseId', () => {
  it('when the id is 24 hex digits, then it is a course id', () => {
    expect(String(parseCourseId('0123456789ABCDEF01234567'))).toBe('0123456789abcdef01234567');
  });

  it.each([['abc'], ['0123456789abcdef0123456'], ['0123456789abcdef012345678'], ['zzzzzzzzzzzz'], ['$ne']])(
    'when the id is %s, then 404 (a malformed id names no course)',
    (id) => {
      expect(() => parseCourseId(id)).toThrow(NotFoundError);
    },
  );
});
