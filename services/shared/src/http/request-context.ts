import { randomUUID } from 'node:crypto';
import { REQUEST_ID_PATTERN } from '@fm/contracts';
import type { Middleware } from 'koa';
import { accessLog, type Logger } from '../logger';
import type { HttpRequestRecorder } from '../metrics';
import { withRequestScope } from '../request-scope';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

/**
 * The request's state: its id, and its logger (a child bound to the id) made on first use. Most
 * requests never log but their access line, which the parent logger writes with the id as its
 * first field (the same line a child would write): building a pino child for every request was
 * a few percent of a cached read's CPU.
 */
class RequestState {
  #log: Logger | undefined;
  readonly #logger: Logger;
  requestId: string;

  constructor(logger: Logger, requestId: string) {
    this.#logger = logger;
    this.requestId = requestId;
  }

  get log(): Logger {
    return (this.#log ??= this.#logger.child({ requestId: this.requestId }));
  }

  set log(log: Logger) {
    this.#log = log;
  }
}

/**
 * Request id from the gateway (X-Request-Id) or a new one; a child logger; one access-log line
 * and the request's metrics (`record`, metrics.ts' httpMetrics), both with the final status and
 * one measurement of the time taken: this is the outermost step, so it sees every answer,
 * refusals and error answers included (an error that escaped everything is Koa's 500).
 * A client may choose the id: it is kept only if it matches REQUEST_ID_PATTERN, the rule the
 * gateway applies (gateway/nginx.conf.template, map $http_x_request_id), so a service reached
 * through the gateway logs the id the gateway logged; otherwise it is replaced. It goes nowhere
 * but the logs, the `X-Request-Id` response header and the meta of the jobs the request
 * publishes (request-scope.ts).
 */
export function requestContext(logger: Logger, record: HttpRequestRecorder): Middleware {
  const access = accessLog(logger);
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    ctx.state = new RequestState(logger, requestId) as unknown as typeof ctx.state;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    const receivedAtMs = Date.now();
    let receivedAt: string | undefined;
    let escaped = false;
    try {
      // The id and arrival time go with every job this request publishes (QueueProducer) and on
      // every line logged while it is handled; the time is formatted only when a job or a line
      // reads it. A GET or HEAD publishes nothing and logs through ctx.state.log (bound to the
      // id): it is answered outside any scope, which saves the scope's cost (request-scope.ts).
      if (ctx.method === 'GET' || ctx.method === 'HEAD') await next();
      else
        await withRequestScope(
          {
            requestId,
            get receivedAt() {
              return (receivedAt ??= new Date(receivedAtMs).toISOString());
            },
          },
          next,
        );
    } catch (err) {
      escaped = true;
      throw err;
    } finally {
      const ms = performance.now() - started;
      const status = escaped ? 500 : ctx.status;
      record(ctx, status, ms / 1000);
      access({ requestId, method: ctx.method, path: ctx.path, status, ms: Math.round(ms * 10) / 10 });
    }
  };
}
