/**
 * What the rest of the BFF knows of tracing, through OpenTelemetry's API alone (a no-op while the
 * SDK is not started: ./start.ts): whose trace context a request may continue, the trace a line
 * belongs to, and the spans the BFF makes itself.
 */
import type { IncomingMessage, Server } from 'node:http';
import { context, isSpanContextValid, trace, type Attributes } from '@opentelemetry/api';
import { BFF_PATHS } from '@shared/routes';

/**
 * What only a proxy may say of a request: the W3C trace context (and baggage, which rides with
 * it), and the request id the logs and the security events carry.
 */
const PROXY_ONLY_HEADERS = ['traceparent', 'tracestate', 'baggage', 'x-request-id'] as const;

const PROBES = new Set<string>([BFF_PATHS.healthz, BFF_PATHS.readyz, BFF_PATHS.metrics]);

/** A liveness or readiness probe, or a metrics scrape: not traced. */
export function isProbe(url: string | undefined): boolean {
  const path = url?.split('?', 1)[0];
  return path !== undefined && PROBES.has(path);
}

/**
 * A `traceparent` is continued, and an `X-Request-Id` kept, only from a trusted proxy
 * (TRUST_PROXY, as Express trusts X-Forwarded-For): from any other peer, a browser first, those
 * headers are dropped before the HTTP instrumentation reads them, so that a browser can neither
 * join its requests to another's trace, nor force its own sampling, nor give its events another
 * request's id. The instrumentation reads them as it emits the server's `request` event, before
 * any listener, so the check stands in front of `emit` itself.
 */
export function acceptProxyOnlyHeadersFrom(server: Server, trusted: (peerAddress: string) => boolean): void {
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'request') {
      const req = args[0] as IncomingMessage;
      const peer = req.socket.remoteAddress;
      if (peer === undefined || !trusted(peer)) {
        for (const name of PROXY_ONLY_HEADERS) delete req.headers[name];
      }
    }
    return emit(event, ...args);
  };
}

/** The trace the current request belongs to, when tracing is on. */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

const tracer = trace.getTracer('uaa-sso-bff');

/** Runs `work` in a span of its own, a child of the request's (a server render, say). */
export async function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  const span = tracer.startSpan(name, { attributes });
  try {
    return await context.with(trace.setSpan(context.active(), span), work);
  } catch (err) {
    span.recordException(err as Error);
    throw err;
  } finally {
    span.end();
  }
}
