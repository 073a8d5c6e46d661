/**
 * stripe-mock with one thing it cannot do: remember customers. An HTTP server in front of it
 * answers the customer search (`GET /v1/customers/search`) from a list the test sets — the
 * customers billing created before it kept billing_customers — and passes every other request
 * through to stripe-mock unchanged. It counts the searches.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { freePort } from '@fm/shared/testing';
import { STRIPE_MOCK_URL } from './stripe-events';

export interface StripeWithOldCustomers {
  readonly url: string;
  /** Customers Stripe holds for members (metadata.userId), as billing created them long ago. */
  oldCustomers: Array<{ id: string; userId: string }>;
  searches: number;
  close(): Promise<void>;
}

export async function stripeWithOldCustomers(): Promise<StripeWithOldCustomers> {
  const target = new URL(STRIPE_MOCK_URL);
  const port = await freePort();
  const state: StripeWithOldCustomers = {
    url: `http://127.0.0.1:${port}`,
    oldCustomers: [],
    searches: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', state.url);
    if (req.method === 'GET' && url.pathname === '/v1/customers/search') {
      state.searches += 1;
      const query = url.searchParams.get('query') ?? '';
      const data = state.oldCustomers
        .filter((customer) => query === `metadata['userId']:'${customer.userId}'`)
        .map((customer) => ({
          id: customer.id,
          object: 'customer',
          created: 1_600_000_000,
          metadata: { userId: customer.userId },
        }));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ object: 'search_result', data, has_more: false, url: '/v1/customers/search' }));
      return;
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return state;
}
