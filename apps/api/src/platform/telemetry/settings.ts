/**
 * Whether this process exports traces, read from the standard OpenTelemetry
 * variables. Only what config.ts needs lives here: the SDK itself is loaded
 * (start.ts) when tracing is on, so a process without an endpoint never
 * loads it.
 */

/** The OTLP encodings over HTTP that Countersign can send; gRPC would need another exporter and port. */
export const TRACE_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type TraceProtocol = (typeof TRACE_PROTOCOLS)[number];

export interface TracingSettings {
  /** `service.name` on every span (OTEL_SERVICE_NAME, default `countersign`). */
  serviceName: string;
  protocol: TraceProtocol;
}

export const DEFAULT_SERVICE_NAME = 'countersign';

/**
 * Tracing is on when OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (and neither OTEL_SDK_DISABLED=true nor
 * OTEL_TRACES_EXPORTER=none says otherwise). The protocol variables are
 * checked whether or not tracing is on: a value Countersign cannot send (grpc,
 * a typo) stops the start naming the variable, instead of a collector that
 * silently receives nothing.
 */
export function readTracingSettings(env: NodeJS.ProcessEnv): TracingSettings | undefined {
  const protocol = traceProtocol(env);
  const exporter = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporter && exporter !== 'otlp' && exporter !== 'none')
    throw new Error(`OTEL_TRACES_EXPORTER must be otlp or none (traces go out over OTLP/HTTP only), got ${exporter}`);
  for (const name of ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT']) checkEndpoint(env, name);
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || exporter === 'none' || env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  return { serviceName: env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME, protocol };
}

/** The traces-specific variable wins over the general one, as the OpenTelemetry specification has it. */
function traceProtocol(env: NodeJS.ProcessEnv): TraceProtocol {
  for (const name of ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL']) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    if (!(TRACE_PROTOCOLS as readonly string[]).includes(raw)) throw new Error(`${name} must be ${TRACE_PROTOCOLS.join(' or ')} (OTLP over HTTP), got ${raw}`);
    return raw as TraceProtocol;
  }
  return 'http/protobuf';
}

function checkEndpoint(env: NodeJS.ProcessEnv, name: string): void {
  const raw = env[name];
  if (!raw) return;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  // The value itself is never repeated: without a scheme, "user:token@host" parses with "user:" as its
  // protocol, so a credential can hide anywhere in it (collector tokens belong in OTEL_EXPORTER_OTLP_HEADERS).
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(
      `${name} must be an http(s) address of an OTLP/HTTP collector (http://collector:4318), got ${url ? `one whose scheme is not http or https` : 'no address'}`,
    );
}
