import { textField } from '@fm/shared';
import { z } from 'zod';

export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong:
    'Password must be at most 72 bytes: 72 plain letters or digits, fewer with accented letters or emoji',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many login attempts. Please wait a few minutes and try again.',
} as const;

const email = z
  .string({ error: (issue) => (issue.input === undefined ? messages.emailRequired : messages.emailInvalid) })
  .trim()
  .toLowerCase()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .pipe(z.email(messages.emailInvalid));

/** Other members see these (a course's owner): the shared text rule strips bidi overrides. */
const optionalName = (label: string) =>
  textField({ label, max: 50 })
    .optional()
    .transform((value) => (value ? value : null));

/** bcrypt reads only the first 72 bytes (UTF-8); anything after them would be silently ignored. */
const BCRYPT_MAX_BYTES = 72;

export const signupSchema = z.object({
  email,
  password: z
    .string({ error: messages.passwordRequired })
    .min(6, messages.passwordTooShort)
    .refine((value) => Buffer.byteLength(value, 'utf8') <= BCRYPT_MAX_BYTES, messages.passwordTooLong),
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1024),
});

export type SignupInput = z.infer<typeof signupSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
