import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

/**
 * The ids the gateway keeps (gateway/nginx.conf.template, map $http_x_request_id): the same
 * rule here, so a service reached through the gateway logs the id the gateway logged.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Request id from the gateway (X-Request-Id) or a new one; a child logger; one access-log line.
 * A client may choose the id: it is kept only if it matches REQUEST_ID (else replaced) and goes
 * nowhere but the logs and the `X-Request-Id` response header.
 */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log[ctx.status >= 500 ? 'error' : 'info'](
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}
