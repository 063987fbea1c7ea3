/**
 * Traces (issue 26, docs/operations.md "Tracing"): OpenTelemetry's Node SDK with the
 * instrumentations of what a request passes through (the HTTP server and Express, undici's calls
 * to the UAA, Redis, pino's lines), started by ./index.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set; with it unset none of this is loaded. The exporter, its protocol, the sampler and the
 * resource's attributes are the SDK's own OTEL_* variables, which the SDK reads (config.ts checks
 * the main ones); the service's name is config.ts's (OTEL_SERVICE_NAME, else uaa-sso-bff).
 *
 * OpenTelemetry instruments a module when it is loaded, so this runs before the process loads
 * any of them: import-in-the-middle's loader hook (for the ES modules the bundle imports, told
 * which ones by the instrumentations), then the SDK, then ./main. What a span may hold:
 * - no secret in a URL: the query parameters the access log redacts (log.ts) are redacted in the
 *   server's and the UAA calls' spans too; no header is recorded;
 * - a trace context (`traceparent`) only from a trusted proxy: ./context.ts drops it from any
 *   other peer before the HTTP instrumentation reads it;
 * - a trace id in every log line and security event (`traceId`, `spanId`: the pino
 *   instrumentation's correlation; the events add theirs: security-events/events.ts).
 */
import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { RedisInstrumentation } from '@opentelemetry/instrumentation-redis';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { ATTR_URL_FULL, ATTR_URL_QUERY } from '@opentelemetry/semantic-conventions';
import { SECRET_QUERY_PARAMS, redactUrl } from '../redact';
import { isProbe } from './context';

/** Starts the SDK; resolves once the loader hook knows every module to instrument. */
export async function startTracing(serviceName: string): Promise<{ flush: () => Promise<void> }> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const sdk = new NodeSDK({
    serviceName,
    // Traces only: the metrics are Prometheus's (/metrics), the logs are the process's stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes every few seconds would bury the requests people make.
        ignoreIncomingRequestHook: (req) => isProbe(req.url),
        redactedQueryParamsServer: [...SECRET_QUERY_PARAMS],
      }),
      // One span per route handler; the middleware's own (about thirty a request) cost more than
      // they tell: a slow guard shows as the time before its handler, or as its Redis span.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new UndiciInstrumentation({
        startSpanHook: (request) => {
          const url = redactUrl(`${request.origin}${request.path}`);
          return {
            [ATTR_URL_FULL]: url,
            [ATTR_URL_QUERY]: url.includes('?') ? url.slice(url.indexOf('?')) : '',
          };
        },
      }),
      new RedisInstrumentation(),
      new PinoInstrumentation({
        disableLogSending: true,
        logKeys: { traceId: 'traceId', spanId: 'spanId', traceFlags: 'traceFlags' },
      }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return { flush: () => sdk.shutdown() };
}
