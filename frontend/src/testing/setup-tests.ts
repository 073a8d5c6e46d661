import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '@/testing/mocks/server';
import { installMatchMedia, resetViewport } from '@/testing/viewport';

installMatchMedia();
// Lazy route chunks are transformed on first import; on a busy 2-core machine that can take a few seconds.
configure({ asyncUtilTimeout: 10000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetViewport();
});
afterAll(() => server.close());
