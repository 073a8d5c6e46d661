import { createCourseSchema, listQuerySchema, updateCourseSchema } from './course.schemas';

const base = { name: 'Old Course', city: 'St Andrews', state: 'Fife', country: 'Scotland' };

describe('course form rules', () => {
  it('when only the required fields are given, then defaults fill the rest', () => {
    expect(createCourseSchema.parse(base)).toEqual({
      ...base,
      description: null,
      pars: Array(18).fill(4),
      isPublic: false,
      photoUrl: null,
      scorecardUrl: null,
    });
  });

  it('when optional text is blank, then it is stored as none', () => {
    expect(createCourseSchema.parse({ ...base, description: '   ', photoUrl: '', scorecardUrl: null })).toMatchObject({
      description: null,
      photoUrl: null,
      scorecardUrl: null,
    });
  });

  it.each([
    ['http://example.com/a.png', true],
    ['https://cdn.example.com/x/y.jpg?size=2', true],
    ['ftp://example.com/a.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['https://user:pass@example.com/a.png', false],
    ['https://example.com/a b.png', false],
    ['//example.com/a.png', false],
  ])('when the photo URL is %s, then accepted is %s', (photoUrl, accepted) => {
    expect(createCourseSchema.safeParse({ ...base, photoUrl }).success).toBe(accepted);
  });

  it('when several holes are wrong, then each is named by its number', () => {
    const result = createCourseSchema.safeParse({
      ...base,
      pars: [1, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, null],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['pars.0', 'Hole 1 par must be 3, 4 or 5'],
      ['pars.17', 'Hole 18 par must be 3, 4 or 5'],
    ]);
  });

  it('when a change leaves a field out, then that field is not touched (not reset to a default)', () => {
    expect(updateCourseSchema.parse({ name: 'New name' })).toEqual({ name: 'New name' });
    expect(updateCourseSchema.parse({ description: '' })).toMatchObject({ description: null });
  });

  it('when a change to an optional field is refused, then it has the create message, not a generic one', () => {
    const messageOf = (schema: typeof createCourseSchema | typeof updateCourseSchema, body: object) =>
      schema.safeParse(body).error?.issues.map((issue) => issue.message);
    for (const [field, value] of [
      ['description', 'd'.repeat(2001)],
      ['photoUrl', 'ftp://example.com/a.png'],
      ['scorecardUrl', 'https://example.com/\u0000'],
    ] as const) {
      expect(messageOf(updateCourseSchema, { [field]: value })).toEqual(
        messageOf(createCourseSchema, { ...base, [field]: value }),
      );
    }
    expect(messageOf(updateCourseSchema, { description: 'd'.repeat(2001) })).toEqual([
      'Description must be at most 2000 characters',
    ]);
  });

  it('when the list query is plain, then paging defaults apply and the search is trimmed', () => {
    expect(listQuerySchema.parse({ q: '  fife ' })).toEqual({ q: 'fife', limit: 50, offset: 0 });
    expect(listQuerySchema.safeParse({ 'q[$ne]': 'x' }).success).toBe(false);
  });
});
