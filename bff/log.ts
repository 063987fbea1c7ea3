/** pino, with every secret the product handles redacted before a line is written. */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
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

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id: the caller's X-Request-Id when well formed, else a fresh UUID. */
    id: string;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** What a handler leaves in res.locals for the request's log line. */
interface LogLocals {
  upstreamMs?: number;
  rateLimit?: unknown;
}

/**
 * One line per request, written when the reply is finished (or the client went away): its id,
 * method, redacted URL, status, a bounded route label, the time taken, and the upstream's share.
 * Written by hand rather than with pino-http: no child logger per request, which was a tenth of
 * the gateway's cost. The line is built only from values that cannot hold a secret (the URL is
 * redacted here), so it skips the logger's wildcard redaction, which cost more than the rest of
 * the request's handling together.
 */
export function accessLog(logger: Logger, routeOf: (req: Request) => string): RequestHandler {
  const access = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const start = performance.now();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const done = (): void => {
      res.off('finish', done);
      res.off('close', done);
      const finished = res.writableFinished;
      const status = res.statusCode;
      const locals = res.locals as LogLocals;
      const line = {
        req: { id, method: req.method, url: redactUrl(req.originalUrl) },
        res: { statusCode: status },
        responseTime: Math.round(performance.now() - start),
        route: routeOf(req),
        ...(locals.upstreamMs === undefined ? {} : { upstreamMs: Math.round(locals.upstreamMs * 10) / 10 }),
        ...(locals.rateLimit === undefined ? {} : { rateLimit: locals.rateLimit }),
      };
      if (!finished) access.warn(line, 'request aborted');
      else if (status >= 500) access.error(line, 'request errored');
      else access.info(line, 'request completed');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
