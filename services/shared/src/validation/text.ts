import { z } from 'zod';

/**
 * The one rule for free text a member types (names, course fields, the contact form), used by
 * every service's request schema. Mongoose models carry no second length or character rule.
 *
 * - Length counts Unicode code points: "⛳" is one character, as it is to the member typing it
 *   (a UTF-16 count would make it two). A combined emoji such as 🏌️‍♀️ is several code points.
 * - Control characters are refused (the MongoDB-protocol backend cannot store NUL, and none of
 *   them belongs in a form field); a multi-line field keeps line feed, carriage return and tab.
 *   Unpaired UTF-16 surrogates, which no UTF-8 store can keep, are refused with them.
 * - Bidirectional embedding, override and isolate controls are removed: other members see these
 *   texts, and a right-to-left override makes a name read as something else.
 */

/** U+202A–U+202E (embeddings, overrides) and U+2066–U+2069 (isolates). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** The text without bidi embedding/override/isolate controls (for names shown to other members). */
export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/** Length in Unicode code points, the unit of every text limit. */
export function textLength(value: string): number {
  let length = 0;
  for (const _ of value) length += 1;
  return length;
}

export interface TextFieldRule {
  /** The field as the form names it ("Course name"); every message starts with it. */
  label: string;
  /** The most characters (code points) it may hold, after trimming. */
  max: number;
  /** Line breaks and tabs allowed (a message, a description); single-line fields refuse them. */
  multiline?: boolean;
  /** The message for a missing, null or blank value. Without it, blank passes (the caller says what blank means). */
  required?: string;
}

/**
 * A trimmed text field under the rule above. Messages: `required`, "<label> must be text",
 * "<label> cannot contain line breaks or control characters" (multi-line: "… cannot contain
 * control characters") and "<label> must be at most <max> characters".
 */
export function textField(rule: TextFieldRule): z.ZodString {
  const { label, max, multiline = false, required } = rule;
  const typeError = `${label} must be text`;
  let schema = z
    .string({
      error: (issue) => (required && (issue.input === undefined || issue.input === null) ? required : typeError),
    })
    .overwrite(stripBidiControls)
    .trim();
  if (required) schema = schema.min(1, required);
  const forbidden = multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return schema
    .refine(
      (value) => !forbidden.test(value),
      multiline
        ? `${label} cannot contain control characters`
        : `${label} cannot contain line breaks or control characters`,
    )
    .refine((value) => textLength(value) <= max, `${label} must be at most ${max} characters`);
}
