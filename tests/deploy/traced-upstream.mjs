/**
 * `node --import tests/deploy/traced-upstream.mjs dist/server/local-uaa.js`: the local UAA with
 * OpenTelemetry's HTTP instrumentation, as the real UAA runs with an agent of its own, so that the
 * tracing test (tracing.test.ts) sees whether the BFF's trace context reaches it. The exporter is
 * the SDK's, from the OTEL_* variables the test sets.
 */
import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';

const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
const sdk = new NodeSDK({
  metricReaders: [],
  logRecordProcessors: [],
  instrumentations: [new HttpInstrumentation()],
});
sdk.start();
await waitForAllMessagesAcknowledged();
