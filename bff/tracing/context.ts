/**
 * What the rest of the BFF knows of tracing, through OpenTelemetry's API alone (a no-op while the
 * SDK is not started: ./start.ts): whose trace context a request may continue, the trace a line
 * belongs to, and the spans the BFF makes itself.
 */
import type { IncomingMessage, Server } from 'node:http';
import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
} from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_NETWORK_PEER_ADDRESS,
  ATTR_NETWORK_PROTOCOL_VERSION,
  ATTR_URL_PATH,
  ATTR_URL_QUERY,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type { Request, RequestHandler } from 'express';
import { BFF_PATHS } from '@shared/routes';
import { redactUrl } from '../redact';

/**
 * What only a proxy may say of a request: the W3C trace context (and baggage, which rides with
 * it), and the request id the logs and the security events carry.
 */
export const PROXY_ONLY_HEADERS = ['x-request-id', 'traceparent', 'tracestate', 'baggage'] as const;
export type ProxyOnlyHeader = (typeof PROXY_ONLY_HEADERS)[number];

const PROBES = new Set<string>([BFF_PATHS.healthz, BFF_PATHS.readyz, BFF_PATHS.metrics]);

/** A liveness or readiness probe, or a metrics scrape: not traced. */
export function isProbe(url: string | undefined): boolean {
  const path = url?.split('?', 1)[0];
  return path !== undefined && PROBES.has(path);
}

/**
 * Not traced: the probes, and the build's hashed files (`/static/…`, a dozen for a page's first
 * load, each a file from the disk, cached a year by the browser), which only tell that a page
 * was loaded, as its document's trace does.
 */
export function isUntraced(url: string | undefined): boolean {
  return isProbe(url) || url?.startsWith('/static/') === true;
}

/**
 * Whether the request starts a trace, or continues one, that is recorded: the sampling decision
 * of `parentbased_traceidratio`, taken before any work is done for the request's trace
 * (traceRequests; docs/performance.md: an unsampled call cost the instrumentations' attributes,
 * a non-recording span, context bindings and an upstream span of the same). A trace context the
 * request carries (only a trusted proxy's is left: acceptProxyOnlyHeadersFrom) decides by its
 * sampled flag; without one, `ratio` of the requests start a trace. The SDK's sampler then
 * records what passes (ParentBased, its root a request's server span alone: ./start.ts).
 */
export function startsRecordedTrace(
  req: IncomingMessage,
  ratio: number,
  random: () => number = Math.random,
): boolean {
  if (isUntraced(req.url)) return false;
  if (req.headers.traceparent !== undefined) {
    const parent = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, req.headers));
    if (parent && isSpanContextValid(parent)) return (parent.traceFlags & TraceFlags.SAMPLED) !== 0;
  }
  return random() < ratio;
}

/** How many times the request's header lines name `name` (Node joins repeated ones into one value). */
function linesOf(req: IncomingMessage, name: string): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === name) count++;
  return count;
}

/**
 * A `traceparent` is continued, and an `X-Request-Id` kept, only from a trusted proxy
 * (TRUST_PROXY, as Express trusts X-Forwarded-For): from any other peer, a browser first, those
 * headers are dropped before anything reads them, so that a browser can neither join its requests
 * to another's trace, nor force its own sampling, nor give its events another request's id. The
 * check stands in front of the server's `emit` itself, before any listener of its `request`
 * event (Express, and with it traceRequests and the access log's request id).
 *
 * Even a trusted proxy's is kept only when it is one of `kept` (TRUST_PROXY_HEADERS: a proxy that
 * passes a browser's on, as ingress-nginx does its X-Request-Id, is trusted for none of them) and
 * comes in one header line: a second line is a browser's the proxy added to, not replaced.
 */
export function acceptProxyOnlyHeadersFrom(
  server: Server,
  trusted: (peerAddress: string) => boolean,
  kept: readonly ProxyOnlyHeader[] = PROXY_ONLY_HEADERS,
): void {
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'request') {
      const req = args[0] as IncomingMessage;
      const peer = req.socket.remoteAddress;
      const fromProxy = peer !== undefined && trusted(peer);
      for (const name of PROXY_ONLY_HEADERS) {
        if (req.headers[name] === undefined) continue;
        if (!fromProxy || !kept.includes(name) || linesOf(req, name) > 1) delete req.headers[name];
      }
    }
    return emit(event, ...args);
  };
}

