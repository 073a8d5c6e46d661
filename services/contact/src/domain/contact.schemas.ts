import { z } from 'zod';

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

const text = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) }).trim();

/** POST /api/contact. Strict: unknown keys and operator objects (`{"$gt": ""}`) are a 400. */
export const contactInputSchema = z.strictObject({
  name: text('Name')
    .min(1, 'Name is required')
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'Name cannot contain line breaks or control characters'),
  email: text('Email')
    .min(1, 'Email is required')
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  message: text('Message')
    .min(1, 'Message is required')
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});

export type ContactInput = z.infer<typeof contactInputSchema>;
