import Router from '@koa/router';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';

/** /healthz: the process answers. /readyz: MongoDB and Redis answer too (503 otherwise). */
export function healthRouter(deps: { mongo: Connection; redis: Redis; name: string }): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok', service: deps.name };
  });
  router.get('/readyz', async (ctx) => {
    const check = async (probe: () => Promise<unknown>) => {
      try {
        await Promise.race([
          probe(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
        ]);
        return 'ok';
      } catch {
        return 'down';
      }
    };
    const [mongo, redis] = await Promise.all([
      check(() => deps.mongo.db!.admin().ping()),
      check(() => deps.redis.ping()),
    ]);
    const ready = mongo === 'ok' && redis === 'ok';
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ok' : 'unavailable', service: deps.name, mongo, redis };
  });
  return router;
}
