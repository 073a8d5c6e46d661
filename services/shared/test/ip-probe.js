'use strict';
// A tiny service run by the kit's runService (the built kit in ../dist), for
// client-address.int.test.ts. GET /api/auth/ip-probe answers the client IP the app sees, after
// counting it against a per-IP limit of 3 requests a minute (429 past it), as the real per-IP
// limits do. Served under /api/auth/ so the local gateway routes it to AUTH_PORT.
const Router = require('@koa/router');
const { baseEnvSchema, runService } = require('../dist/service');
const { createApp, RateLimiter } = require('../dist/http');

function compose(deps) {
  const limiter = new RateLimiter(deps.redis, deps.config.REDIS_PREFIX);
  const router = new Router();
  router.get('/api/auth/ip-probe', limiter.middleware({ name: 'ip-probe', limit: 3, windowSeconds: 60 }), (ctx) => {
    ctx.body = { ip: ctx.ip };
  });
  return { app: createApp(deps, { name: 'ip-probe', routers: [router] }), background: {} };
}

void runService({ name: 'ip-probe', configSchema: baseEnvSchema, compose });
