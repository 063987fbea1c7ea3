import { request as httpRequest, type Server } from 'node:http';
import { context, propagation, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { IncomingMessage } from 'node:http';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from '../server';
import { createSecurityEvents } from '../security-events/events';
import {
  activeTraceId,
  inSpan,
  isProbe,
  isUntraced,
  nameServerSpan,
  sampledTraceIds,
  startsRecordedTrace,
  type ProxyOnlyHeader,
} from './context';
import { listen, shut } from '@tests/support/http';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACE_HEADERS = {
  traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01`,
  tracestate: 'vendor=1',
  baggage: 'user=someone',
  'x-request-id': 'victim-request-1',
};

let server: Server | undefined;
afterEach(async () => {
  if (server) await shut(server);
  server = undefined;
  context.disable();
});

/**
 * What the app's handlers see of the trace context headers, with `trustProxy` as TRUST_PROXY and
 * `kept` as TRUST_PROXY_HEADERS, for a request whose headers are `sent` (an array: that many lines).
 */
async function seenTraceHeaders(
  trustProxy: string | number | string[],
  kept?: ProxyOnlyHeader[],
  sent: Record<string, string | string[]> = TRACE_HEADERS,
): Promise<Record<string, unknown>> {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.get('/x', (req, res) => {
    res.json({
      traceparent: req.headers.traceparent,
      tracestate: req.headers.tracestate,
      baggage: req.headers.baggage,
      'x-request-id': req.headers['x-request-id'],
    });
  });
  server = createAppServer(app, {}, kept);
  const base = await listen(server);
  // node:http, which sends a header given as an array in as many lines (fetch would join them).
  return new Promise((resolve, reject) => {
    httpRequest(`${base}/x`, { headers: sent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>));
    })
      .on('error', reject)
      .end();
  });
}

describe('a trace context', () => {
  it('is kept from a trusted proxy (here the loopback peer)', async () => {
    expect(await seenTraceHeaders(['loopback'])).toEqual(TRACE_HEADERS);
  });

  it('is dropped, with its state, baggage and request id, from any other peer (a browser)', async () => {
    expect(await seenTraceHeaders(['10.0.0.1'])).toEqual({});
  });

  it('is dropped when no proxy is trusted at all', async () => {
    expect(await seenTraceHeaders(0)).toEqual({});
  });

  it("is dropped even from a trusted proxy when TRUST_PROXY_HEADERS leaves it out (one that passes a browser's on)", async () => {
    expect(await seenTraceHeaders(['loopback'], [])).toEqual({});
    expect(await seenTraceHeaders(['loopback'], ['traceparent', 'tracestate'])).toEqual({
      traceparent: TRACE_HEADERS.traceparent,
      tracestate: TRACE_HEADERS.tracestate,
    });
  });

  it("is dropped from a trusted proxy that sent it in two lines: a browser's it added to, not replaced", async () => {
    const ours = `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`;
    const seen = await seenTraceHeaders(['loopback'], undefined, {
      ...TRACE_HEADERS,
      // A future version may carry more fields: joined ('01-…-01-, 00-…'), the browser's parses.
      traceparent: [`01-${TRACE_ID}-00f067aa0ba902b7-01-`, ours],
      'x-request-id': ['victim-request-1', 'proxy-request-2'],
    });
    expect(seen).toEqual({ tracestate: TRACE_HEADERS.tracestate, baggage: TRACE_HEADERS.baggage });
  });
});

describe('probes', () => {
  it('are not traced: health checks and metrics scrapes, whatever their query', () => {
    for (const url of ['/healthz', '/readyz?x=1', '/metrics']) expect(isProbe(url), url).toBe(true);
    for (const url of ['/login', '/healthz/x', '/gw/uaa-be/api/v1/healthz', undefined])
      expect(isProbe(url)).toBe(false);
  });

  it('with the build files, are not traced; documents and calls are', () => {
    for (const url of ['/healthz', '/static/js/index.1a2b.js', '/static/css/g.css?v=1'])
      expect(isUntraced(url), url).toBe(true);
    for (const url of [
      '/login',
      '/usercenter',
      '/gw/uaa-be/api/v1/login/byAccount',
      '/favicon.ico',
      undefined,
    ])
      expect(isUntraced(url), url).toBe(false);
  });
});

describe('the sampling decision (startsRecordedTrace), taken before the instrumentation works', () => {
  const req = (url: string, headers: Record<string, string> = {}) => ({ url, headers }) as IncomingMessage;
  const draws =
    (...values: number[]) =>
    () =>
      values.shift() ?? 0;
  afterEach(() => propagation.disable());

  it('starts a trace for the ratio of the requests that come without one', () => {
    expect(startsRecordedTrace(req('/login'), 0.1, draws(0.05))).toBe(true);
    expect(startsRecordedTrace(req('/login'), 0.1, draws(0.1))).toBe(false);
    expect(startsRecordedTrace(req('/gw/uaa-be/api/v1/login/byAccount'), 0, draws(0))).toBe(false);
    expect(startsRecordedTrace(req('/login'), 1, draws(0.999))).toBe(true);
  });

  it('never for a probe or a build file, whatever the ratio', () => {
    for (const url of ['/healthz', '/metrics', '/static/js/index.1a2b.js'])
      expect(startsRecordedTrace(req(url), 1, draws(0)), url).toBe(false);
  });

  it("follows the sampled flag of a trace context the request carries (a trusted proxy's), not the ratio", () => {
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    const sampled = { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` };
    const unsampled = { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-00` };
    expect(startsRecordedTrace(req('/login', sampled), 0, draws(0.5))).toBe(true);
    expect(startsRecordedTrace(req('/login', unsampled), 1, draws(0))).toBe(false);
    // One that is no trace context is no parent: the ratio decides.
    expect(startsRecordedTrace(req('/login', { traceparent: 'nonsense' }), 1, draws(0.5))).toBe(true);
    expect(startsRecordedTrace(req('/login', { traceparent: 'nonsense' }), 0, draws(0.5))).toBe(false);
  });
});

describe('the trace id', () => {
  const inTrace = <T>(work: () => T): T => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const span = trace.wrapSpanContext({
      traceId: TRACE_ID,
      spanId: '00f067aa0ba902b7',
      traceFlags: TraceFlags.SAMPLED,
    });
    return context.with(trace.setSpan(context.active(), span), work);
  };

  it('is unknown while tracing is off', () => {
    expect(activeTraceId()).toBeUndefined();
  });

  it("is the active span's", () => {
    expect(inTrace(() => activeTraceId())).toBe(TRACE_ID);
  });

  it('is in a security event written within the trace', () => {
    const lines: string[] = [];
    const events = createSecurityEvents({
      destination: { write: (line) => lines.push(line) },
      hashKey: 'k'.repeat(32),
    });
    const req = { ip: '203.0.113.9', get: () => 'agent', id: 'request-1' } as never;
    inTrace(() => events.emit(req, { type: 'login', action: 'password', outcome: 'success' }));
    events.emit(req, { type: 'login', action: 'password', outcome: 'success' });
    // After the stream's start (its first line).
    const [traced, untraced] = lines.slice(1).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(traced).toMatchObject({ type: 'login', requestId: 'request-1', traceId: TRACE_ID });
    expect(untraced).not.toHaveProperty('traceId');
  });
});

describe('a span of its own (inSpan)', () => {
  const exporter = new InMemorySpanExporter();
  const traced = async <T>(work: () => Promise<T>) => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
    try {
      return await work();
    } finally {
      trace.disable();
    }
  };
  afterEach(() => exporter.reset());

  it('is the active span of its work, and no error when the work succeeds', async () => {
    const seen = await traced(() =>
      inSpan('server render', { 'url.path': '/usercenter' }, async () => activeTraceId()),
    );
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('server render');
    expect(span?.attributes).toEqual({ 'url.path': '/usercenter' });
    expect(seen).toBe(span?.spanContext().traceId);
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("is an error, with the error's message and no secret, when the work throws, and the error goes on", async () => {
    const thrown = new Error('fetch https://uaa.invalid/x?code=one-time-secret&lang=en failed');
    await expect(
      traced(() =>
        inSpan('server render', {}, async () => {
          throw thrown;
        }),
      ),
    ).rejects.toBe(thrown);
    const [span] = exporter.getFinishedSpans();
    expect(span?.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'fetch https://uaa.invalid/x?code=[REDACTED]&lang=en failed',
    });
    expect(span?.events.map((e) => e.name)).toEqual(['exception']);
    expect(JSON.stringify(span?.events)).not.toContain('one-time-secret');
  });
});

describe('a sampled request (nameServerSpan, sampledTraceIds)', () => {
  const exporter = new InMemorySpanExporter();
  afterEach(() => {
    trace.disable();
    exporter.reset();
  });
  /** `work` within a server span, sampled or not, as the HTTP instrumentation starts it. */
  const inServerSpan = <T>(sampled: boolean, work: () => T): T => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({
        sampler: new (sampled ? AlwaysOnSampler : AlwaysOffSampler)(),
        spanProcessors: [new SimpleSpanProcessor(exporter)],
      }),
    );
    const span = trace.getTracer('test').startSpan('POST');
    try {
      return context.with(trace.setSpan(context.active(), span), work);
    } finally {
      span.end();
    }
  };
  const named = (sampled: boolean) =>
    inServerSpan(sampled, () => {
      let called = false;
      nameServerSpan(() => '/gw/uaa-be/api/v1/login/byAccount')(
        { method: 'POST' } as never,
        {} as never,
        () => {
          called = true;
        },
      );
      return { called, ids: sampledTraceIds() };
    });

  it('names its server span by its route, and gives its log lines its ids', () => {
    const { called, ids } = named(true);
    expect(called).toBe(true);
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('POST /gw/uaa-be/api/v1/login/byAccount');
    expect(span?.attributes['http.route']).toBe('/gw/uaa-be/api/v1/login/byAccount');
    expect(ids).toEqual({ traceId: span?.spanContext().traceId, spanId: span?.spanContext().spanId });
  });

  it('is all it is done for: an unsampled one has no name to set and no ids in its lines', () => {
    expect(named(false)).toEqual({ called: true, ids: {} });
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(sampledTraceIds()).toEqual({});
  });
});
