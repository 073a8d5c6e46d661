import type { ErrorBody } from '@fm/contracts';
import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { AppError, ServiceUnavailableError, TooManyRequestsError } from '../errors';
import { isDuplicateKey } from '../mongo';
import { zodIssuesToErrors } from './validate';

const statusCodes: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Statuses the router sets without a body. */
const statusMessages: Record<number, string> = {
  404: 'Not found',
  405: 'Method not allowed.',
};

function isCastError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'CastError' || err.name === 'BSONError');
}

/**
 * Redis (sessions, rate limits, queues) unreachable, or refusing writes at its maxmemory (OOM,
 * noeviction: docs/RELIABILITY.md "Redis memory"): the client should retry shortly.
 */
function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'MaxRetriesPerRequestError' ||
    /Connection is closed|Stream isn't writeable|ECONNREFUSED|enableOfflineQueue|^OOM command not allowed/.test(
      err.message,
    )
  );
}

/**
 * The MongoDB-protocol store unreachable (down, restarting, a connection reset): the MongoDB
 * driver's network and server-selection errors (mongoose's own name for the latter too), by name (their messages vary with the moment the
 * store went away; "Server selection timed out after 10000 ms" names no cause). The client should
 * retry shortly, as for Redis.
 */
const STORE_UNAVAILABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
  'MongoNotConnectedError',
]);
function isStoreUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  // Mongoose holds an operation while its connection is down, then gives up with this.
  if (err.name === 'MongooseError' && /buffering timed out/.test(err.message)) return true;
  return STORE_UNAVAILABLE.has(err.name);
}

/** Client errors raised by Koa itself or its body parser (`ctx.throw`, http-errors). */
function exposedHttpError(err: unknown): { status: number; message: string } | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { status, expose, message, type } = err as {
    status?: number;
    expose?: boolean;
    message?: string;
    type?: string;
  };
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (status === 413) return { status, message: 'Request body is too large.' };
  if (type === 'entity.parse.failed' || (status === 400 && /json/i.test(message ?? ''))) {
    return { status: 400, message: 'Request body is not valid JSON.' };
  }
  return { status, message: expose && message ? message : 'Bad request' };
}

/** Maps anything thrown below it to ARCHITECTURE.md's envelope `{message, code?, errors?}`. */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // A status set without a body: no route for the path (404), or not for this method (405).
      const status = ctx.status;
      const message = statusMessages[status];
      if (message && ctx.body === undefined) {
        ctx.status = status;
        ctx.body = { message, code: statusCodes[status] } satisfies ErrorBody;
      }
    } catch (err) {
      let status = 500;
      let body: ErrorBody = { message: 'Internal server error', code: 'INTERNAL' };
      if (err instanceof ZodError) {
        const errors = zodIssuesToErrors(err.issues);
        status = 400;
        body = { message: Object.values(errors)[0] ?? 'Invalid request', code: 'VALIDATION_ERROR', errors };
      } else if (err instanceof AppError) {
        status = err.status;
        body = { message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) };
        if (err instanceof TooManyRequestsError) ctx.set('Retry-After', String(err.retryAfterSeconds));
      } else if (isRedisUnavailable(err) || isStoreUnavailable(err)) {
        const unavailable = new ServiceUnavailableError();
        status = 503;
        body = { message: unavailable.message, code: unavailable.code };
        ctx.set('Retry-After', '5');
        ctx.app.emit('error', err, ctx);
      } else if (isDuplicateKey(err)) {
        status = 409;
        body = { message: 'That record already exists.', code: 'CONFLICT' };
      } else if (isCastError(err)) {
        status = 404;
        body = { message: 'Not found', code: 'NOT_FOUND' };
      } else {
        const httpError = exposedHttpError(err);
        if (httpError) {
          status = httpError.status;
          body = { message: httpError.message, code: statusCodes[status] ?? 'BAD_REQUEST' };
        }
      }
      ctx.status = status;
      ctx.body = body;
      if (status >= 500) ctx.app.emit('error', err, ctx);
    }
  };
}
