/** pino, with every secret the product handles redacted before a line is written. */
import { pino, type Logger } from 'pino';

export const REDACTED = '[REDACTED]';

// Query parameters that carry one-time codes, activation secrets or tokens.
const SECRET_PARAMS = /([?&](?:code|token|sign|ticket|password|sk|access_token)=)[^&#]*/gi;

// Body fields that are secrets wherever they appear in a logged object (up to two levels down).
const SECRET_FIELDS = ['password', 'code', 'token', 'sk'];

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, `$1${REDACTED}`);
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          'res.headers.location',
          ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
        ],
        censor: REDACTED,
      },
    },
    destination,
  );
}
