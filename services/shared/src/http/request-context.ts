import { randomUUID } from 'node:crypto';
import { REQUEST_ID_PATTERN } from '@fm/contracts';
import type { Middleware } from 'koa';
import type { Logger } from '../logger';
import { withRequestScope } from '../request-scope';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

/**
 * Request id from the gateway (X-Request-Id) or a new one; a child logger; one access-log line.
 * A client may choose the id: it is kept only if it matches REQUEST_ID_PATTERN, the rule the
 * gateway applies (gateway/nginx.conf.template, map $http_x_request_id), so a service reached
 * through the gateway logs the id the gateway logged; otherwise it is replaced. It goes nowhere
 * but the logs, the `X-Request-Id` response header and the meta of the jobs the request
 * publishes (request-scope.ts).
 */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      // The id and arrival time go with every job this request publishes (QueueProducer).
      await withRequestScope({ requestId, receivedAt: new Date().toISOString() }, next);
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log[ctx.status >= 500 ? 'error' : 'info'](
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}
