import { describe, expect, it } from 'vitest';
import { emptyCourseForm, mapServerErrors, totalPar, validateCourse } from '@/features/courses/course-validation';

const valid = () => ({ ...emptyCourseForm(), name: 'Pebble Creek', city: 'Austin', state: 'TX', country: 'USA' });

describe('course validation (SPEC §5)', () => {
  it('defaults every one of the 18 holes to par 4, private, total par 72', () => {
    const form = emptyCourseForm();
    expect(form.pars).toHaveLength(18);
    expect(new Set(form.pars)).toEqual(new Set([4]));
    expect(form.isPublic).toBe(false);
    expect(totalPar(form.pars)).toBe(72);
  });

  it('names each missing required field with its message', () => {
    expect(validateCourse({ ...emptyCourseForm(), name: '  ' })).toEqual({
      name: 'Course name is required',
      city: 'City is required',
      state: 'State/Province is required',
      country: 'Country is required',
    });
  });

  it('accepts a complete course without a description', () => {
    expect(validateCourse(valid())).toEqual({});
  });

  it('requires exactly 18 holes of par 3 to 5', () => {
    expect(validateCourse({ ...valid(), pars: [4, 4, 4] }).pars).toBe('Must have exactly 18 holes');
    const pars = valid().pars.map((p, i) => (i === 3 ? 6 : p));
    expect(validateCourse({ ...valid(), pars }).pars).toMatch(/par 3, 4 or 5/);
  });

  it('maps the server field errors onto the form, nested par paths onto pars', () => {
    expect(mapServerErrors({ name: 'Course name is required', 'pars.2': 'Too big', other: 'x' })).toEqual({
      name: 'Course name is required',
      pars: 'Too big',
    });
  });
});
