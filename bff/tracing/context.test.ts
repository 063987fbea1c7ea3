import { request as httpRequest, type Server } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
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
  traceRequests,
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

describe('the server span (traceRequests)', () => {
  const exporter = new InMemorySpanExporter();
  afterEach(() => {
    trace.disable();
    propagation.disable();
    exporter.reset();
  });
  const ROUTE = '/gw/uaa-be/api/v1/login/byAccount';

  /**
   * A BFF-like app behind traceRequests (`ratio` as config.tracingRatio), its tracer provider's
   * sampler `sampled` or not; its one route reads a JSON body (a listener of the request's stream)
   * and answers `status` with what it saw of the trace then.
   */
  async function serve(ratio: number | undefined, status = 200, sampled = true) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({
        sampler: new (sampled ? AlwaysOnSampler : AlwaysOffSampler)(),
        spanProcessors: [new SimpleSpanProcessor(exporter)],
      }),
    );
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(traceRequests({ ratio, routeOf: () => ROUTE }), express.json());
    app.post(ROUTE, (req, res) => {
      res.status(status).json({
        body: req.body as unknown,
        active: activeTraceId(),
        ids: sampledTraceIds(),
        locals: res.locals.traceIds,
      });
    });
    server = createAppServer(app);
    const base = await listen(server);
    /** Calls the route with `headers`; `spans`: how many spans the call ends with. */
    return async (headers: Record<string, string> = {}, spans = ratio === 0 || !sampled ? 0 : 1) => {
      const reply = await fetch(`${base}${ROUTE}?lang=en&code=one-time-secret`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ account: 'someone' }),
      });
      const seen = (await reply.json()) as {
        body: unknown;
        active?: string;
        ids: Record<string, string>;
        locals?: Record<string, string>;
      };
      // The span ends when the answer is done with ('close'), a moment after the reply arrives.
      await expect.poll(() => exporter.getFinishedSpans().length).toBe(spans);
      return seen;
    };
  }

  it("is the recorded request's: named by its route, the stable HTTP attributes, no secret, active in the body's listeners", async () => {
    const seen = await (await serve(1))();
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe(`POST ${ROUTE}`);
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': ROUTE,
      'url.path': ROUTE,
      'url.query': 'lang=en&code=[REDACTED]',
      'url.scheme': 'http',
      'http.response.status_code': 200,
    });
    expect(JSON.stringify(span?.attributes)).not.toContain('one-time-secret');
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    // The handler ran after the body's last chunk: the span was still the active one there.
    expect(seen.body).toEqual({ account: 'someone' });
    expect(seen.active).toBe(span?.spanContext().traceId);
    expect(seen.ids).toEqual({ traceId: span?.spanContext().traceId, spanId: span?.spanContext().spanId });
    // And for the access line, written when the answer is sent.
    expect(seen.locals).toEqual(seen.ids);
  });

  it("continues a trusted proxy's trace", async () => {
    await (
      await serve(0)
    )({ traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` }, 1);
    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe(TRACE_ID);
    expect(span?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  });

  it("is an error when the answer is the server's (5xx), not the caller's (4xx)", async () => {
    await (
      await serve(1, 502)
    )();
    expect(exporter.getFinishedSpans()[0]?.status.code).toBe(SpanStatusCode.ERROR);
    expect(exporter.getFinishedSpans()[0]?.attributes['error.type']).toBe('502');
    await shut(server!);
    exporter.reset();
    await (
      await serve(1, 403)
    )();
    expect(exporter.getFinishedSpans()[0]?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('is not made for a request the ratio leaves out, nor one a proxy did not sample: nothing is active, no ids in its lines', async () => {
    const call = await serve(0);
    for (const seen of [await call(), await call({ traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-00` })]) {
      expect(seen.active).toBeUndefined();
      expect(seen.ids).toEqual({});
      expect(seen.locals).toBeUndefined();
    }
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it("without a ratio, leaves the decision to the SDK's sampler", async () => {
    const seen = await (await serve(undefined, 200, false))();
    expect(seen.ids).toEqual({});
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
