import type { Server, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { z } from 'zod';
import { type BaseConfig, ConfigError, loadConfig } from './config';
import type { ServiceDeps } from './http/create-app';
import { createLogger } from './logger';
import { connectMongo } from './mongo';
import { createRedis } from './redis';

export interface Closable {
  close(): Promise<unknown>;
}

export interface RunServiceOptions<S extends z.ZodType<BaseConfig>> {
  name: string;
  configSchema: S;
  buildApp(deps: ServiceDeps<z.infer<S>>): Koa | Promise<Koa>;
  /** Starts background parts (queue workers, producers); returned items are closed on shutdown. */
  start?(deps: ServiceDeps<z.infer<S>>): Closable[] | Promise<Closable[]>;
}

/**
 * loadConfig → connect MongoDB and Redis → buildApp → listen. On SIGTERM/SIGINT: stop taking
 * connections and drain HTTP, close workers and queues, then Redis and MongoDB.
 */
export async function runService<S extends z.ZodType<BaseConfig>>(options: RunServiceOptions<S>): Promise<void> {
  let config: z.infer<S>;
  try {
    config = loadConfig(options.configSchema);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${options.name}: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger({ name: options.name, level: config.LOG_LEVEL });
  const mongo = await connectMongo(config.MONGO_URL);
  const redis = createRedis(config.REDIS_URL);
  const deps: ServiceDeps<z.infer<S>> = { config, logger, mongo, redis };
  const app = await options.buildApp(deps);
  const background = (await options.start?.(deps)) ?? [];

  const server: Server = app.listen(config.PORT, () => {
    logger.info({ port: config.PORT }, `${options.name} listening`);
  });
  server.keepAliveTimeout = 65_000;

  // nginx keeps its upstream connections alive: one still busy when shutdown starts would keep
  // server.close() waiting until the forced exit. Responses in flight then, or arriving on such a
  // connection later, answer with Connection: close, so each connection ends with its response.
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await Promise.allSettled(background.map((item) => item.close()));
    await Promise.allSettled([redis.quit(), mongo.close()]);
    clearTimeout(forced);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
