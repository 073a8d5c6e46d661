import { z } from 'zod';
import { NOT_AN_OBJECT, paginationSchema, zodIssuesToErrors } from './validate';

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return zodIssuesToErrors(result.error.issues);
}

describe('validation messages a client reads', () => {
  it('when a body is JSON but not an object, then the message says so in plain words (not zod internals)', () => {
    const schema = z.object({ email: z.string() });
    for (const body of [[], 'text', 12, null, true]) {
      expect(errorsOf(schema, body)).toEqual({ _: NOT_AN_OBJECT });
    }
  });

  it('when a schema has its own word for a wrong body, then that word is kept', () => {
    const schema = z.strictObject({ a: z.string() }, { error: 'Send the course as a JSON object' });
    expect(errorsOf(schema, [])).toEqual({ _: 'Send the course as a JSON object' });
  });

  it('when limit or offset is not a whole number or too big, then the message names the parameter', () => {
    expect(errorsOf(paginationSchema, { offset: 'NaN' })).toEqual({ offset: 'offset must be a whole number' });
    expect(errorsOf(paginationSchema, { limit: '1.5' })).toEqual({ limit: 'limit must be a whole number' });
    expect(errorsOf(paginationSchema, { offset: '9999999999' })).toEqual({ offset: 'offset is at most 100000' });
    expect(paginationSchema.parse({})).toEqual({ limit: 50, offset: 0 });
  });
});
