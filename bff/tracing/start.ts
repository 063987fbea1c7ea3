/**
 * Traces (issue 26, docs/operations.md "Tracing"): OpenTelemetry's Node SDK with the
 * instrumentations of what a request calls (undici's calls to the UAA, Redis), started by
 * ./index.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set; with it unset none of this is loaded.
 * The exporter, its protocol, the sampler and the resource's attributes are the SDK's own OTEL_*
 * variables, which the SDK reads (config.ts checks the main ones); without OTEL_TRACES_SAMPLER, a
 * tenth of the traces the BFF starts (OTEL_TRACES_SAMPLER_ARG, config.ts) and every one a proxy
 * sampled. The service's name is config.ts's (OTEL_SERVICE_NAME, else uaa-sso-bff).
 *
 * What a trace costs (issue 43, docs/performance.md, ADR 0011): no HTTP server instrumentation (it
 * suppresses and binds every request's emitters, sampled or not): ./context.ts's traceRequests
 * starts the server span of a recorded request alone, named by its route; no Express
 * instrumentation (it wraps each of the thirty layers of every request); no pino instrumentation:
 * log.ts writes a sampled trace's ids into the line; no span for a probe or a build file; no
 * instrumentation of outgoing node:http (the UAA is called with undici; only the exporter's own
 * calls use it).
 *
 * OpenTelemetry instruments a module when it is loaded, so this runs before the process loads
 * any of them: import-in-the-middle's loader hook (for the ES modules the bundle imports, told
 * which ones by the instrumentations), then the SDK, then ./main. What a span may hold:
 * - no secret in a URL: the query parameters the access log redacts (log.ts) are redacted in the
 *   server's and the UAA calls' spans too; no header is recorded;
 * - a trace context (`traceparent`) only from a trusted proxy: ./context.ts drops it from any
 *   other peer before the request is handled;
 * - a sampled trace's id in every log line of its request (`traceId`, `spanId`: log.ts) and in
 *   its security events (security-events/events.ts).
 */
import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { RedisInstrumentation } from '@opentelemetry/instrumentation-redis';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { ATTR_URL_FULL, ATTR_URL_QUERY } from '@opentelemetry/semantic-conventions';
import { SpanKind, trace, type Sampler } from '@opentelemetry/api';
import { redactUrl } from '../redact';

/** A trace starts with a request's server span (./context.ts, traceRequests decided it) alone. */
const SERVER_ROOTS: Sampler = {
  shouldSample: (_context, _traceId, _name, kind) => ({
    decision:
      kind === SpanKind.SERVER
        ? tracing.SamplingDecision.RECORD_AND_SAMPLED
        : tracing.SamplingDecision.NOT_RECORD,
  }),
  toString: () => 'ServerRootsOnly',
};

/**
 * Starts the SDK; resolves once the loader hook knows every module to instrument. `ratio`: the
 * share of the traces started here (undefined: OTEL_TRACES_SAMPLER's sampler, as the SDK reads it).
 */
export async function startTracing(
  serviceName: string,
  ratio: number | undefined,
): Promise<{ flush: () => Promise<void> }> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const sdk = new NodeSDK({
    serviceName,
    // With a ratio, the server span of a request startsRecordedTrace let through is recorded (its
    // parent's decision for a continued trace), and no other span starts a trace; without, the
    // sampler OTEL_TRACES_SAMPLER names, as the SDK reads it.
    ...(ratio === undefined ? {} : { sampler: new tracing.ParentBasedSampler({ root: SERVER_ROOTS }) }),
    // Traces only: the metrics are Prometheus's (/metrics), the logs are the process's stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new UndiciInstrumentation({
        // A call to the UAA is a span of a recorded trace only: one made for an unsampled request
        // (or none, as the readiness probe's) is not instrumented, and carries no trace context.
        ignoreRequestHook: () => trace.getActiveSpan()?.isRecording() !== true,
        startSpanHook: (request) => {
          const url = redactUrl(`${request.origin}${request.path}`);
          return {
            [ATTR_URL_FULL]: url,
            [ATTR_URL_QUERY]: url.includes('?') ? url.slice(url.indexOf('?')) : '',
          };
        },
      }),
      // Redis's commands are spans of a request's trace only (a rate limit's count, say), never a
      // trace of their own.
      new RedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return { flush: () => sdk.shutdown() };
}