/** The BFF's tracer, of the tracer provider registered now (the API's proxy keeps the first it saw). */
const tracer = () => trace.getTracer('uaa-sso-bff');

/** The ids of a sampled trace's span, as a log line carries them. */
export type TraceIds = { traceId?: string; spanId?: string };

/** Whether the request comes with a body, whose listeners then continue its work. */
const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * The request's server span, made here rather than by OpenTelemetry's HTTP instrumentation (issue
 * 43, ADR 0011): that instrumentation works for every request, a sampled one or not, suppressing
 * and binding the request's and the response's emitters, which cost an unsampled call about as
 * much as all the rest of tracing (docs/performance.md). Here nothing is done for a request whose
 * trace is not recorded: with `ratio` (parentbased_traceidratio) the decision is
 * startsRecordedTrace's; without, every request but the untraced ones gets a span and the SDK's
 * sampler decides. A recorded span carries the stable HTTP conventions' attributes (no header,
 * the secrets a query may hold redacted), is named by its route (`POST /gw/uaa-be/api/v1/login/byAccount`)
 * as the Express instrumentation would name it, and is an error when the answer is the server's
 * (5xx), not the caller's. Its context is the work's, also past the body's last chunk (the
 * request's stream is bound to it when there is a body); the access line, written when the answer
 * is sent, takes its ids from `res.locals.traceIds`.
 */
export function traceRequests(opts: {
  ratio: number | undefined;
  routeOf: (req: Request) => string;
}): RequestHandler {
  const serverTracer = tracer();
  return (req, res, next) => {
    const traced = opts.ratio === undefined ? !isUntraced(req.url) : startsRecordedTrace(req, opts.ratio);
    if (!traced) return next();
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const route = opts.routeOf(req);
    const url = redactUrl(req.originalUrl);
    const queryAt = url.indexOf('?');
    const span = serverTracer.startSpan(
      `${req.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: req.method,
          [ATTR_HTTP_ROUTE]: route,
          [ATTR_URL_SCHEME]: req.protocol,
          [ATTR_URL_PATH]: queryAt === -1 ? url : url.slice(0, queryAt),
          ...(queryAt === -1 ? {} : { [ATTR_URL_QUERY]: url.slice(queryAt + 1) }),
          [ATTR_NETWORK_PEER_ADDRESS]: req.socket.remoteAddress,
          [ATTR_NETWORK_PROTOCOL_VERSION]: req.httpVersion,
        },
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    if (span.isRecording()) {
      const { traceId, spanId } = span.spanContext();
      res.locals.traceIds = { traceId, spanId };
      if (hasBody(req)) context.bind(active, req);
      res.once('close', () => {
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
        if (res.statusCode >= 500) {
          span.setAttribute(ATTR_ERROR_TYPE, String(res.statusCode));
          span.setStatus({ code: SpanStatusCode.ERROR });
        } else if (!res.writableFinished) {
          // The caller hung up before the answer was sent: not the server's error.
          span.setAttribute(ATTR_ERROR_TYPE, 'aborted');
        }
        span.end();
      });
    }
    context.with(active, next);
  };
}

/** The trace the current request belongs to, when tracing is on. */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/** The ids of the sampled trace a log line is written in, as the pino instrumentation writes them. */
export function sampledTraceIds(): TraceIds {
  // The flags, not isRecording(): a line may be written after its span has ended.
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !(spanContext.traceFlags & TraceFlags.SAMPLED)) return {};
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}

/**
 * Runs `work` in a span of its own, a child of the request's (a server render, say); when it
 * throws, the span is an error with the error's message, the secrets a URL may carry redacted.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (err) {
      const { name: errorName, message, stack } = err instanceof Error ? err : new Error(String(err));
      span.recordException({
        name: errorName,
        message: redactUrl(message),
        stack: stack && redactUrl(stack),
      });
      span.setStatus({ code: SpanStatusCode.ERROR, message: redactUrl(message) });
      throw err;
    } finally {
      span.end();
    }
  });
}
