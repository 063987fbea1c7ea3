import type { Server } from 'node:http';
import { context, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from '../server';
import { createSecurityEvents } from '../security-events/events';
import { activeTraceId, isProbe } from './context';
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

/** What the app's handlers see of the trace context headers, with `trustProxy` as TRUST_PROXY. */
async function seenTraceHeaders(trustProxy: string | number | string[]): Promise<Record<string, unknown>> {
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
  server = createAppServer(app);
  const base = await listen(server);
  return (await (await fetch(`${base}/x`, { headers: TRACE_HEADERS })).json()) as Record<string, unknown>;
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
});

describe('probes', () => {
  it('are not traced: health checks and metrics scrapes, whatever their query', () => {
    for (const url of ['/healthz', '/readyz?x=1', '/metrics']) expect(isProbe(url), url).toBe(true);
    for (const url of ['/login', '/healthz/x', '/gw/uaa-be/api/v1/healthz', undefined])
      expect(isProbe(url)).toBe(false);
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
    const [traced, untraced] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(traced).toMatchObject({ type: 'login', requestId: 'request-1', traceId: TRACE_ID });
    expect(untraced).not.toHaveProperty('traceId');
  });
});
