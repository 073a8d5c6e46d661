import { z } from 'zod';

/** A date as the API writes it: ISO 8601 with an offset (`Date#toISOString()` gives "…Z"). */
export const isoDate = z.iso.datetime({ offset: true });

/** Every 4xx/5xx JSON answer: a message safe to show, a stable code, field errors for a form. */
export const errorBodySchema = z.strictObject({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
