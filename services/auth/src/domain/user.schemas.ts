import { z } from 'zod';

export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 72 characters',
  nameTooLong: 'Names must be at most 50 characters',
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

const optionalName = z
  .string({ error: 'Names must be text' })
  .trim()
  .max(50, messages.nameTooLong)
  .optional()
  .transform((value) => (value ? value : null));

export const signupSchema = z.object({
  email,
  password: z
    .string({ error: messages.passwordRequired })
    .min(6, messages.passwordTooShort)
    // bcrypt reads only the first 72 bytes; longer passwords would be silently truncated.
    .refine((value) => Buffer.byteLength(value) <= 72, messages.passwordTooLong),
  firstName: optionalName,
  lastName: optionalName,
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1024),
});

export type SignupInput = z.infer<typeof signupSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
