import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '@/testing/mocks/server';
import { installMatchMedia, resetViewport } from '@/testing/viewport';

installMatchMedia();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetViewport();
});
afterAll(() => server.close());
