import { getServerMessage, isApiError } from '@/lib/base-query';

/**
 * SPEC §8: the server's message; else the generic failure ("Login failed" / "Signup failed")
 * when the server answered without one; else the fallback when no answer came at all.
 */
export function authFailureMessage(error: unknown, generic: string, fallback: string): string {
  const server = getServerMessage(error);
  if (server) return server;
  if (isApiError(error) && typeof error.status === 'number') return generic;
  return fallback;
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 6;

export type NewPasswordErrors = { password?: string; confirmPassword?: string };

/** SPEC §5's local rules for a new password and its confirmation (as at sign-up). */
export function validateNewPassword(password: string, confirmPassword: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = 'Password is required';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'Password must be at least 6 characters';
  if (password && confirmPassword !== password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}
