import type { Context, Middleware } from 'koa';
import { AppError } from '../errors';

/**
 * Compressed request bodies are refused (415) before anything reads them: inflating lets a small
 * upload grow past the body limit (a gzip bomb), and no client of ours compresses its bodies.
 * The gateway refuses them too; this covers a service reached directly.
 */
export const refuseEncodedBodies: Middleware = (ctx, next) => {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    throw new AppError(
      415,
      'Compressed request bodies are not accepted; send the body uncompressed.',
      'UNSUPPORTED_MEDIA_TYPE',
    );
  }
  // A plain function (koa-compose turns the throw into a rejection): no promise of its own.
  return next();
};

/**
 * Whenever the answer is ready before the request body was read to its end (413, 415, a refusal
 * before the body parser, a parser that stopped mid-stream), the connection closes after the
 * answer (`Connection: close`; Node then destroys the socket with whatever was left unread).
 * Kept alive, the unread rest would sit in front of the next request on that connection, and
 * nginx reuses its upstream connections for every client: one refused body would stall another
 * client's request until the proxy timeout. Called by createApp's answer headers, outside the error
 * handler, once the answer is made.
 */
export function closeIfBodyUnread(ctx: Context): void {
  if (!ctx.req.complete) ctx.set('Connection', 'close');
}
