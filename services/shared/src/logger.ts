import pino, { type Logger } from 'pino';
import { currentRequestScope } from './request-scope';

export type { Logger };

/** The message of the one access line each request logs (http/request-context.ts). */
export const ACCESS_LOG_MESSAGE = 'request';

/** How long a buffered access line may wait before it is written. */
export const LOG_FLUSH_MS = 250;

/**
 * Structured JSON logs; secrets and cookies are redacted wherever they appear. A line logged
 * while a job or a request other than GET and HEAD is handled carries its requestId
 * (request-scope.ts), also from a logger that was not bound to it (a service's own logger, used
 * in a queue handler); a GET or HEAD logs through ctx.state.log, which binds it.
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

/** What the access line of a request says (http/request-context.ts). */
export interface AccessLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/**
 * A request's access line, written at info level as `logger.info({ requestId, method, path,
 * status, ms }, ACCESS_LOG_MESSAGE)` writes it: the same bytes to the same destination, without
 * pino's work per line (the mixin, redaction over fields that hold nothing to redact, serializing
 * an object), 2 µs of a cached read's ~60 (docs/PERFORMANCE.md). Outside a request's scope, as
 * the access line is written, the mixin adds nothing. A 5xx goes through pino, at error level.
 */
export function accessLog(logger: Logger): (line: AccessLine) => void {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as pino.DestinationStream;
  const bindings = (internals[pino.symbols.chindingsSym] as string | undefined) ?? '';
  return (line) => {
    if (line.status >= 500) {
      logger.error(line, ACCESS_LOG_MESSAGE);
      return;
    }
    if (!logger.isLevelEnabled('info')) return;
    stream.write(
      `${ACCESS_LINE_START}"time":${Date.now()}${bindings},"requestId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},${ACCESS_LINE_END}`,
    );
  };
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
