import pino, { type Logger } from 'pino';
import { currentRequestScope } from './request-scope';

export type { Logger };

/** How long a log line may wait in the buffer before it is written. */
export const LOG_FLUSH_MS = 250;

/**
 * Structured JSON logs; secrets and cookies are redacted wherever they appear. A line logged
 * while a request or a job is handled carries its requestId (request-scope.ts), also from a
 * logger that was not bound to it (a service's own logger, used in a queue handler).
 * Buffered on stdout: lines are written 4 KiB at a time, or LOG_FLUSH_MS after they were logged,
 * and what is pending is flushed when the process exits (a write per line was a sixth of auth's
 * CPU under load: one access line per request). A process killed with SIGKILL loses at most that
 * last quarter second of lines.
 */
export function createLogger(options: {
  name: string;
  level: string;
  /** Where the lines go (tests read them); stdout, buffered, by default. */
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
    options.destination ?? bufferedStdout(),
  );
}

function bufferedStdout() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    // flush() throws while the stream is still opening or after it ended; the next tick retries.
    try {
      destination.flush();
    } catch {
      /* nothing to flush yet */
    }
  }, LOG_FLUSH_MS).unref();
  return destination;
}
