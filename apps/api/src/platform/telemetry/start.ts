import { diag, DiagLogLevel, trace } from '@opentelemetry/api';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { API_VERSION, PROCESS_INSTANCE_ID } from '../process-identity.js';
import type { Logger } from '../logger.js';
import type { TracingSettings } from './settings.js';
import { useTracer } from './spans.js';

/** How long SIGTERM waits for the last spans to reach the collector: a collector that is away must not hold up the stop. */
const FLUSH_TIMEOUT_MS = 5_000;

/**
 * Registers the OpenTelemetry SDK with an OTLP/HTTP exporter and no
 * instrumentation libraries: the spans are Countersign's own (spans.ts). The
 * exporters read the endpoint, headers, timeout and batch settings from the
 * standard OTEL_* variables themselves. Resource detection is off (it
 * would record the host, the process's command line and environment-derived
 * facts); the resource is `service.name`, `service.version` (the API's),
 * `service.instance.id` (the process's, the key of its heartbeat row, so a
 * trace names the instance `countersign status` lists) and the SDK's own
 * name and version.
 */
export async function startTracing(settings: TracingSettings, log: Logger): Promise<void> {
  // The SDK reports a collector it cannot reach through `diag`: into the log, once per failure, without stacks.
  diag.setLogger(
    {
      error: (message) => log.warn({ otel: message.slice(0, 500) }, 'trace export problem'),
      warn: (message) => log.warn({ otel: message.slice(0, 500) }, 'trace export problem'),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );
  const { OTLPTraceExporter } =
    settings.protocol === 'http/json' ? await import('@opentelemetry/exporter-trace-otlp-http') : await import('@opentelemetry/exporter-trace-otlp-proto');
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    autoDetectResources: false,
    resource: defaultResource().merge(resourceFromAttributes({ 'service.version': API_VERSION, 'service.instance.id': PROCESS_INSTANCE_ID })),
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
    textMapPropagator: null,
  });
  sdk.start();
  // Exports what is still queued at the stop, bounded by FLUSH_TIMEOUT_MS (stopTracing in spans.ts).
  useTracer(trace.getTracer('countersign'), async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log.warn('traces still queued were not all exported before the stop');
        resolve();
      }, FLUSH_TIMEOUT_MS);
    });
    await Promise.race([sdk.shutdown(), timeout]).finally(() => clearTimeout(timer));
  });
}
