import { http, HttpResponse } from 'msw';
import type { User } from '@/features/auth/types';

/** `*\/api/<path>`: matches the API whatever origin the test page has. */
export const apiUrl = (path: string) => `*/api/${path.replace(/^\/+/, '')}`;

/** GET /api/auth/user answering `user`, or 401 for a visitor. */
export function currentUserHandler(user: User | null) {
  return http.get(apiUrl('auth/user'), () =>
    user ? HttpResponse.json(user) : HttpResponse.json({ message: 'Not logged in', code: 'UNAUTHENTICATED' }, { status: 401 }),
  );
}

/** Defaults: a visitor. Pages' data endpoints are declared by each test with server.use(). */
export const defaultHandlers = [currentUserHandler(null)];
