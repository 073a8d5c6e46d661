import type { Context } from 'koa';
import { z, type ZodType } from 'zod';

/** Said when the body is JSON but not an object (an array, a string...) and the schema has no word for it. */
export const NOT_AN_OBJECT = 'Send the request body as a JSON object';

/**
 * `{ field: message }` from zod issues; the first message per field wins. Root issues go under `_`.
 * A body that is not an object gets a plain sentence, not zod's "Invalid input: expected object…".
 */
export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    const notAnObject =
      !issue.path.length &&
      issue.code === 'invalid_type' &&
      issue.expected === 'object' &&
      /^Invalid input/.test(issue.message);
    errors[field] ??= notAnObject ? NOT_AN_OBJECT : issue.message;
  }
  return errors;
}

function bodyOf(ctx: Context): unknown {
  return (ctx.request as unknown as { body?: unknown }).body ?? {};
}

/** Parses the JSON body with a schema; a failure becomes a 400 through the error handler. */
export function parseBody<S extends ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse(bodyOf(ctx));
}

/** Parses the query string with a schema. */
export function parseQuery<S extends ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse(ctx.query);
}

/** A page of a list: `?limit` (default 50, max 100) and `?offset`. */
export const paginationSchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit is at most 100')
    .default(50),
  offset: z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, 'offset cannot be negative')
    .max(100_000, 'offset is at most 100000')
    .default(0),
});
