import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { BaseConfig } from '../config';
import type { Logger } from '../logger';
import { httpMetrics, metricsRoute } from '../metrics';
import { identityStep } from '../identity';
import { sessionMiddleware } from '../session';
import { CookieKeys } from './cookie-keys';
import { errorHandler } from './error-handler';
import { serializeJsonBodies } from './json-body';
import { healthRouter } from './health';
import { originCheck } from './origin-check';
import { requestContext } from './request-context';
import { forwardedFromTrustedProxies } from './trusted-proxies';
import { closeIfBodyUnread, refuseEncodedBodies } from './request-body';

/** What every service's compose receives. Tests pass their own (isolated db, redis prefix). */
export interface ServiceDeps<C extends BaseConfig = BaseConfig> {
  config: C;
  logger: Logger;
  mongo: Connection;
  redis: Redis;
}

/** A router of any state: a plain one, or a typed one behind a guard (routerBehind). */
export interface AppRouter {
  routes(): (ctx: never, next: never) => unknown;
  allowedMethods(): (ctx: never, next: never) => unknown;
}

export interface CreateAppOptions {
  name: string;
  routers: readonly AppRouter[];
  /** Paths exempt from the Origin check (the Stripe webhook). */
  originExemptPaths?: readonly string[];
  /**
   * Answered before the body parser, the Origin check and the session middleware (GET checks that
   * read the session cookie themselves, e.g. content's Premium media gate): after the request id,
   * logs, metrics, security headers and error envelope every route has.
   */
  preSession?: readonly Koa.Middleware[];
}

/** /healthz and /readyz as @koa/router matches them (any case, optional trailing slash). */
const HEALTH_PATH = /^\/(?:healthz|readyz)\/?$/i;

/**
 * What every answer gets once it is made, outside the error handler so that error answers (401,
 * 404, 429...) and refusals get it too: the security headers, and `Connection: close` when the
 * request body was not read to its end (request-body.ts). One async step for both.
 */
const answerHeaders: Koa.Middleware = async (ctx, next) => {
  await next();
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', ctx.response.get('Cache-Control') || 'no-store');
  closeIfBodyUnread(ctx);
};

/**
 * @koa/router answers 501 to a method it does not implement at all (PROPFIND, MOVE, SEARCH...)
 * and 405 to one the address does not serve. To a client both mean "not this method here":
 * 405 with the address's methods in `Allow`, or 404 where the path serves nothing.
 */
const unsupportedMethod: Koa.Middleware = async (ctx, next) => {
  await next();
  if (ctx.status !== 501) return;
  if (ctx.response.get('Allow')) {
    ctx.status = 405;
  } else {
    ctx.remove('Allow');
    ctx.status = 404;
  }
};

/**
 * The Koa app every service is: request id + logs, one error envelope, security headers,
 * uncompressed JSON bodies with a size limit (a refused body closes the connection), the
 * Origin check, Redis sessions, the identity step (`ctx.state.viewer`), health routes, then the service's routers. Never listens
 * (server.ts does), never reads process.env.
 */
export function createApp(deps: ServiceDeps, options: CreateAppOptions): Koa {
  const { config, logger } = deps;
  // Behind one proxy (nginx appends the peer to X-Forwarded-For), the client IP is the last
  // entry; the first ones are whatever the client sent, so trusting them lets anyone dodge
  // per-IP rate limits. And only a peer in TRUSTED_PROXIES may send the header at all
  // (forwardedFromTrustedProxies, the first middleware).
  const app = new Koa({ proxy: config.TRUST_PROXY, maxIpsCount: 1 });
  // Signing keys as one object (an array would make `cookies` build a Keygrip per request).
  app.keys = new CookieKeys(config.SESSION_KEYS) as unknown as Koa['keys'];
  app.silent = true;
  serializeJsonBodies(app);
  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    const log = ctx?.state?.log ?? logger;
    log.error({ err, method: ctx?.method, path: ctx?.path }, 'unhandled error');
  });

  app.use(forwardedFromTrustedProxies(config.TRUSTED_PROXIES));
  // Outside everything else: the access line and the metrics count the final status of every answer.
  app.use(requestContext(logger, httpMetrics()));
  app.use(answerHeaders);
  app.use(errorHandler());
  // Before the body parser, the Origin check and sessions: a scrape or a health probe touches
  // neither Redis (for a session) nor a cookie.
  app.use(metricsRoute());
  // The health routes' router is asked only for their paths (a router matches every route of its
  // own against each request it sees).
  const health = healthRouter({ mongo: deps.mongo, redis: deps.redis, name: options.name }).routes() as Koa.Middleware;
  app.use((ctx, next) => (HEALTH_PATH.test(ctx.path) ? health(ctx, next) : next()));
  for (const middleware of options.preSession ?? []) app.use(middleware);
  app.use(refuseEncodedBodies);
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: config.BODY_LIMIT,
      encoding: 'utf-8',
      // A JSON body must be an object or array; `"x"` or `1` is a client error.
      jsonStrict: true,
    }),
  );
  app.use(originCheck({ siteOrigin: config.SITE_ORIGIN, exemptPaths: options.originExemptPaths }));
  app.use(
    sessionMiddleware(app, {
      redis: deps.redis,
      prefix: config.REDIS_PREFIX,
      production: config.NODE_ENV === 'production',
    }),
  );
  // Who the caller is (ctx.state.viewer), from the member snapshot read with the session.
  app.use(identityStep({ redis: deps.redis, prefix: config.REDIS_PREFIX, mongo: deps.mongo }));
  app.use(unsupportedMethod);
  for (const router of options.routers) {
    app.use(router.routes() as Koa.Middleware);
    app.use(router.allowedMethods() as Koa.Middleware);
  }
  return app;
}
