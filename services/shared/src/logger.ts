import pino, { type Logger } from 'pino';
import { currentRequestScope } from './request-scope';

export type { Logger };

/** The message of the one access line each request logs (http/request-context.ts). */
export const ACCESS_LOG_MESSAGE = 'request';

/** How long a buffered access line may wait before it is written. */
export const LOG_FLUSH_MS = 250;

/**
 * Structured JSON logs; secrets and cookies are redacted wherever they appear. A line logged
 * while a request or a job is handled carries its requestId (request-scope.ts), also from a
 * logger that was not bound to it (a service's own logger, used in a queue handler).
 * On stdout every line is written at once, but the info-level access line of each request, which
 * is buffered (4 KiB, or LOG_FLUSH_MS; flushed when the process exits): a write per request was a
 * sixth of auth's CPU under load. A process killed with SIGKILL loses at most its last quarter
 * second of access lines (nginx's access log has every request, with the same id); job, error and
 * every other line are on disk before the call returns, as before.
 */
export function createLogger(options: {
  name: string;
  level: string;
  /** Where the lines go (tests read them); stdout by default (see above). */
  destination?: pino.DestinationStream;
}): Logger {
  return pino(
    {
      name: options.name,
      level: options.level,
      mixin(_line, _level, logger) {
        const requestId = currentRequestScope()?.requestId;
        if (!requestId || bindsRequestId(logger)) return {};
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
    options.destination ?? stdoutDestination(),
  );
}

/**
 * Whether a (child) logger already binds a requestId, read from pino's serialized bindings
 * (`,"key":value…`): the mixin runs for every line, and logger.bindings() would JSON.parse them
 * each time. A string value holding that text is escaped (`\"requestId\":`), so only a key
 * matches.
 */
function bindsRequestId(logger: Logger): boolean {
  const bindings = (logger as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym];
  return bindings?.includes(',"requestId":') ?? false;
}

const ACCESS_LINE_START = '{"level":30,';
const ACCESS_LINE_END = `"msg":"${ACCESS_LOG_MESSAGE}"}\n`;

function stdoutDestination(): pino.DestinationStream {
  const direct = pino.destination({ dest: 1, sync: true });
  const buffered = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    // flush() throws while the stream is still opening or after it ended; the next tick retries.
    try {
      buffered.flush();
    } catch {
      /* nothing to flush yet */
    }
  }, LOG_FLUSH_MS).unref();
  return splitAccessLines(direct, buffered);
}

/** A destination that hands the info-level access lines to `buffered` and every other line to `direct`. */
export function splitAccessLines(
  direct: pino.DestinationStream,
  buffered: pino.DestinationStream,
): pino.DestinationStream {
  return {
    write(line: string) {
      (line.startsWith(ACCESS_LINE_START) && line.endsWith(ACCESS_LINE_END) ? buffered : direct).write(line);
    },
  };
}
