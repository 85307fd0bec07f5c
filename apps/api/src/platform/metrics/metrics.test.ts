import { describe, expect } from 'vitest';
import { dbTest, testConfig, testLog } from '../../../test/fixtures.js';
import { collect, TestApi, text, unique, waitFor } from '../../../test/testkit.js';
import { decide, MINT, threeOwners } from '../../../test/two-person-kit.js';
import { EventBus } from '../events/bus.js';
import type { MetricsSettings } from './settings.js';
import { spawnApi } from '../../../test/spawn-api.js';
import { lintExposition } from '../../../test/prom-lint.js';
import { connect } from 'node:net';

const TOKEN = 'scrape-token-5f1e0c3a9b7d4e2f8a6c';

/** `api` is a server with `/metrics` as `settings` say (open by default). */
function metricsTest(settings: MetricsSettings = { enabled: true, token: undefined }) {
  return dbTest.extend<{ api: TestApi }>({
    api: async ({ database }, use) => {
      const bus = new EventBus(database.url, testLog);
      await bus.start();
      const server = await spawnApi({ config: testConfig({ metrics: settings }), db: database, bus, log: testLog });
      await use(new TestApi(server.url, database, bus));
      await server.close();
      await bus.stop();
    },
  });
}

const openTest = metricsTest();
const tokenTest = metricsTest({ enabled: true, token: TOKEN });
const offTest = metricsTest({ enabled: false, token: undefined });

