import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { loginApi } from '@/features/auth/api/login';
import { signupApi } from '@/features/auth/api/signup';
import { syncBillingApi } from '@/features/billing/api/sync-billing';
import { getLessonsApi } from '@/features/lessons/api/get-lessons';
import { freeUser } from '@/testing/data';
import { apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { storeReaches } from '@/testing/test-utils';

/** A store showing /lessons (one subscriber), counting the server's lesson reads. */
async function showingLessons() {
  const reads = { lessons: 0 };
  server.use(
    http.get(apiUrl('lessons'), () => {
      reads.lessons += 1;
      return HttpResponse.json([]);
    }),
  );
  const store = makeStore();
  store.dispatch(getLessonsApi.endpoints.getLessons.initiate());
  await storeReaches(store, (state) => getLessonsApi.endpoints.getLessons.select()(state).isSuccess);
  const fetchedAgain = () =>
    storeReaches(store, (state) => reads.lessons === 2 && getLessonsApi.endpoints.getLessons.select()(state).isSuccess);
  return { store, reads, fetchedAgain };
}

const user = freeUser();

describe('mutations that change who is looking or their level', () => {
  it.each([
    [
      'login',
      'auth/login',
      (store: ReturnType<typeof makeStore>) =>
        store.dispatch(loginApi.endpoints.login.initiate({ email: 'a@example.com', password: 'secret1' })),
    ],
    [
      'signup',
      'auth/signup',
      (store: ReturnType<typeof makeStore>) =>
        store.dispatch(signupApi.endpoints.signup.initiate({ email: 'a@example.com', password: 'secret1' })),
    ],
    [
      'billing sync',
      'billing/sync',
      (store: ReturnType<typeof makeStore>) => store.dispatch(syncBillingApi.endpoints.syncBilling.initiate()),
    ],
  ])('when a %s succeeds, then the lessons shown are fetched again', async (_name, path, mutate) => {
    server.use(http.post(apiUrl(path), () => HttpResponse.json({ user, membershipLevel: 'premium' })));
    const { store, reads, fetchedAgain } = await showingLessons();
    await mutate(store);
    await fetchedAgain();
    expect(reads.lessons).toBe(2);
  });

  it('when a login fails, then nothing is fetched again', async () => {
    server.use(
      http.post(apiUrl('auth/login'), () =>
        HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    const { store, reads } = await showingLessons();
    const result = await store.dispatch(
      loginApi.endpoints.login.initiate({ email: 'a@example.com', password: 'wrong11' }),
    );
    expect(result.error).toMatchObject({ status: 401 });
    // An invalidation would have started the refetch by now (RTK Query refetches synchronously
    // when nothing else is in flight), so the lessons would be pending again.
    expect(getLessonsApi.endpoints.getLessons.select()(store.getState()).status).toBe('fulfilled');
    expect(reads.lessons).toBe(1);
  });
});
