import { setupListeners } from '@reduxjs/toolkit/query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { currentUserApi } from '@/features/auth/api/get-current-user';
import { api } from '@/lib/api';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { freeUser } from '@/testing/data';

type Echo = { method: string; contentType: string | null; body: string; credentials: RequestCredentials };

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeGet: build.query<unknown, string>({ query: (path) => path }),
    probePost: build.mutation<unknown, { url: string; body?: unknown }>({
      query: ({ url, body }) => ({ url, method: 'POST', body }),
    }),
  }),
});

describe('api slice (SPEC §7 fetch semantics)', () => {
  it('turns a non-2xx answer into "<status>: <body text>"', async () => {
    server.use(http.get(apiUrl('lessons'), () => HttpResponse.text('Lessons are resting', { status: 500 })));
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probeGet.initiate('lessons'));
    expect(result.error).toMatchObject({ status: 500, message: '500: Lessons are resting' });
  });

  it('keeps a JSON error body verbatim in the message and parsed in data', async () => {
    server.use(
      http.get(apiUrl('lessons/x'), () =>
        HttpResponse.json({ message: 'Lesson not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probeGet.initiate('lessons/x'));
    expect(result.error).toMatchObject({
      status: 404,
      message: '404: {"message":"Lesson not found","code":"NOT_FOUND"}',
      data: { message: 'Lesson not found', code: 'NOT_FOUND' },
    });
  });

  it('uses the status text when the error body is empty', async () => {
    server.use(
      http.get(
        apiUrl('testimonials'),
        () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }),
      ),
    );
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probeGet.initiate('testimonials'));
    expect(result.error).toMatchObject({ status: 503, message: '503: Service Unavailable' });
  });

  it('reads a 401 on the current user as "logged out" (null), not an error', async () => {
    const store = makeStore();
    const result = await store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate());
    expect(result.error).toBeUndefined();
    expect(result.data).toBeNull();
  });

  it('still fails other endpoints on a 401', async () => {
    server.use(http.get(apiUrl('courses'), () => HttpResponse.json({ message: 'Not logged in' }, { status: 401 })));
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probeGet.initiate('courses'));
    expect(result.error).toMatchObject({ status: 401, message: '401: {"message":"Not logged in"}' });
  });

  it('returns the logged-in user', async () => {
    const user = freeUser({ email: 'ana@example.com' });
    server.use(http.get(apiUrl('auth/user'), () => HttpResponse.json(user)));
    const store = makeStore();
    const result = await store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate());
    expect(result.data).toEqual(user);
  });

  it('sends JSON and its content type only with a payload, and always sends credentials', async () => {
    const seen: Echo[] = [];
    server.use(
      http.post(apiUrl('echo'), async ({ request }) => {
        seen.push({
          method: request.method,
          contentType: request.headers.get('content-type'),
          body: await request.text(),
          credentials: request.credentials,
        });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probePost.initiate({ url: 'echo', body: { email: 'a@b.co' } }));
    await store.dispatch(probeApi.endpoints.probePost.initiate({ url: 'echo' }));
    expect(seen[0]).toEqual({
      method: 'POST',
      contentType: 'application/json',
      body: '{"email":"a@b.co"}',
      credentials: 'include',
    });
    expect(seen[1]).toMatchObject({ method: 'POST', contentType: null, body: '' });
  });

  it('does not retry a failed call', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('membership-tiers'), () => {
        calls += 1;
        return HttpResponse.text('boom', { status: 500 });
      }),
    );
    const store = makeStore();
    // A retrying query would settle only after its retries: once it settles, every call was made.
    const result = await store.dispatch(probeApi.endpoints.probeGet.initiate('membership-tiers'));
    expect(result.error).toMatchObject({ status: 500 });
    expect(calls).toBe(1);
    expect(probeApi.endpoints.probeGet.select('membership-tiers')(store.getState()).status).toBe('rejected');
  });

  it('does not refetch on window focus, coming back online or a new subscriber', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('testimonials'), () => {
        calls += 1;
        return HttpResponse.json([]);
      }),
    );
    const store = makeStore();
    // The browser events reach RTK Query only through its listeners; set them up as an app would.
    const stopListening = setupListeners(store.dispatch);
    const first = store.dispatch(probeApi.endpoints.probeGet.initiate('testimonials'));
    await first;
    const settled = probeApi.endpoints.probeGet.select('testimonials')(store.getState());
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    // A refetch starts synchronously from the event (the query turns pending with a new start time).
    expect(probeApi.endpoints.probeGet.select('testimonials')(store.getState())).toMatchObject({
      status: 'fulfilled',
      startedTimeStamp: settled.startedTimeStamp,
    });
    const second = store.dispatch(probeApi.endpoints.probeGet.initiate('testimonials'));
    await second;
    expect(calls).toBe(1);
    stopListening();
    first.unsubscribe();
    second.unsubscribe();
  });
});
