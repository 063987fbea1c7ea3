/**
 * The BFF's entry: read the configuration (a bad value stops the process, one line each), start
 * tracing when OTEL_EXPORTER_OTLP_ENDPOINT asks for it, then load and run the process (./main.ts).
 * ./main.ts is imported only now because OpenTelemetry instruments a module as it is loaded: with
 * tracing on, Express, pino and the rest must load after the SDK has started (tracing/start.ts);
 * with it off, none of the SDK is loaded.
 */
import { configFromProcess } from './config';

const parsed = configFromProcess();
if (!parsed.ok) {
  for (const line of parsed.errors) console.error(`config error: ${line}`);
  process.exit(1);
}
try {
  const { config } = parsed;
  const tracing = config.tracing
    ? await (await import('./tracing/start')).startTracing(config.tracingServiceName, config.tracingRatio)
    : undefined;
  const { main } = await import('./main');
  await main(config, { flushTraces: tracing?.flush });
} catch (err) {
  console.error(`fatal: ${(err as Error).message}`);
  process.exit(1);
}
