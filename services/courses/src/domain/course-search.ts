/** Fields a search (`?q=`) looks in, case-insensitively. */
export const SEARCH_FIELDS = ['name', 'city', 'state', 'country'] as const;

/** `q` as a literal pattern: every regex metacharacter escaped, so "St. Andrews (Old)" means itself. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A MongoDB filter matching `q` inside name, city, state or country; `{}` for no search. */
export function searchFilter(q: string | undefined): Record<string, unknown> {
  const text = q?.trim();
  if (!text) return {};
  const pattern = escapeRegex(text);
  return { $or: SEARCH_FIELDS.map((field) => ({ [field]: { $regex: pattern, $options: 'i' } })) };
}
