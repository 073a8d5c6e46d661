import { stripBidiControls, textField, textLength } from './text';

const issuesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the text field rule', () => {
  const name = textField({ label: 'Course name', max: 5, required: 'Course name is required' });
  const description = textField({ label: 'Description', max: 5, multiline: true });

  it('when emoji fill the limit, then they count one each and pass; one more is refused', () => {
    expect(name.parse('⛳⛳⛳⛳⛳')).toBe('⛳⛳⛳⛳⛳');
    expect(name.parse('😀😀😀😀😀')).toBe('😀😀😀😀😀');
    expect(issuesOf(name.safeParse('😀😀😀😀😀😀'))).toEqual(['Course name must be at most 5 characters']);
    expect(textLength('🏌️‍♀️')).toBe(5);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', 'a\u0007b'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['an unpaired surrogate', 'a\ud800b'],
  ])('when a field holds %s, then it is refused naming the field', (_what, value) => {
    expect(issuesOf(name.safeParse(value))).toEqual(['Course name cannot contain line breaks or control characters']);
    expect(issuesOf(description.safeParse(value))).toEqual(['Description cannot contain control characters']);
  });

  it('when a single-line field holds a line break or tab, then it is refused; a multi-line one keeps them', () => {
    for (const value of ['a\nb', 'a\r\nb', 'a\tb']) {
      expect(name.safeParse(value).success).toBe(false);
      expect(description.parse(value)).toBe(value);
    }
  });

  it('when bidi override or isolate characters are sent, then they are removed before the length is counted', () => {
    const spoof = '\u202Eabc\u202C\u2066de\u2069';
    expect(name.parse(` ${spoof} `)).toBe('abcde');
    expect(stripBidiControls('\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069x')).toBe('x');
  });

  it('when a required field is missing, null or blank after stripping, then the required message', () => {
    expect(issuesOf(name.safeParse(undefined))).toEqual(['Course name is required']);
    expect(issuesOf(name.safeParse(null))).toEqual(['Course name is required']);
    expect(issuesOf(name.safeParse(' \u202E '))).toEqual(['Course name is required']);
    expect(issuesOf(name.safeParse(42))).toEqual(['Course name must be text']);
  });
});
