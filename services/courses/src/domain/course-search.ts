import { escapeRegExp } from '@fm/shared/http';

/** Fields a search (`?q=`) looks in, case-insensitively. */
export const SEARCH_FIELDS = ['name', 'city', 'state', 'country'] as const;

/** A MongoDB filter matching `q` inside name, city, state or country; `{}` for no search. */
export function searchFilter(q: string | undefined): Record<string, unknown> {
  const text = q?.trim();
  if (!text) return {};
  // A literal pattern (the kit's escape): "St. Andrews (Old)" means itself.
  const pattern = escapeRegExp(text);
  return { $or: SEARCH_FIELDS.map((field) => ({ [field]: { $regex: pattern, $options: 'i' } })) };
}
