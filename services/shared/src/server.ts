import type { Server, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { z } from 'zod';
import { type BaseConfig, ConfigError, loadConfig } from './config';
import type { ServiceDeps } from './http/create-app';
import { watchIdleMemory } from './idle-gc';
import { createLogger } from './logger';
import { metrics, watchRedisMemory } from './metrics';
import { connectMongo } from './mongo';
import { createRedis } from './redis';

export interface Closable {
  close(): Promise<unknown>;
}

/**
 * Something a service runs besides HTTP. Queue workers and schedulers have `start()`: compose
 * builds them stopped, runService starts them, a test starts only those it needs. Parts that
 * are live from construction (queue producers) have none; every part is closed.
 */
export interface BackgroundPart extends Closable {
  start?(): Promise<void>;
}

/** A service's background parts by name (tests reach one by its name: `background.notifications.start()`). */
export type Background = Record<string, BackgroundPart>;

/** What a service's `compose(deps, overrides?)` returns: its Koa app and its background parts. */
export interface Composed<B extends Background = Background> {
  app: Koa;
  background: B;
}

/**
 * A background part whose `run()` starts it (a queue worker, a job scheduler): `start()` runs it
 * unless it is running, `close()` closes what it started. Started again after a close, it runs anew.
 */
export function startable(run: () => Closable | Promise<Closable>): Required<BackgroundPart> {
  let running: Closable | undefined;
  return {
    async start() {
      running ??= await run();
    },
    async close() {
      const current = running;
      running = undefined;
      await current?.close();
    },
  };
}

/** Starts the parts that have a start(), in the order compose lists them. */
export async function startBackground(background: Background): Promise<void> {
  for (const part of Object.values(background)) await part.start?.();
}

/**
 * Closes every part, last listed first (compose lists what others use, e.g. a producer, before
 * its users); a part that fails to close does not stop the others, and its error is thrown after.
 */
export async function closeBackground(background: Background): Promise<void> {
  const errors: unknown[] = [];
  for (const part of Object.values(background).reverse()) {
    await part.close().catch((err: unknown) => errors.push(err));
  }
  if (errors.length) throw errors[0];
}

export interface RunServiceOptions<S extends z.ZodType<BaseConfig>> {
  name: string;
  configSchema: S;
  /** The service's composition root: the same function its tests call. */
  compose(deps: ServiceDeps<z.infer<S>>): Composed | Promise<Composed>;
}

/**
 * loadConfig → connect MongoDB and Redis → compose → start the background parts → listen on
 * HOST:PORT (and collect once idle after a burst). On
 * SIGTERM/SIGINT: stop taking connections and drain HTTP, close the background parts, then Redis
 * and MongoDB.
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
  metrics.registry.setDefaultLabels({ service: options.name });
  const mongo = await connectMongo(config.MONGO_URL);
  const redis = createRedis(config.REDIS_URL);
  watchRedisMemory(redis);
  const deps: ServiceDeps<z.infer<S>> = { config, logger, mongo, redis };
  const { app, background } = await options.compose(deps);
  await startBackground(background);

  const server: Server = app.listen(config.PORT, config.HOST, () => {
    logger.info({ host: config.HOST, port: config.PORT }, `${options.name} listening`);
  });
  server.keepAliveTimeout = 65_000;
  // Once idle after a burst, the heap the burst grew is collected and leaves RSS (idle-gc.ts).
  const stopIdleGc = watchIdleMemory(server, config, logger);

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
    stopIdleGc();
    logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await closeBackground(background).catch((err: unknown) => logger.error({ err }, 'closing background parts failed'));
    await Promise.allSettled([redis.quit(), mongo.close()]);
    clearTimeout(forced);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
