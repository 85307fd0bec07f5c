import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { apiTest, dbTest, testLog } from '../../../test/fixtures.js';
import { createEndpoint } from '../../../test/notify-kit.js';
import { answerJson, startReceiver } from '../../../test/webhook-receiver.js';
import { startOtlpReceiver, type ReceivedSpan } from '../../../test/otlp-receiver.js';
import { TestApi, waitFor } from '../../../test/testkit.js';
import { EventBus } from '../events/bus.js';
import { hashSecret } from '../lib/secrets.js';
import { spawnApi } from '../../../test/spawn-api.js';

const DRAW = `mutation Draw($input: DrawAuthorityInput!) {
  drawAuthority(input: $input) { __typename ... on Drawn { receipt { ordinal } } ... on DomainError { code } }
}`;
const ASK = `mutation Ask($input: RequestSignOffInput!) {
  requestSignOff(input: $input) { __typename ... on SignOffRequested { signOff { id } } ... on DomainError { code } }
}`;

/** OTLP's span kinds, as the JSON encoding numbers them. */
const SERVER = 2;
const INTERNAL = 1;
const CLIENT = 3;

/** The spans of the request that went out with `requestId`: its server span, and every span of the same trace. */
function requestTrace(spans: ReceivedSpan[], requestId: string) {
  const http = spans.find((span) => span.kind === SERVER && span.attributes['countersign.request_id'] === requestId);
  const trace = http ? spans.filter((span) => span.traceId === http.traceId) : [];
  return { http, trace };
}

