import { textField } from '@fm/shared/http';
import { z } from 'zod';

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/** POST /api/contact. Strict: unknown keys and operator objects (`{"$gt": ""}`) are a 400. */
export const contactInputSchema = z.strictObject({
  // Single-line: a line break in the name could become a mail header.
  name: textField({ label: 'Name', max: CONTACT_LIMITS.name, required: 'Name is required' }),
  email: z
    .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text') })
    .trim()
    .min(1, 'Email is required')
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  message: textField({
    label: 'Message',
    max: CONTACT_LIMITS.message,
    multiline: true,
    required: 'Message is required',
  }),
});

export type ContactInput = z.infer<typeof contactInputSchema>;