/** The exposition's samples, by series (name and labels as written). */
async function scrape(api: TestApi, headers: Record<string, string> = {}): Promise<{ text: string; samples: Map<string, number> }> {
  const response = await fetch(`${api.url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return { text, samples };
}

/** How much each series moved between two scrapes (absent before: from 0); unmoved series are left out. */
function moved(before: Map<string, number>, after: Map<string, number>, prefix: string): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const [series, value] of after) {
    if (!series.startsWith(prefix)) continue;
    const change = value - (before.get(series) ?? 0);
    if (change !== 0) delta[series] = change;
  }
  return delta;
}

const SIGN_IN = 'mutation($input: SignInInput!) { signIn(input: $input) { __typename } }';
const REQUEST = `mutation($input: RequestSignOffInput!) { requestSignOff(input: $input) { __typename ... on SignOffRequested { signOff { id } } } }`;

describe('/metrics', () => {
  offTest('is absent (404, like any unknown path) when neither COUNTERSIGN_METRICS=on nor a token is set', async ({ api }) => {
    const response = await fetch(`${api.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'NOT_FOUND' } }] });
    // Even with a bearer token: there is nothing to authorise.
    expect((await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  tokenTest(
    'with a token, refuses a scrape without it or with another one (401, WWW-Authenticate: Bearer) and answers one that carries it',
    async ({ api }) => {
      for (const authorization of [
        undefined,
        'Bearer wrong-token-0000000000000000',
        `Bearer ${TOKEN}x`,
        `Basic ${TOKEN}`,
        TOKEN,
        `Bearer ${TOKEN.slice(0, -1)}`,
      ]) {
        const response = await fetch(`${api.url}/metrics`, { headers: authorization === undefined ? {} : { authorization } });
        expect(response.status, authorization).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
        const body = await response.text();
        expect(body).not.toContain('countersign_');
        expect(body).not.toContain(TOKEN);
      }
      const { text } = await scrape(api, { authorization: `Bearer ${TOKEN}` });
      expect(text).toContain('# TYPE countersign_http_requests_total counter');
      expect(text).not.toContain(TOKEN);
    },
  );

  openTest('with COUNTERSIGN_METRICS=on, answers anyone with every metric, process figures included', async ({ api }) => {
    const { text } = await scrape(api);
    for (const name of [
      'countersign_http_requests_total',
      'countersign_http_request_duration_seconds',
      'countersign_graphql_operations_total',
      'countersign_graphql_operation_duration_seconds',
      'countersign_websocket_connections',
      'countersign_websocket_subscriptions',
      'countersign_db_pool_connections',
      'countersign_db_pool_idle',
      'countersign_db_pool_in_use',
      'countersign_db_pool_waiting',
      'countersign_db_pool_max',
      'countersign_db_pool_acquire_timeout_seconds',
      'countersign_db_statement_timeout_seconds',
      'countersign_db_lock_timeout_seconds',
      'countersign_db_idle_in_transaction_timeout_seconds',
      'countersign_db_query_timeout_seconds',
      'countersign_db_pool_acquire_seconds',
      'countersign_database_up',
      'countersign_build_info',
      'countersign_requests_in_flight',
      'countersign_event_bus_reconnects_total',
      'countersign_event_bus_connected',
      'countersign_event_bus_delivery_lag_seconds',
      'countersign_outbox_depth',
      'countersign_outbox_oldest_age_seconds',
      'countersign_sign_offs',
      'countersign_sign_off_decision_seconds',
      'countersign_draws_total',
      'countersign_idempotency_replays_total',
      'countersign_idempotency_conflicts_total',
      'countersign_sign_in_throttled_total',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    expect(text).toContain('countersign_event_bus_connected 1');
    expect(text).toContain('countersign_database_up 1');
    expect(text).toMatch(/^countersign_build_info\{version="\d+\.\d+\.\d+",commit="([0-9a-f]{40}|unknown)",node="v\d+\.\d+\.\d+"\} 1$/m);
    // The pools as database.ts sizes and bounds them (test config: the defaults).
    for (const [series, value] of [
      ['countersign_db_pool_max{pool="main"}', 20],
      ['countersign_db_pool_max{pool="write"}', 10],
      ['countersign_db_pool_acquire_timeout_seconds{pool="main"}', 15],
      ['countersign_db_statement_timeout_seconds{pool="main"}', 15],
      ['countersign_db_lock_timeout_seconds{pool="write"}', 5],
      ['countersign_db_idle_in_transaction_timeout_seconds{pool="main"}', 60],
      ['countersign_db_query_timeout_seconds{pool="main"}', 20],
    ] as const)
      expect(text).toContain(`${series} ${value}\n`);
    // What promtool check metrics would say of it: nothing.
    expect(lintExposition(text)).toEqual([]);
    expect(text).not.toMatch(/^# TYPE \S+_total (gauge|histogram|summary)$/m);
    expect(text).toContain('countersign_sign_offs{state="partially_approved"} 0');
    expect(text).toContain('countersign_outbox_depth{channel="webhook"} 0');
  });

  openTest('moves by exactly the traffic sent: draws, a decision, a bad request, a replay, a throttled sign-in, a subscription', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const authority = await api.authority(owner, agent.id, { tokens: 10, draws: 2 });
    const before = await scrape(api);

    let posts = 0;
    const post = async <T>(call: Promise<T>) => {
      posts += 1;
      return call;
    };
    // Two draws, a replay of the second (same dispatch key, same amount), and one past the ceiling.
    expect(await post(api.draw(agent.key, { authority, dispatchKey: 'dispatch-one', tokens: 4 }))).toMatchObject({ __typename: 'Drawn', replayed: false });
    expect(await post(api.draw(agent.key, { authority, dispatchKey: 'd2', tokens: 4 }))).toMatchObject({ __typename: 'Drawn', replayed: false });
    expect(await post(api.draw(agent.key, { authority, dispatchKey: 'd2', tokens: 4 }))).toMatchObject({ __typename: 'Drawn', replayed: true });
    expect(await post(api.draw(agent.key, { authority, dispatchKey: 'd3', tokens: 1 }))).toMatchObject({ code: 'EXHAUSTED' });
    // A request, asked with an Idempotency-Key, sent twice: the second is a replay.
    const ask = { input: { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['write'], ttlHours: 3 }, summary: 'please' } };
    const asked = await post(api.graphql(REQUEST, ask, { key: agent.key, headers: { 'idempotency-key': 'ask-1' } }));
    const replayed = await post(api.graphql(REQUEST, ask, { key: agent.key, headers: { 'idempotency-key': 'ask-1' } }));
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const id = text(asked.data?.requestSignOff?.signOff?.id);
    expect(replayed.data?.requestSignOff?.signOff?.id).toBe(id);
    // The same key for another request: a conflict.
    const reused = await post(api.graphql(REQUEST, { input: { ...ask.input, summary: 'other' } }, { key: agent.key, headers: { 'idempotency-key': 'ask-1' } }));
    expect(reused.errors?.[0]?.extensions?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await post(api.decide(owner.cookie, id, true))).toMatchObject({ __typename: 'SignOffDecided' });
    // Deciding again decides nothing: not a second observation.
    expect(await post(api.decide(owner.cookie, id, false))).toMatchObject({ __typename: 'SignOffClosed' });
    // A document that does not parse.
    const bad = await post(api.graphql('mutation { drawAuthority('));
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    // Eleven wrong passwords at one address from one client: the eleventh is refused unchecked.
    for (let attempt = 1; attempt <= 11; attempt++) {
      const response = await post(
        api.graphql(SIGN_IN, { input: { email: owner.email, password: `wrong ${attempt}` } }, { headers: { 'x-forwarded-for': '198.51.100.7' } }),
      );
      expect(response.status, `attempt ${attempt}`).toBe(attempt <= 10 ? 200 : 429);
    }
    // A subscription, open while scraped.
    const client = api.subscriber({ key: agent.key });
    const events = collect(client, 'subscription { authorityEvents { authority { id } } }');
    await events.ready;
    let scrapes = 0;
    await waitFor(async () => {
      scrapes += 1;
      return (await scrape(api)).samples.get('countersign_websocket_subscriptions') === 1;
    });
    // An event the subscription takes: the bus's delivery lag has one observation.
    expect(await post(api.draw(agent.key, { authority, dispatchKey: 'd4', tokens: 1 }))).toMatchObject({ code: 'EXHAUSTED' });
    await post(
      api.graphql(
        `mutation($input: RevokeAuthorityInput!) { revokeAuthority(input: $input) { __typename } }`,
        { input: { authority, reason: 'done' } },
        { cookie: owner.cookie },
      ),
    );
    await events.until(1);

    const after = await scrape(api);
    client.terminate();
    const by = (prefix: string) => moved(before.samples, after.samples, prefix);
    expect(by('countersign_draws_total')).toEqual({
      'countersign_draws_total{outcome="drawn"}': 2,
      'countersign_draws_total{outcome="replayed"}': 1,
      'countersign_draws_total{outcome="exhausted"}': 2,
    });
    expect(by('countersign_graphql_operations_total')).toEqual({
      'countersign_graphql_operations_total{type="mutation",field="drawAuthority",result="success"}': 3,
      'countersign_graphql_operations_total{type="mutation",field="drawAuthority",result="EXHAUSTED"}': 2,
      // The replay is answered without running; it counts like the first.
      'countersign_graphql_operations_total{type="mutation",field="requestSignOff",result="success"}': 2,
      'countersign_graphql_operations_total{type="mutation",field="requestSignOff",result="IDEMPOTENCY_KEY_REUSED"}': 1,
      'countersign_graphql_operations_total{type="mutation",field="decideSignOff",result="success"}': 1,
      'countersign_graphql_operations_total{type="mutation",field="decideSignOff",result="SIGN_OFF_CLOSED"}': 1,
      'countersign_graphql_operations_total{type="none",field="none",result="BAD_INPUT"}': 1,
      'countersign_graphql_operations_total{type="mutation",field="signIn",result="INVALID_CREDENTIALS"}': 10,
      'countersign_graphql_operations_total{type="mutation",field="signIn",result="RATE_LIMITED"}': 1,
      'countersign_graphql_operations_total{type="mutation",field="revokeAuthority",result="success"}': 1,
    });
    expect(by('countersign_sign_off_decision_seconds_count')).toEqual({ 'countersign_sign_off_decision_seconds_count{decision="approved"}': 1 });
    expect(by('countersign_idempotency_')).toEqual({
      countersign_idempotency_replays_total: 1,
      'countersign_idempotency_conflicts_total{code="key_reused"}': 1,
    });
    expect(by('countersign_sign_in_throttled_total')).toEqual({ 'countersign_sign_in_throttled_total{by="address_from_client"}': 1 });
    // Every POST, and the scrapes before the last (a scrape's own answer is counted once written).
    const http = by('countersign_http_requests_total');
    expect(http).toEqual({
      'countersign_http_requests_total{route="graphql",status_class="2xx"}': posts - 3,
      'countersign_http_requests_total{route="graphql",status_class="4xx"}': 1 + 1 + 1,
      'countersign_http_requests_total{route="metrics",status_class="2xx"}': 1 + scrapes,
    });
    expect(after.samples.get('countersign_websocket_connections')).toBe(1);
    expect(after.samples.get('countersign_websocket_subscriptions')).toBe(1);
    expect(by('countersign_event_bus_delivery_lag_seconds_count')).toEqual({ countersign_event_bus_delivery_lag_seconds_count: 1 });
    expect(after.samples.get('countersign_event_bus_reconnects_total')).toBe(0);
    expect(after.samples.get('countersign_db_pool_waiting{pool="main"}')).toBe(0);
    expect(after.samples.get('countersign_db_pool_connections{pool="main"}')).toBeGreaterThan(0);
    // Every checkout of the main pool was timed: the traffic above took many.
    expect(after.samples.get('countersign_db_pool_acquire_seconds_count{pool="main"}')).toBeGreaterThan(
      before.samples.get('countersign_db_pool_acquire_seconds_count{pool="main"}') ?? 0,
    );

    // Nothing that names a tenant, an owner, an agent or a row: no key, email, name or id.
    for (const secret of [
      agent.key,
      agent.id,
      owner.email,
      owner.tenantName,
      owner.cookie.split('=')[1]!,
      authority,
      id,
      repo.id,
      repo.name,
      'ask-1',
      'dispatch-one',
      '198.51.100.7',
    ])
      expect(after.text, secret).not.toContain(secret);
    expect(after.text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(after.text).not.toMatch(/@/);

    // The database gauges are read at most every few seconds (one reading serves the scrapes meanwhile):
    // the one request, decided, shows once a reading is taken after the decision.
    const states = await api.db.pool.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM sign_offs GROUP BY state`);
    expect(states.rows).toHaveLength(1);
    expect(states.rows[0]!.state).not.toBe('pending');
    await waitFor(async () => (await scrape(api)).samples.get(`countersign_sign_offs{state="${states.rows[0]!.state}"}`) === 1);
    const settled = await scrape(api);
    expect(settled.samples.get('countersign_sign_offs{state="pending"}')).toBe(0);
    expect(settled.samples.get('countersign_sign_offs{state="partially_approved"}')).toBe(0);
  });

  openTest('counts a two-person request as partially_approved after the first approval and times its decision only at the second', async ({ api }) => {
    const { owner, second, third, agent, repo } = await threeOwners(api);
    const id = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: MINT.input });
    const before = await scrape(api);
    expect(await decide(api, owner, id, true)).toMatchObject({ signOff: { state: 'PARTIALLY_APPROVED' } });
    const first = await scrape(api);
    expect(moved(before.samples, first.samples, 'countersign_sign_off_decision_seconds_count')).toEqual({});
    // The gauges are re-read within a few seconds of the approval (one reading serves the scrapes meanwhile).
    await waitFor(async () => (await scrape(api)).samples.get('countersign_sign_offs{state="partially_approved"}') === 1);
    // The same owner again: refused, nothing decided; then the second owner decides it; a third finds it closed.
    expect(await decide(api, owner, id, true)).toMatchObject({ code: 'SECOND_APPROVER_REQUIRED' });
    expect(await decide(api, second, id, true)).toMatchObject({ __typename: 'SignOffDecided' });
    expect(await decide(api, third, id, false)).toMatchObject({ __typename: 'SignOffClosed' });
    const after = await scrape(api);
    expect(moved(before.samples, after.samples, 'countersign_sign_off_decision_seconds_count')).toEqual({
      'countersign_sign_off_decision_seconds_count{decision="approved"}': 1,
    });
    expect(moved(before.samples, after.samples, 'countersign_graphql_operations_total')).toEqual({
      'countersign_graphql_operations_total{type="mutation",field="decideSignOff",result="success"}': 2,
      'countersign_graphql_operations_total{type="mutation",field="decideSignOff",result="SECOND_APPROVER_REQUIRED"}': 1,
      'countersign_graphql_operations_total{type="mutation",field="decideSignOff",result="SIGN_OFF_CLOSED"}': 1,
    });
    await waitFor(async () => (await scrape(api)).samples.get('countersign_sign_offs{state="partially_approved"}') === 0);
  });

  openTest('keeps the root field label to the schema’s fields whatever operation names and fields clients send', async ({ api }) => {
    const before = await scrape(api);
    const names = Array.from({ length: 50 }, () => unique('Op').replaceAll('-', '_'));
    const fields = Array.from({ length: 50 }, () => unique('unknownField').replaceAll('-', '_'));
    const answers = await Promise.all([
      ...names.map((name) => api.graphql(`query ${name} { __typename }`)),
      ...names.map((name) => api.graphql(`query ${name} { me { __typename } }`)),
      ...fields.map((field) => api.graphql(`query { ${field} }`)),
      ...fields.map((field) => api.graphql(`mutation ${field} { ${field}(input: 1) { id } }`)),
    ]);
    expect(answers.filter((answer) => answer.status === 200 || answer.status === 400 || answer.status === 401)).toHaveLength(200);
    const after = await scrape(api);
    const series = Object.keys(moved(before.samples, after.samples, 'countersign_graphql_operations_total'));
    // __typename alone is no root field of the schema: `other`; unknown fields fail validation: `none`.
    expect(series.length).toBeLessThanOrEqual(4);
    for (const line of series) expect(line).toMatch(/field="(other|me|none)"/);
    for (const made of [...names, ...fields]) expect(after.text).not.toContain(made);
    const total = series.reduce((sum, line) => sum + (after.samples.get(line)! - (before.samples.get(line) ?? 0)), 0);
    expect(total).toBe(200);
  });

  openTest('counts requests in flight by kind: a GraphQL and an MCP request held open, a WebSocket subscription, the scrape itself', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const inFlight = async () => {
      const { samples } = await scrape(api);
      return Object.fromEntries(['graphql', 'mcp', 'websocket', 'other'].map((kind) => [kind, samples.get(`countersign_requests_in_flight{kind="${kind}"}`)]));
    };
    // Only the scrape itself is being served.
    expect(await inFlight()).toEqual({ graphql: 0, mcp: 0, websocket: 0, other: 1 });
    // Two requests whose bodies have not all arrived: in flight until they are answered (/mcp reads an agent's only).
    const { port } = new URL(api.url);
    const held = ['/graphql', '/mcp'].map((path) => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${agent.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":`,
      );
      return socket;
    });
    const client = api.subscriber({ key: agent.key });
    const events = collect(client, 'subscription { authorityEvents { authority { id } } }');
    await events.ready;
    try {
      await waitFor(async () => JSON.stringify(await inFlight()) === JSON.stringify({ graphql: 1, mcp: 1, websocket: 1, other: 1 }));
    } finally {
      for (const socket of held) socket.destroy();
      client.terminate();
    }
    // A request whose client went away is no longer in flight, nor is the socket's subscription.
    await waitFor(async () => JSON.stringify(await inFlight()) === JSON.stringify({ graphql: 0, mcp: 0, websocket: 0, other: 1 }));
  });
});