describe('traces (OpenTelemetry, OTLP/HTTP)', () => {
  apiTest(
    'a draw’s trace holds its HTTP span, the GraphQL span as its child and the drawAuthority statement below that, every span with the request id, and no secret in any attribute',
    async ({ api }) => {
      const receiver = await startOtlpReceiver();
      const instance = await spawnApi(api.db.url, {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'countersign-under-test',
        // Spans leave within 50 ms of ending; the test waits on the receiver, not on a clock.
        OTEL_BSP_SCHEDULE_DELAY: '50',
        LOG_LEVEL: 'info',
      });
      try {
        const owner = await api.owner();
        const agent = await api.agent(owner);
        const authority = await api.authority(owner, agent.id, { tokens: 10 });
        await api.repository(owner, 'docs');
        // Through the traced instance: a sign-in (a password and a cookie), a draw and an ask (an agent key each).
        const signedIn = await api.graphql(
          'mutation($i: SignInInput!) { signIn(input: $i) { __typename } }',
          { i: { email: owner.email, password: owner.password } },
          {},
          instance.url,
        );
        expect(signedIn.data?.signIn?.__typename).toBe('SignedIn');
        const cookie = signedIn.headers.get('set-cookie')?.split(';')[0] ?? '';
        expect(cookie).toMatch(/=./);
        const drawId = `draw-${randomUUID()}`;
        const askId = `ask-${randomUUID()}`;
        const drawn = await api.graphql(
          DRAW,
          { input: { authority, dispatchKey: randomUUID(), tokens: 1 } },
          { key: agent.key, headers: { 'x-request-id': drawId } },
          `${instance.url}`,
        );
        expect(drawn.data?.drawAuthority?.__typename).toBe('Drawn');
        const asked = await api.graphql(
          ASK,
          { input: { op: 'repository.mintToken', repository: 'docs', input: { scopes: ['read'], ttlHours: 1 }, summary: 'traced' } },
          { key: agent.key, headers: { 'x-request-id': askId } },
          instance.url,
        );
        expect(asked.data?.requestSignOff?.__typename).toBe('SignOffRequested');
        const viewer = await api.graphql('{ viewer { __typename } }', {}, { cookie }, instance.url);
        expect(viewer.data?.viewer?.__typename).toBeDefined();

        // Both requests' traces are complete once their GraphQL spans (which end after their statements) have arrived.
        await waitFor(() => [drawId, askId].every((id) => requestTrace(receiver.spans, id).trace.some((span) => span.kind === INTERNAL)), 20_000);

        const draw = requestTrace(receiver.spans, drawId);
        expect(draw.http).toMatchObject({
          name: 'POST /graphql',
          parentSpanId: '',
          service: 'countersign-under-test',
          attributes: { 'http.request.method': 'POST', 'http.route': '/graphql', 'http.response.status_code': 200 },
        });
        const graphql = draw.trace.filter((span) => span.kind === INTERNAL);
        expect(graphql).toHaveLength(1);
        expect(graphql[0]).toMatchObject({
          name: 'graphql mutation Draw',
          parentSpanId: draw.http!.spanId,
          attributes: {
            'graphql.operation.type': 'mutation',
            'graphql.operation.name': 'Draw',
            'countersign.graphql.root_fields': ['drawAuthority'],
            'countersign.graphql.result': 'success',
          },
        });
        // A draw-only request is one statement: the key's check, the draw and its receipt in one call (rule A6).
        // (The announcement after the commit is batched across requests; it joins the trace only if it runs before the answer is out.)
        const statements = draw.trace.filter((span) => span.kind === CLIENT);
        expect(statements.map((span) => span.name).filter((name) => name !== 'db announceDraws')).toEqual(['db drawAuthority']);
        expect(statements.find((span) => span.name === 'db drawAuthority')).toMatchObject({
          parentSpanId: graphql[0]!.spanId,
          attributes: { 'db.system': 'postgresql', 'db.system.name': 'postgresql', 'db.query.summary': 'drawAuthority' },
        });
        expect(statements.every((span) => span.parentSpanId === graphql[0]!.spanId)).toBe(true);
        expect(draw.trace.length).toBe(2 + statements.length);
        expect(draw.trace.every((span) => span.attributes['countersign.request_id'] === drawId)).toBe(true);

        // The ask authenticates, then writes: several statements, each named by its comment, all under its GraphQL span.
        const ask = requestTrace(receiver.spans, askId);
        const askGraphql = ask.trace.find((span) => span.kind === INTERNAL);
        expect(askGraphql).toMatchObject({
          name: 'graphql mutation Ask',
          parentSpanId: ask.http!.spanId,
          attributes: { 'countersign.graphql.result': 'success' },
        });
        const askStatements = ask.trace.filter((span) => span.kind === CLIENT);
        expect(askStatements.length).toBeGreaterThan(1);
        for (const span of askStatements) {
          expect(span.name).toMatch(/^db [A-Za-z][\w.:-]*$/);
          expect(span.name).not.toBe('db unnamed');
          expect(span.parentSpanId).toBe(askGraphql!.spanId);
        }
        expect(ask.trace.every((span) => span.attributes['countersign.request_id'] === askId)).toBe(true);
        expect(new Set([draw.http!.traceId, ask.http!.traceId]).size).toBe(2);

        // No secret in any attribute of any span, nor anywhere in what was sent.
        const secrets = [agent.key, `Bearer ${agent.key}`, hashSecret(agent.key), owner.password, cookie, cookie.split('=')[1]!];
        for (const span of receiver.spans) for (const value of span.values) for (const secret of secrets) expect(value).not.toContain(secret);
        for (const body of receiver.bodies) for (const secret of secrets) expect(body).not.toContain(secret);
        expect(
          receiver.spans
            .flatMap((span) => Object.keys(span.attributes))
            .filter((key) => /header|cookie|authorization|password|variables|url\.query|db\.query\.text|db\.statement$/i.test(key)),
        ).toEqual([]);
      } finally {
        await instance.stop();
        await receiver.close();
      }
      // The instance's log lines for the draw carry its request id and its trace id.
      const { stdout } = await instance.output();
      const lines = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const drawLine = lines.find((line) => line.msg === 'request' && typeof line.requestId === 'string' && line.requestId.startsWith('draw-'));
      const drawTrace = receiver.spans.find((span) => span.kind === SERVER && span.attributes['countersign.request_id'] === drawLine?.requestId);
      expect(drawLine?.trace_id).toBe(drawTrace?.traceId);
    },
    60_000,
  );

  apiTest(
    'a SIGTERM exports the spans still queued before the process exits (JSON), and the default encoding is protobuf',
    async ({ api }) => {
      const receiver = await startOtlpReceiver();
      // A batch delay far beyond the test: only the stop's flush can send these spans.
      const instance = await spawnApi(api.db.url, {
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '600000',
      });
      try {
        const requestId = `last-${randomUUID()}`;
        const answer = await api.graphql('{ __typename }', {}, { headers: { 'x-request-id': requestId } }, instance.url);
        expect(answer.data?.__typename).toBe('Query');
        expect(receiver.spans).toEqual([]);
        await instance.stop();
        expect((await instance.output()).code).toBe(0);
        const { http, trace } = requestTrace(receiver.spans, requestId);
        expect(http?.name).toBe('POST /graphql');
        expect(trace.map((span) => span.name).sort()).toEqual(['POST /graphql', 'graphql query']);

        // No protocol named: OTLP/HTTP with protobuf bodies, the specification's default.
        const protobuf = await spawnApi(api.db.url, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '600000' });
        expect((await api.graphql('{ __typename }', {}, {}, protobuf.url)).data?.__typename).toBe('Query');
        await protobuf.stop();
        expect(receiver.protobufExports.length).toBeGreaterThan(0);
        expect(receiver.protobufExports.every((bytes) => bytes > 0)).toBe(true);
      } finally {
        await instance.stop();
        await receiver.close();
      }
    },
    60_000,
  );

  dbTest(
    'a notification’s deliveries are traces of their own: the fan-out and the endpoint’s send, their statements below them, the receiver’s host and answer, never its URL or secret',
    async ({ database }) => {
      const receiver = await startOtlpReceiver();
      const webhook = await startReceiver(answerJson(200, {}));
      // Only the traced instance runs here, so every delivery is its own (no other worker on this database).
      const instance = await spawnApi(database.url, {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '50',
      });
      const bus = new EventBus(database.url, testLog);
      await bus.start();
      try {
        const api = new TestApi(instance.url, database, bus);
        const owner = await api.owner();
        const queryToken = `qt-${randomUUID()}`;
        const endpoint = await createEndpoint(api, owner, { url: `${webhook.url}?token=${queryToken}`, events: ['SIGN_OFF_REQUESTED'] });
        webhook.secret.value = endpoint.secret;
        const agent = await api.agent(owner);
        await api.repository(owner, 'docs');
        await api.requestId(agent.key, { op: 'repository.mintToken', repository: 'docs', input: { scopes: ['read'], ttlHours: 1 } });
        await waitFor(() => webhook.received.length >= 1, 20_000);

        const sends = () => receiver.spans.filter((span) => span.name === 'deliver endpoint');
        await waitFor(() => sends().length >= 1 && receiver.spans.some((span) => span.name === 'deliver event'), 20_000);
        const send = sends()[0]!;
        expect(send).toMatchObject({
          parentSpanId: '',
          kind: 4,
          attributes: {
            'countersign.delivery.channel': 'endpoint',
            'countersign.delivery.attempt': 1,
            'server.address': '127.0.0.1',
            'http.response.status_code': 200,
            'countersign.delivery.ok': true,
          },
        });
        // Its statements (the endpoint's target, the settlement) arrive with it or just after: all below the send, named.
        await waitFor(() => receiver.spans.some((span) => span.parentSpanId === send.spanId), 20_000);
        const statements = receiver.spans.filter((span) => span.parentSpanId === send.spanId);
        expect(
          statements.every((span) => span.kind === CLIENT && span.traceId === send.traceId && /^db [A-Za-z]/.test(span.name) && span.name !== 'db unnamed'),
        ).toBe(true);
        const fanOut = receiver.spans.find((span) => span.name === 'deliver event')!;
        expect(fanOut.parentSpanId).toBe('');
        expect(fanOut.traceId).not.toBe(send.traceId);

        const secrets = [queryToken, endpoint.secret, webhook.url, agent.key, owner.password];
        for (const span of receiver.spans) for (const value of span.values) for (const secret of secrets) expect(value).not.toContain(secret);
        for (const body of receiver.bodies) for (const secret of secrets) expect(body).not.toContain(secret);
      } finally {
        await bus.stop();
        await instance.stop();
        await webhook.close();
        await receiver.close();
      }
    },
    60_000,
  );
});
