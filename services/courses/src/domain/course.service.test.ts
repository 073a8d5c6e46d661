import { NotFoundError } from '@fm/shared';
import { parseCourseId, upsertTolerant } from './course.service';

describe('upsertTolerant', () => {
  it('when a concurrent insert wins the unique index (E11000), then the write is run again and succeeds', async () => {
    const write = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(Object.assign(new Error('E11000 duplicate key'), { code: 11000 }))
      .mockResolvedValueOnce('updated');
    await expect(upsertTolerant(write)).resolves.toBe('updated');
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('when the write fails for another reason, then the error is not hidden', async () => {
    const write = jest.fn<Promise<string>, []>().mockRejectedValue(new Error('connection reset'));
    await expect(upsertTolerant(write)).rejects.toThrow('connection reset');
    expect(write).toHaveBeenCalledTimes(1);
  });
});

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
