import { escapeRegExp } from '@fm/shared/http';
import { searchFilter } from './course-search';

describe('course search', () => {
  it('when the text holds regex metacharacters, then they match literally', () => {
    const text = 'St. Andrews (Old) [*+?^$|\\/-]';
    const pattern = new RegExp(escapeRegExp(text), 'i');
    expect(pattern.test(`The ${text} links`)).toBe(true);
    expect(pattern.test('StX Andrews Old')).toBe(false);
  });

  it('when a pattern would backtrack for ages, then it is a plain string instead', () => {
    const pattern = new RegExp(escapeRegExp('(a+)+$'), 'i');
    const started = Date.now();
    expect(pattern.test(`${'a'.repeat(5000)}!`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('when there is no text, then nothing is filtered', () => {
    expect(searchFilter(undefined)).toEqual({});
    expect(searchFilter('   ')).toEqual({});
  });

  it('when there is text, then name, city, state and country are searched case-insensitively', () => {
    expect(searchFilter('  pebble beach ')).toEqual({
      $or: ['name', 'city', 'state', 'country'].map((field) => ({
        [field]: { $regex: 'pebble beach', $options: 'i' },
      })),
    });
  });
});
