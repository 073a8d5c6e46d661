/**
 * The auth service's account API (issue 12, docs/API.md) as msw handlers over one in-memory
 * member, so a test can act through the real pages and then look at what the "server" holds:
 *
 *   const account = serveAccount({ user: freeUser(), password: 'old-secret' });
 *   ... click through the page ...
 *   expect(account.user.firstName).toBe('Rory');
 */
import type { User } from '@fm/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

export const FORGOT_ANSWER = { message: 'If an account exists for that email, we have sent a reset link.' };
export const THROTTLED_MESSAGE = 'Too many reset requests. Please try again later.';
export const BAD_TOKEN_MESSAGE = 'This reset link is invalid or has expired.';
export const WRONG_CURRENT_MESSAGE = 'Your current password is incorrect';
export const WRONG_PASSWORD_MESSAGE = 'Incorrect password';
export const VERIFY_THROTTLED_MESSAGE = 'Too many verification emails. Please try again later.';
export const EXPORT_FILENAME = 'fairway-mind-export-2026-11-24.json';

export type AccountState = {
  user: User;
  password: string;
  loggedIn: boolean;
  deleted: boolean;
  /** Reset tokens that still work (single use). */
  resetTokens: Set<string>;
  /** Every forgot-password email received. */
  resetRequests: string[];
  /** When true, forgot-password answers 429. */
  throttleResets: boolean;
  /** Email-verification tokens that still work (single use). */
  verifyTokens: Set<string>;
  /** When true, the verification "Resend" answers 429. */
  throttleVerifyResends: boolean;
  /** How many new verification links were sent. */
  verifyResends: number;
  /** Every call, e.g. 'PATCH auth/user'. */
  calls: string[];
};

const noContent = () => new HttpResponse(null, { status: 204 });
const unauthenticated = () => HttpResponse.json({ message: 'Not logged in', code: 'UNAUTHENTICATED' }, { status: 401 });

/** Serves GET/PATCH/DELETE /api/auth/user, password forgot/reset/change, logout-all and the export. */
export function serveAccount(init: {
  user: User;
  password?: string;
  loggedIn?: boolean;
  resetTokens?: string[];
  throttleResets?: boolean;
  verifyTokens?: string[];
  throttleVerifyResends?: boolean;
}): AccountState {
  const state: AccountState = {
    user: init.user,
    password: init.password ?? 'secret-123',
    loggedIn: init.loggedIn ?? true,
    deleted: false,
    resetTokens: new Set(init.resetTokens ?? []),
    resetRequests: [],
    throttleResets: init.throttleResets ?? false,
    verifyTokens: new Set(init.verifyTokens ?? []),
    throttleVerifyResends: init.throttleVerifyResends ?? false,
    verifyResends: 0,
    calls: [],
  };
  server.use(
    http.get(apiUrl('auth/user'), () => (state.loggedIn ? HttpResponse.json(state.user) : unauthenticated())),
    http.patch(apiUrl('auth/user'), async ({ request }) => {
      state.calls.push('PATCH auth/user');
      if (!state.loggedIn) return unauthenticated();
      const body = (await request.json()) as { firstName?: string; lastName?: string; newsletter?: boolean };
      state.user = {
        ...state.user,
        ...(body.firstName !== undefined ? { firstName: body.firstName || null } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName || null } : {}),
        ...(body.newsletter !== undefined ? { newsletter: body.newsletter } : {}),
      };
      return HttpResponse.json(state.user);
    }),
    http.delete(apiUrl('auth/user'), async ({ request }) => {
      state.calls.push('DELETE auth/user');
      if (!state.loggedIn) return unauthenticated();
      const { password } = (await request.json()) as { password?: string };
      if (password !== state.password) return HttpResponse.json({ message: WRONG_PASSWORD_MESSAGE }, { status: 400 });
      state.deleted = true;
      state.loggedIn = false;
      return noContent();
    }),
    http.post(apiUrl('auth/password/forgot'), async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      if (state.throttleResets) {
        return HttpResponse.json(
          { message: THROTTLED_MESSAGE, code: 'RATE_LIMITED' },
          { status: 429, headers: { 'Retry-After': '3600' } },
        );
      }
      state.resetRequests.push(email);
      return HttpResponse.json(FORGOT_ANSWER, { status: 202 });
    }),
    http.post(apiUrl('auth/password/reset'), async ({ request }) => {
      const { token, password } = (await request.json()) as { token: string; password: string };
      state.calls.push('POST auth/password/reset');
      if (!state.resetTokens.has(token)) return HttpResponse.json({ message: BAD_TOKEN_MESSAGE }, { status: 400 });
      state.resetTokens.delete(token);
      state.password = password;
      state.loggedIn = false;
      return noContent();
    }),
    http.post(apiUrl('auth/password/change'), async ({ request }) => {
      state.calls.push('POST auth/password/change');
      if (!state.loggedIn) return unauthenticated();
      const { currentPassword, newPassword } = (await request.json()) as {
        currentPassword: string;
        newPassword: string;
      };
      if (currentPassword !== state.password) {
        return HttpResponse.json(
          { message: WRONG_CURRENT_MESSAGE, code: 'VALIDATION', errors: { currentPassword: WRONG_CURRENT_MESSAGE } },
          { status: 400 },
        );
      }
      state.password = newPassword;
      return noContent();
    }),
    http.post(apiUrl('auth/email/verify'), async ({ request }) => {
      state.calls.push('POST auth/email/verify');
      const { token } = (await request.json()) as { token: string };
      if (!state.verifyTokens.has(token)) {
        return HttpResponse.json(
          { message: 'This verification link is invalid or has expired.', code: 'VALIDATION_ERROR' },
          { status: 400 },
        );
      }
      state.verifyTokens.delete(token);
      state.user = { ...state.user, emailVerified: true };
      return noContent();
    }),
    http.post(apiUrl('auth/email/verify/resend'), () => {
      state.calls.push('POST auth/email/verify/resend');
      if (!state.loggedIn) return unauthenticated();
      if (state.user.emailVerified) {
        return HttpResponse.json(
          { message: 'Your email address is already verified.', code: 'CONFLICT' },
          { status: 409 },
        );
      }
      if (state.throttleVerifyResends) {
        return HttpResponse.json(
          { message: VERIFY_THROTTLED_MESSAGE, code: 'RATE_LIMITED' },
          { status: 429, headers: { 'Retry-After': '3600' } },
        );
      }
      state.verifyResends += 1;
      return noContent();
    }),
    http.post(apiUrl('auth/logout-all'), () => {
      state.calls.push('POST auth/logout-all');
      if (!state.loggedIn) return unauthenticated();
      state.loggedIn = false;
      return noContent();
    }),
    http.get(apiUrl('auth/user/export'), () => {
      state.calls.push('GET auth/user/export');
      if (!state.loggedIn) return unauthenticated();
      return HttpResponse.json(
        {
          exportedAt: '2026-11-24T06:00:00.000Z',
          profile: state.user,
          membership: { level: state.user.membershipLevel },
        },
        { headers: { 'Content-Disposition': `attachment; filename="${EXPORT_FILENAME}"` } },
      );
    }),
  );
  return state;
}
