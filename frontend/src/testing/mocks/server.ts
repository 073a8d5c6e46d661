import { setupServer } from 'msw/node';
import { defaultHandlers } from '@/testing/mocks/handlers';

/** The msw server every test shares (started in setup-tests.ts); add handlers with server.use(). */
export const server = setupServer(...defaultHandlers);
