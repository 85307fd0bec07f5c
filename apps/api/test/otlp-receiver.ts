import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One attribute value as OTLP/JSON encodes it. */
export interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
}

/** A received span, flattened: attributes as plain values, with the resource's service name. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  service: string;
  /** Its resource's attributes (service.name, service.version, service.instance.id, the SDK's). */
  resource: Record<string, unknown>;
  attributes: Record<string, unknown>;
  /** Every attribute value as text, nested arrays included: what a secret scan reads. */
  values: string[];
}

interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: {
      spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: { key: string; value: OtlpValue }[] }[];
    }[];
  }[];
}

const plain = (value: OtlpValue): unknown =>
  value.arrayValue
    ? (value.arrayValue.values ?? []).map(plain)
    : (value.stringValue ?? value.boolValue ?? value.doubleValue ?? (value.intValue === undefined ? undefined : Number(value.intValue)));

const texts = (value: OtlpValue): string[] => (value.arrayValue ? (value.arrayValue.values ?? []).flatMap(texts) : [String(plain(value))]);

/**
 * A real OTLP/HTTP trace receiver on loopback, as a collector would run one:
 * it accepts `POST /v1/traces` in the JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json)
 * and keeps every span, and the raw bodies, for the test to read.
 */
export async function startOtlpReceiver(): Promise<{
  url: string;
  spans: ReceivedSpan[];
  bodies: string[];
  /** Exports in the protobuf encoding (the default), kept undecoded: their size in bytes. */
  protobufExports: number[];
  close(): Promise<void>;
}> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const protobufExports: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const type = String(req.headers['content-type']);
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !(type.startsWith('application/json') || type.startsWith('application/x-protobuf'))) {
        res.writeHead(404).end();
        return;
      }
      if (type.startsWith('application/x-protobuf')) {
        protobufExports.push(Buffer.concat(chunks).length);
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      const request = JSON.parse(body) as ExportRequest;
      for (const resourceSpans of request.resourceSpans ?? []) {
        const resource = Object.fromEntries((resourceSpans.resource?.attributes ?? []).map(({ key, value }) => [key, plain(value)]));
        const service = typeof resource['service.name'] === 'string' ? resource['service.name'] : '';
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? []) {
            const attributes = Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, plain(value)]));
            const values = (span.attributes ?? []).flatMap(({ value }) => texts(value));
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              kind: span.kind,
              service,
              resource,
              attributes,
              values,
            });
          }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    bodies,
    protobufExports,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
