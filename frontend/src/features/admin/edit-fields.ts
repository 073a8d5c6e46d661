/**
 * The console's edit forms, described as data: each field's kind says how the record's value
 * becomes the form's text and back, and `changedFields` builds a PATCH body of only what the
 * founder changed (the API's partial updates; nothing else is sent, so nothing else is audited).
 */
export type FieldSpec = {
  name: string;
  label: string;
  kind: 'text' | 'multiline' | 'number' | 'boolean' | 'select' | 'lines';
  /** Blank means null (optional fields). */
  nullable?: boolean;
  options?: readonly { value: string; label: string }[];
  maxLength?: number;
  /** Shown but never sent (e.g. the Premium tier's configured price). */
  readOnly?: boolean;
  helperText?: string;
};

export type Draft = Record<string, string | boolean>;
type Value = string | number | boolean | string[] | null | undefined;

/** The form's initial values from the record. */
export function toDraft(fields: readonly FieldSpec[], record: Record<string, unknown>): Draft {
  const draft: Draft = {};
  for (const field of fields) {
    const value = record[field.name] as Value;
    if (field.kind === 'boolean') draft[field.name] = Boolean(value);
    else if (field.kind === 'lines') draft[field.name] = Array.isArray(value) ? value.join('\n') : '';
    else draft[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return draft;
}

/** The value the API takes for one field of the form, or an error text. */
export function parseField(field: FieldSpec, raw: string | boolean): { value: Value } | { error: string } {
  if (field.kind === 'boolean') return { value: Boolean(raw) };
  const text = String(raw);
  if (field.kind === 'lines') {
    return {
      value: text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    };
  }
  if (field.kind === 'number') {
    if (!/^-?\d+$/.test(text.trim())) return { error: 'Enter a whole number' };
    return { value: Number(text.trim()) };
  }
  if (field.nullable && text.trim() === '') return { value: null };
  return { value: field.kind === 'multiline' ? text : text.trim() };
}

const same = (a: Value, b: Value) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** `{patch}` with only the fields whose value differs from the record's, or `{errors}` by field. */
export function changedFields(
  fields: readonly FieldSpec[],
  record: Record<string, unknown>,
  draft: Draft,
): { patch: Record<string, Value> } | { errors: Record<string, string> } {
  const patch: Record<string, Value> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.readOnly) continue;
    const parsed = parseField(field, draft[field.name] ?? '');
    if ('error' in parsed) {
      errors[field.name] = parsed.error;
      continue;
    }
    if (!same(parsed.value, record[field.name] as Value)) patch[field.name] = parsed.value;
  }
  return Object.keys(errors).length ? { errors } : { patch };
}
