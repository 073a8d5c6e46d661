import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; secrets and cookies are redacted wherever they appear. */
export function createLogger(options: { name: string; level: string }): Logger {
  return pino({
    name: options.name,
    level: options.level,
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
  });
}
