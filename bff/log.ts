/** pino, with every secret the product handles redacted before a line is written. */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { REDACTED, redactUrl } from './redact';
import { sampledTraceIds } from './tracing/context';

// Body fields that are secrets wherever they appear in a logged object (up to two levels down).
const SECRET_FIELDS = ['password', 'code', 'token', 'sk'];

/**
 * `traced`: each line written within a sampled trace carries its `traceId` and `spanId` (a line of
 * an unsampled request has nothing to lead to, and costs nothing).
 */
export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  { traced = false } = {},
): Logger {
  return pino(
    {
      level,
      base: undefined,
      ...(traced ? { mixin: sampledTraceIds } : {}),
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

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The access log: pino-http, one line per request when its reply is finished (or the client went
 * away), "request completed" at info, "request errored" (status 500 or more) at error, "request
 * aborted" at warn. A line holds the request's id, method and URL with its secret query values
 * redacted (never its headers, query object or body: the serializers below pick the fields), the
 * status, the time taken (`responseTime`, ms), a bounded route label, the upstream's share
 * (`upstreamMs`, and `upstreamCalls`: a document may make several) and the rate-limit refusal, if any.
 *
 * The request id is a trusted proxy's X-Request-Id when well formed (./tracing/context.ts drops
 * any other peer's, and a proxy's TRUST_PROXY_HEADERS does not name), else a fresh UUID; it is returned in X-Request-Id and kept as `req.id` (the
 * gateway forwards it to the upstream).
 */
export function accessLog(logger: Logger, routeOf: (req: Request) => string): RequestHandler {
  const extras = (req: Request, res: Response): object => {
    const locals = res.locals;
    return {
      route: routeOf(req),
      ...(locals.upstreamMs === undefined ? {} : { upstreamMs: Math.round(locals.upstreamMs * 10) / 10 }),
      ...(locals.upstreamCalls === undefined ? {} : { upstreamCalls: locals.upstreamCalls }),
      ...(locals.rateLimit === undefined ? {} : { rateLimit: locals.rateLimit }),
      // Written when the answer is sent, outside the request's trace context.
      ...locals.traceIds,
    };
  };
  return pinoHttp<Request, Response>({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      // Given pino's standard serialization (url is the original URL): only what cannot hold a secret.
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => {
      if (!res.writableEnded) return 'warn';
      return err || res.statusCode >= 500 ? 'error' : 'info';
    },
    customSuccessObject: (req, res, line: object) => ({ ...line, ...extras(req, res) }),
    customErrorObject: (req, res, _err, line: object) => ({ ...line, ...extras(req, res) }),
  });
}
