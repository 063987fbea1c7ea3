/**
 * What the rest of the BFF knows of tracing, through OpenTelemetry's API alone (a no-op while the
 * SDK is not started: ./start.ts): whose trace context a request may continue, the trace a line
 * belongs to, and the spans the BFF makes itself.
 */
import type { IncomingMessage, Server } from 'node:http';
import {
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
} from '@opentelemetry/api';
import { ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';
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
 * of `parentbased_traceidratio`, taken before the HTTP instrumentation does any work for the
 * request (docs/performance.md: an unsampled call cost the instrumentations' attributes, a
 * non-recording span, context bindings and an upstream span of the same). A trace context the
 * request carries (only a trusted proxy's is left: acceptProxyOnlyHeadersFrom) decides by its
 * sampled flag; without one, `ratio` of the requests start a trace. The SDK's sampler then
 * records what passes (ParentBased, its root AlwaysOn: ./start.ts).
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
 * headers are dropped before the HTTP instrumentation reads them, so that a browser can neither
 * join its requests to another's trace, nor force its own sampling, nor give its events another
 * request's id. The instrumentation reads them as it emits the server's `request` event, before
 * any listener, so the check stands in front of `emit` itself.
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

/**
 * Names the request's server span by its route (`POST /gw/uaa-be/api/v1/login/byAccount`) and
 * sets its `http.route`, as the Express instrumentation would: that instrumentation wraps every
 * layer of every request, and is not loaded (./start.ts). Nothing is done for an unsampled one.
 */
export function nameServerSpan(routeOf: (req: Request) => string): RequestHandler {
  return (req, _res, next) => {
    const span = trace.getActiveSpan();
    if (span?.isRecording()) {
      const route = routeOf(req);
      span.setAttribute(ATTR_HTTP_ROUTE, route);
      span.updateName(`${req.method} ${route}`);
    }
    next();
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
export function sampledTraceIds(): { traceId?: string; spanId?: string } {
  // The flags, not isRecording(): the access line is written after its server span has ended.
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !(spanContext.traceFlags & TraceFlags.SAMPLED)) return {};
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}

const tracer = trace.getTracer('uaa-sso-bff');

/**
 * Runs `work` in a span of its own, a child of the request's (a server render, say); when it
 * throws, the span is an error with the error's message, the secrets a URL may carry redacted.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
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
