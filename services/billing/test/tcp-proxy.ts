/**
 * A TCP proxy in front of the real Redis, so a test can take "Redis" away from one producer
 * (and bring it back on the same port) without touching the Redis everybody shares.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { freePort } from '@fm/shared/testing';

export interface TcpProxy {
  readonly port: number;
  readonly url: string;
  /** Refuses new connections and cuts the open ones: an outage. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }, scheme = 'redis'): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => sockets.delete(socket));
        }
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve();
      });
    });

  await listen();
  return {
    port,
    url: `${scheme}://127.0.0.1:${port}`,
    async down() {
      const current = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async up() {
      if (!server) await listen();
    },
  };
}
