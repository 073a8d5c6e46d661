import { textField } from '@fm/shared/http';
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
  resetRequested: 'If an account exists for that email, we have sent it a link to reset the password.',
  tooManyResets: 'Too many password reset requests. Please try again later.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Your current password is incorrect',
  passwordWrong: 'Password is incorrect',
  profileFieldsOnly: 'Only firstName, lastName and newsletter can be changed here',
  newsletterChoice: 'newsletter must be true or false',
  tooManyExports: 'Too many data exports. Please try again later.',
  verifyTokenInvalid: 'This verification link is invalid or has expired. Please request a new one.',
  emailAlreadyVerified: 'Your email address is already verified.',
  tooManyVerificationMails: 'Too many verification emails. Please try again later.',
  exportUnavailable: 'Your data export could not be assembled right now. Please try again in a few minutes.',
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

/** A password a member chooses (signup, reset, change). */
const newPassword = z
  .string({ error: messages.passwordRequired })
  .min(6, messages.passwordTooShort)
  .refine((value) => Buffer.byteLength(value, 'utf8') <= BCRYPT_MAX_BYTES, messages.passwordTooLong);

/** A password a member types to prove it is them (compared, never stored). */
const enteredPassword = (required: string) => z.string({ error: required }).min(1, required).max(1024);

/** The newsletter checkbox: true or false, nothing else ("yes", 1 and null are refused). */
const newsletterChoice = z.boolean({ error: messages.newsletterChoice });

export const signupSchema = z.object({
  email,
  password: newPassword,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  /** "Send me the monthly newsletter": unchecked (false) unless the member ticks it. */
  newsletter: newsletterChoice.optional().default(false),
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(1024),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string({ error: messages.resetTokenInvalid }).min(1, messages.resetTokenInvalid).max(200),
  password: newPassword,
});

export const verifyEmailSchema = z.object({
  token: z.string({ error: messages.verifyTokenInvalid }).min(1, messages.verifyTokenInvalid).max(200),
});

export const changePasswordSchema = z.object({
  currentPassword: enteredPassword(messages.currentPasswordRequired),
  newPassword,
});

/** Present: set (blank clears it to null); absent: unchanged. */
const patchedName = (label: string) =>
  textField({ label, max: 50 })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/** Names and the newsletter choice only: anything else (email, level, password, role, unknown fields) refuses the whole request. */
export const updateProfileSchema = z.strictObject(
  {
    firstName: patchedName('First name'),
    lastName: patchedName('Last name'),
    newsletter: newsletterChoice.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? messages.profileFieldsOnly : undefined) },
);

/** The one-click unsubscribe: the link's token, from `?token=` or a JSON body `{token}`. */
export const newsletterTokenSchema = z.object({
  token: z
    .string({ error: 'This unsubscribe link is not valid.' })
    .min(1, 'This unsubscribe link is not valid.')
    .max(512),
});

export const deleteAccountSchema = z.object({ password: enteredPassword(messages.passwordRequired) });

export type SignupInput = z.infer<typeof signupSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
