import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '@/testing/mocks/server';
import { installMatchMedia, resetViewport } from '@/testing/viewport';

installMatchMedia();
// How long findBy/waitFor wait for the UI: a lazy page's first import in a file takes a few seconds, and
// `make test` runs this suite beside the services' and the static checks' on 2 cores, where it runs
// ~2.7x slower than alone (1,000 s against 365 s): 10 s was crossed there (a first render under load).
configure({ asyncUtilTimeout: 20000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetViewport();
});
afterAll(() => server.close());
