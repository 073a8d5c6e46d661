import pino, { type Logger } from 'pino';
import { currentRequestScope } from './request-scope';

export type { Logger };

/**
 * Structured JSON logs; secrets and cookies are redacted wherever they appear. A line logged
 * while a request or a job is handled carries its requestId (request-scope.ts), also from a
 * logger that was not bound to it (a service's own logger, used in a queue handler).
 */
export function createLogger(options: {
  name: string;
  level: string;
  /** Where the lines go (tests read them); stdout by default. */
  destination?: pino.DestinationStream;
}): Logger {
  return pino(
    {
      name: options.name,
      level: options.level,
      mixin(_line, _level, logger) {
        const requestId = currentRequestScope()?.requestId;
        if (!requestId || 'requestId' in logger.bindings()) return {};
        return { requestId };
      },
      redact: {
        paths: [
          'password',
          '*.password',
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["stripe-signature"]',
          'res.headers["set-cookie"]',
          'clientSecret',
          '*.clientSecret',
        ],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}
