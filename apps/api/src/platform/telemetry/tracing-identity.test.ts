import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { startOtlpReceiver, type ReceivedSpan } from '../../../test/otlp-receiver.js';
import { collect, waitFor } from '../../../test/testkit.js';
import { spawnApi } from '../../../test/spawn-api.js';

/** OTLP's server span kind, as the JSON encoding numbers it. */
const SERVER = 2;

const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('traces with identity (OpenTelemetry, OTLP/HTTP)', () => {
  apiTest(
    'every span names the version and the instance (its heartbeat’s id), probes make no trace, and WebSocket operations are named like HTTP ones',
    async ({ api }) => {
      const receiver = await startOtlpReceiver();
      const instance = await spawnApi(api.db.url, {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '50',
      });
      const owner = await api.owner();
      const client = api.subscriber({ cookie: owner.cookie }, instance.url);
      try {
        // Probes first, then a request whose spans, once received, show the probes' would have been too.
        for (const path of ['/healthz', '/readyz', '/healthz', '/readyz'])
          expect((await fetch(`${instance.url}${path}`, { headers: { 'x-request-id': `probe-${randomUUID()}` } })).status).toBe(200);
        const afterId = `after-${randomUUID()}`;
        const answer = await api.graphql('{ __typename }', {}, { headers: { 'x-request-id': afterId } }, instance.url);
        expect(answer.data?.__typename).toBe('Query');

        const watching = collect(client, 'subscription Watch { signOffEvents { __typename } }');
        const anonymous = await collect<{ __typename: string }>(client, '{ __typename }').until(1);
        expect(anonymous).toEqual([{ __typename: 'Query' }]);
        const named = (name: string) => receiver.spans.find((span) => span.kind === SERVER && span.name === name);
        await waitFor(
          () =>
            receiver.spans.some((span) => span.attributes['countersign.request_id'] === afterId) &&
            !!named('graphql subscription Watch') &&
            !!named('graphql query'),
          20_000,
        );
        watching.stop();

        expect(receiver.spans.filter((span) => String(span.attributes['countersign.request_id']).startsWith('probe-'))).toEqual([]);
        expect(receiver.spans.filter((span) => ['/healthz', '/readyz'].includes(String(span.attributes['http.route'])))).toEqual([]);

        // One instance, one id: the one its heartbeat row carries, on every span's resource.
        const heartbeats = await api.db.pool.query<{ id: string }>(`SELECT id FROM instance_heartbeats`);
        expect(heartbeats.rows).toHaveLength(1);
        const resources = new Set(receiver.spans.map((span) => JSON.stringify([span.resource['service.version'], span.resource['service.instance.id']])));
        expect([...resources]).toEqual([JSON.stringify([VERSION, heartbeats.rows[0]!.id])]);
        expect(receiver.spans[0]!.resource).toMatchObject({ 'service.name': 'countersign' });

        const subscription = named('graphql subscription Watch') as ReceivedSpan;
        expect(subscription).toMatchObject({
          parentSpanId: '',
          attributes: {
            'graphql.operation.type': 'subscription',
            'graphql.operation.name': 'Watch',
            'countersign.graphql.root_fields': ['signOffEvents'],
            'countersign.graphql.result': 'success',
          },
        });
        expect(subscription.attributes['countersign.request_id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(named('graphql query')).toMatchObject({
          parentSpanId: '',
          attributes: {
            'graphql.operation.type': 'query',
            'graphql.operation.name': '',
            'countersign.graphql.root_fields': ['__typename'],
            'countersign.graphql.result': 'success',
          },
        });
      } finally {
        await client.dispose();
        await instance.stop();
        await receiver.close();
      }
    },
    60_000,
  );
});
