import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { finished } from '../../../test/processes.js';
import { loadConfig } from '../config/config.js';
import { statementName } from './spans.js';
import { launchApi } from '../../../test/spawn-api.js';

// A folder without a `.env`, so only the variables each test gives are read.
const cwd = mkdtempSync(path.join(tmpdir(), 'countersign-otel-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const tracing = (env: Record<string, string>) => loadConfig({ ...env }, cwd).tracing;
const ENDPOINT = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };

describe('trace export settings (OTEL_*)', () => {
  test('are off unless an OTLP endpoint is set, and default to http/protobuf and the service name countersign', () => {
    expect(tracing({})).toBeUndefined();
    expect(tracing({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'x' })).toBeUndefined();
    expect(tracing(ENDPOINT)).toEqual({ serviceName: 'countersign', protocol: 'http/protobuf' });
    expect(tracing({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example/v1/traces', OTEL_SERVICE_NAME: 'gate-eu' })).toEqual({
      serviceName: 'gate-eu',
      protocol: 'http/protobuf',
    });
    expect(tracing({ ...ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })?.protocol).toBe('http/json');
    // The traces-specific variable wins over the general one.
    expect(tracing({ ...ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' })?.protocol).toBe('http/json');
    expect(tracing({ ...ENDPOINT, OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(tracing({ ...ENDPOINT, OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
  });

  // Each refusal written out whole, as config.test.ts does for the other settings: the operator's message is the contract under test.
  test.each([
    ['OTEL_EXPORTER_OTLP_PROTOCOL', 'grpc', 'OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (OTLP over HTTP), got grpc'],
    ['OTEL_EXPORTER_OTLP_PROTOCOL', 'http/protobuff', 'OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (OTLP over HTTP), got http/protobuff'],
    ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'json', 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL must be http/protobuf or http/json (OTLP over HTTP), got json'],
    ['OTEL_TRACES_EXPORTER', 'zipkin', 'OTEL_TRACES_EXPORTER must be otlp or none (traces go out over OTLP/HTTP only), got zipkin'],
    [
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'collector:4318',
      'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) address of an OTLP/HTTP collector (http://collector:4318), got one whose scheme is not http or https',
    ],
  ])('refuse %s=%s, naming the variable and the value', (name, value, message) => {
    expect(() => loadConfig({ ...ENDPOINT, [name]: value }, cwd)).toThrow(message);
    // Refused even while no endpoint is set: the value is wrong either way.
    if (name !== 'OTEL_EXPORTER_OTLP_ENDPOINT') expect(() => loadConfig({ [name]: value }, cwd)).toThrow(message);
  });

  test('never repeat an endpoint that carries credentials', () => {
    for (const endpoint of ['grpc://user:hunter2@collector:4317', 'user:hunter2@collector:4318', 'not a url hunter2']) {
      const refused = (() => {
        try {
          loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }, cwd);
        } catch (error) {
          return (error as Error).message;
        }
        return 'accepted';
      })();
      expect(refused).toMatch(
        /^OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) address of an OTLP\/HTTP collector \(http:\/\/collector:4318\), got (one whose scheme is not http or https|no address)$/,
      );
      expect(refused).not.toContain('hunter2');
    }
  });

  test('an unknown exporter protocol stops the server before it opens anything, with exit 1 and one line', async () => {
    const dataDir = path.join(cwd, 'never-created');
    const server = launchApi({ ...ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', COUNTERSIGN_DATA_DIR: dataDir });
    const { code, stderr } = await finished(server);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('countersign failed to start: OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (OTLP over HTTP), got grpc');
  });

  test('name a statement by its leading comment, and nothing else of its text', () => {
    expect(statementName('/* drawAuthority */\n SELECT 1')).toBe('drawAuthority');
    expect(statementName('  /*   findSignOff   */ SELECT * FROM sign_offs WHERE id = $1')).toBe('findSignOff');
    expect(statementName("SELECT '/* drawAuthority */'")).toBe('unnamed');
    expect(statementName("/* a name with spaces and 'quotes' */ SELECT 1")).toBe('unnamed');
    expect(statementName('BEGIN')).toBe('unnamed');
  });
});
