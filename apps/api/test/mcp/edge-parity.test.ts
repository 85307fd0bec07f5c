import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import pg from 'pg';
import { describe, expect } from 'vitest';
import { LIMITS } from '../../src/edge/graphql/limits.js';
import type { RunningServer } from '../../src/edge/http/server.js';
import { apiTest, testConfig, testLog, TEST_CONNECTION_LIMITS } from '../fixtures.js';
import { lockWaiters, waitFor, type TestApi } from '../testkit.js';
import { call, connectClient, errorText, revokeAgent, structured } from './mcp-kit.js';
import { spawnApi } from '../spawn-api.js';

/*
 * `/mcp` runs its tools' GraphQL in this process, through the same edge as
 * `/graphql`: each kind of refusal is sent both ways and must come back with
 * the same code. Before, the tools called `/graphql` back over loopback, so
 * every agent's calls shared the server's own address in the per-address
 * connection cap, and their waits were bounded by nothing.
 */

type Fetch = typeof fetch;

/**
 * A fetch whose requests all go over one kept-alive connection (queued when
 * one is in progress), so a test knows exactly how many connections its
 * client holds from 127.0.0.1.
 */
function oneConnectionFetch(): { fetch: Fetch; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const oneConnection = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const headers = Object.fromEntries(new Headers(init?.headers));
    const body = typeof init?.body === 'string' ? init.body : undefined;
    return new Promise<Response>((resolve, reject) => {
      const request = http.request(url, { method: init?.method ?? 'GET', headers, agent }, (response) => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
        resolve(new Response(Readable.toWeb(response) as ReadableStream, { status: response.statusCode ?? 500, headers: responseHeaders }));
      });
      request.on('error', reject);
      init?.signal?.addEventListener('abort', () => request.destroy(new Error('aborted')), { once: true });
      request.end(body);
    });
  }) as Fetch;
  return { fetch: oneConnection, close: () => agent.destroy() };
}

/** An SDK client on `/mcp` of `url`, authenticated by an agent key, over `fetchImpl` when given. */
function connectHttp(url: string, key: string, fetchImpl?: Fetch): Promise<Client> {
  return connectClient(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    }),
  );
}

const ASK = `mutation($input: RequestSignOffInput!) {
  requestSignOff(input: $input) { __typename ... on SignOffRequested { signOff { id } } ... on DomainError { code } }
}`;

/** What `/graphql` answers a request: its status and its first error's code. */
async function graphqlOutcome(url: string, key: string, query: string, variables: Record<string, unknown> = {}, fetchImpl: Fetch = fetch) {
  const response = await fetchImpl(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
  return { status: response.status, code: body.errors?.[0]?.extensions?.code };
}

/** The code of a tool error (`CODE: message`). */
function toolCode(result: Awaited<ReturnType<typeof call>>): string {
  return errorText(result).split(':')[0]!;
}

/** Holds the agent's row lock, as a long ask of its own would, until released. */
async function holdAgentLock(api: TestApi, agentId: string) {
  const blocker = new pg.Client({ connectionString: api.db.url });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('SELECT 1 FROM agents WHERE id = $1 FOR NO KEY UPDATE', [agentId]);
  return async () => {
    await blocker.query('COMMIT');
    await blocker.end();
  };
}

/** A raw TCP connection from 127.0.0.1, held open (and counted against the address) until destroyed. */
async function holdConnection(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return socket;
}

/** Runs `work` against a second instance on the same database and bus, with `overrides`. */
async function withServer(api: TestApi, overrides: Parameters<typeof testConfig>[0], work: (server: RunningServer) => Promise<void>) {
  const server = await spawnApi({ config: testConfig(overrides), db: api.db, bus: api.bus, log: testLog });
  try {
    await work(server);
  } finally {
    await server.close();
  }
}

/** A whole answer, as a client compares them: status, the replay header, and each error's message and code. */
async function outcome(response: Response) {
  const body = (await response.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed'),
    errors: body.errors?.map((error) => ({ message: error.message, code: error.extensions?.code })),
  };
}

describe('/mcp runs its GraphQL through the same edge as /graphql', () => {
  apiTest('answers every document and body refusal in-process exactly as /graphql answers it over HTTP', async ({ api }) => {
    const owner = await api.owner();
    const { key } = await api.agent(owner);
    const repository = (await api.repository(owner)).name;
    await withServer(api, {}, async (server) => {
      const inProcess = server.inProcessGraphQL({ requestId: 'parity', clientAddress: '127.0.0.1' });
      let nested = 'id';
      for (let depth = 1; depth <= LIMITS.maxDepth + 1; depth++)
        nested = `owner { tenant { id } ... on Owner { ${depth % 2 ? 'tenant' : 'x'} { ${nested} } } }`;
      const aliases = Array.from({ length: LIMITS.maxAliases + 1 }, (_, i) => `a${i}: viewer { __typename }`).join(' ');
      let deepJson: unknown = 1;
      for (let level = 0; level < 70; level++) deepJson = [deepJson];
      const json = (value: unknown) => JSON.stringify(value);
      const refusals: { name: string; body: string; contentType?: string }[] = [
        { name: 'too deep a document', body: json({ query: `{ viewer { ... on Agent { ${nested} } } }` }) },
        { name: 'too many aliases', body: json({ query: `{ ${aliases} }` }) },
        { name: 'too many tokens', body: json({ query: `{ ${'viewer { __typename } '.repeat(LIMITS.maxTokens / 3)} }` }) },
        { name: 'a body over the limit', body: json({ query: '{ operations { op } }', variables: { padding: 'x'.repeat(LIMITS.maxBodyBytes) } }) },
        { name: 'JSON nested too deep', body: json({ query: '{ operations { op } }', variables: { deepJson } }) },
        { name: 'a NUL', body: json({ query: '{ operations { op } }', variables: { text: 'a\u0000b' } }) },
        { name: 'malformed JSON', body: '{"query": ' },
        { name: 'no JSON content type', body: json({ query: '{ operations { op } }' }), contentType: 'text/plain' },
        { name: 'an unknown field', body: json({ query: '{ nothingHere }' }) },
      ];
      for (const { name, body, contentType = 'application/json' } of refusals) {
        const init = { method: 'POST', headers: { 'content-type': contentType, authorization: `Bearer ${key}` }, body };
        const overHttp = await outcome(await fetch(`${server.url}/graphql`, init));
        expect(overHttp.status, name).toBeGreaterThanOrEqual(400);
        expect(
          overHttp.errors?.every((error) => error.code === 'BAD_INPUT'),
          name,
        ).toBe(true);
        expect(await outcome(await inProcess('http://unused/graphql', init)), name).toEqual(overHttp);
      }

      // The idempotency plugin runs in-process too: the same key answers the first write again, marked a replay.
      const write = (idempotencyKey: string) => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
        body: json({ query: ASK, variables: { input: { op: 'repository.mintToken', repository, input: { scopes: ['read'], ttlHours: 1 }, summary: 'x' } } }),
      });
      const first = await inProcess('http://unused/graphql', write('parity-1'));
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await inProcess('http://unused/graphql', write('parity-1'));
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.json()).toEqual(await first.json());
    });
  });

  apiTest('refuses an input nested too deep, one holding NUL and a body over the limit with the code /graphql gives them', async ({ api }) => {
    const owner = await api.owner();
    const { key } = await api.agent(owner);
    const repository = (await api.repository(owner)).name;
    const client = await connectHttp(api.url, key);
    try {
      let deep: unknown = 'bottom';
      for (let level = 0; level < 70; level++) deep = { inner: deep };
      for (const input of [
        { scopes: ['read'], ttlHours: 1, deep },
        { scopes: ['read\u0000'], ttlHours: 1 },
      ]) {
        const direct = await graphqlOutcome(api.url, key, ASK, { input: { op: 'repository.mintToken', repository, input, summary: 'x' } });
        expect(direct).toEqual({ status: 400, code: 'BAD_INPUT' });
        const viaMcp = await call(client, 'request_sign_off', { op: 'repository.mintToken', repository, input, summary: 'x' });
        expect(toolCode(viaMcp)).toBe(direct.code);
      }

      const huge = { scopes: ['read'], ttlHours: 1, padding: 'x'.repeat(70 * 1024) };
      expect(await graphqlOutcome(api.url, key, ASK, { input: { op: 'repository.mintToken', repository, input: huge, summary: 'x' } })).toEqual({
        status: 413,
        code: 'BAD_INPUT',
      });
      await expect(call(client, 'request_sign_off', { op: 'repository.mintToken', repository, input: huge, summary: 'x' })).rejects.toThrow(/BAD_INPUT/);
      const raw = await fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'request_sign_off', arguments: { input: huge } } }),
      });
      expect(raw.status).toBe(413);
      expect(((await raw.json()) as { error: { data: { code: string } } }).error.data.code).toBe('BAD_INPUT');
      // Nothing was asked by any of them.
      expect(structured(await call(client, 'list_my_sign_offs', {})).signOffs).toEqual([]);
    } finally {
      await client.close();
    }
  });

  apiTest('refuses a dead key as UNAUTHENTICATED both ways', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const client = await connectHttp(api.url, agent.key);
    try {
      expect(structured(await call(client, 'list_operations', {})).operations).toEqual(
        expect.arrayContaining([expect.objectContaining({ op: 'repository.mintToken' })]),
      );
      await revokeAgent(api, owner, agent.id);
      expect(await graphqlOutcome(api.url, agent.key, '{ operations { op } }')).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
      const raw = await fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${agent.key}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_operations', arguments: {} } }),
      });
      expect(raw.status).toBe(401);
      expect(((await raw.json()) as { error: { data: { code: string } } }).error.data.code).toBe('UNAUTHENTICATED');
      await expect(call(client, 'list_operations', {})).rejects.toThrow(/UNAUTHENTICATED/);
    } finally {
      await client.close();
    }
  });

  apiTest(
    "counts the tools' calls in the agent's requests in flight: over the bound both ways are RATE_LIMITED, while another agent is served",
    async ({ api }) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const other = await api.agent(owner);
      const repository = (await api.repository(owner)).name;
      await withServer(api, { maxConcurrentPerPrincipal: 2 }, async (server) => {
        const client = await connectHttp(server.url, agent.key);
        const otherClient = await connectHttp(server.url, other.key);
        const release = await holdAgentLock(api, agent.id);
        try {
          const variables = (i: number) => ({ input: { op: 'repository.mintToken', repository, input: { scopes: ['read'], ttlHours: i }, summary: 'x' } });
          const held = [graphqlOutcome(server.url, agent.key, ASK, variables(1)), graphqlOutcome(server.url, agent.key, ASK, variables(2))];
          await waitFor(async () => (await lockWaiters(api)) === 2);
          expect(await graphqlOutcome(server.url, agent.key, '{ operations { op } }')).toEqual({ status: 429, code: 'RATE_LIMITED' });
          expect(toolCode(await call(client, 'list_operations', {}))).toBe('RATE_LIMITED');
          expect(
            toolCode(
              await call(client, 'request_sign_off', { op: 'repository.mintToken', repository, input: { scopes: ['read'], ttlHours: 3 }, summary: 'x' }),
            ),
          ).toBe('RATE_LIMITED');
          // Another agent of the same tenant, also through /mcp, is not held back.
          expect(structured(await call(otherClient, 'list_operations', {})).operations).not.toEqual([]);
          await release();
          expect(await Promise.all(held)).toEqual([
            { status: 200, code: undefined },
            { status: 200, code: undefined },
          ]);
          // The slots came back.
          expect(structured(await call(client, 'list_operations', {})).operations).not.toEqual([]);
        } finally {
          await Promise.all([client.close(), otherClient.close()]);
        }
      });
    },
  );

  apiTest(
    "charges the tools to the client's own connection, not the server's address: below the share both are served, over it both are refused",
    async ({ api }) => {
      const owner = await api.owner();
      const { key } = await api.agent(owner);
      const repository = (await api.repository(owner)).name;
      const connections = { ...TEST_CONNECTION_LIMITS, maxConnectionsPerClient: 2, headersTimeoutMs: 60_000 };
      await withServer(api, { connections }, async (server) => {
        const port = new URL(server.url).port;
        // One of the address's two places is taken; the client below holds the other.
        const held = await holdConnection(Number(port));
        const mine = oneConnectionFetch();
        const client = await connectHttp(server.url, key, mine.fetch);
        try {
          // Each tool call used to open a second connection from this address (back to /graphql) and was refused 503.
          expect(structured(await call(client, 'list_operations', {})).operations).not.toEqual([]);
          const asked = structured(
            await call(client, 'request_sign_off', { op: 'repository.mintToken', repository, input: { scopes: ['read'], ttlHours: 1 }, summary: 'x' }),
          );
          expect(asked).toMatchObject({ state: 'PENDING', existing: false });
          expect(structured(await call(client, 'wait_for_decision', { id: asked.id, timeoutSeconds: 1 }))).toMatchObject({ decided: false });
          expect(await graphqlOutcome(server.url, key, '{ operations { op } }', {}, mine.fetch)).toEqual({ status: 200, code: undefined });

          // A third connection from the address is refused before any HTTP, whichever path it asks for.
          for (const path of ['/graphql', '/mcp']) {
            const fresh = oneConnectionFetch();
            try {
              const response = await fresh.fetch(`${server.url}${path}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
                body: JSON.stringify({ query: '{ operations { op } }' }),
              });
              expect(response.status, path).toBe(503);
              expect(((await response.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code, path).toBe('UNAVAILABLE');
            } finally {
              fresh.close();
            }
          }
        } finally {
          await client.close();
          mine.close();
          held.destroy();
        }
      });
    },
  );
});

describe('waits on /mcp', () => {
  /** Asks for a fresh token (a new request each time), answering its id. */
  const ask = (api: TestApi, key: string, repository: string, ttlHours: number) =>
    api.requestId(key, { op: 'repository.mintToken', repository, input: { scopes: ['read'], ttlHours } });

  apiTest(
    'admits COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT waits of one agent and answers RATE_LIMITED beyond, outside the requests in flight; many at once, repeated',
    async ({ api }) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const other = await api.agent(owner);
      const repository = (await api.repository(owner)).name;
      await withServer(api, { mcpMaxWaitsPerAgent: 3, maxConcurrentPerPrincipal: 2 }, async (server) => {
        const client = await connectHttp(server.url, agent.key);
        const otherClient = await connectHttp(server.url, other.key);
        try {
          for (let round = 1; round <= 4; round++) {
            const id = await ask(api, agent.key, repository, round);
            const waits = Array.from({ length: 12 }, () => call(client, 'wait_for_decision', { id, timeoutSeconds: 40 }));
            const settled: { code?: string; decided?: unknown }[] = [];
            for (const wait of waits)
              void wait.then((result) => settled.push(result.isError ? { code: toolCode(result) } : { decided: result.structuredContent?.decided }));
            // The refusals come at once; the three admitted waits hold.
            await waitFor(() => settled.length === 9, 15_000);
            expect(settled).toEqual(Array(9).fill({ code: 'RATE_LIMITED' }));
            expect(toolCode(await call(client, 'wait_for_decision', { id, timeoutSeconds: 1 }))).toBe('RATE_LIMITED');
            // Waiting holds none of the two requests in flight: the agent's other calls go on.
            expect(structured(await call(client, 'get_sign_off', { id })).signOff).toMatchObject({ id, state: 'PENDING' });
            expect(structured(await call(client, 'list_operations', {})).operations).not.toEqual([]);
            // The bound is per agent: another agent of the tenant waits meanwhile.
            const othersId = await ask(api, other.key, repository, round);
            expect(structured(await call(otherClient, 'wait_for_decision', { id: othersId, timeoutSeconds: 1 }))).toMatchObject({ decided: false });

            await api.decide(owner.cookie, id, false, `round ${round}`);
            await Promise.all(waits);
            expect(settled.slice(9)).toEqual(Array(3).fill({ decided: true }));
          }
          // Every place was given back.
          const last = await ask(api, agent.key, repository, 99);
          const answers = await Promise.all(Array.from({ length: 3 }, () => call(client, 'wait_for_decision', { id: last, timeoutSeconds: 1 })));
          expect(answers.map((answer) => structured(answer).decided)).toEqual([false, false, false]);
        } finally {
          await Promise.all([client.close(), otherClient.close()]);
        }
      });
    },
  );

  apiTest('gives a place back when the host goes away mid-wait', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repository = (await api.repository(owner)).name;
    await withServer(api, { mcpMaxWaitsPerAgent: 1 }, async (server) => {
      const leavingConnection = oneConnectionFetch();
      const leaving = await connectHttp(server.url, agent.key, leavingConnection.fetch);
      const client = await connectHttp(server.url, agent.key);
      try {
        const id = await ask(api, agent.key, repository, 1);
        const listening = api.bus.subscriberCount;
        const abandoned = leaving.callTool({ name: 'wait_for_decision', arguments: { id, timeoutSeconds: 40 } });
        abandoned.catch(() => undefined);
        // Admitted: it listens on the bus.
        await waitFor(() => api.bus.subscriberCount > listening);
        expect(toolCode(await call(client, 'wait_for_decision', { id, timeoutSeconds: 1 }))).toBe('RATE_LIMITED');
        // The host's connection drops mid-wait (closing an SDK client alone leaves its open response be).
        leavingConnection.close();
        await waitFor(async () => !(await call(client, 'wait_for_decision', { id, timeoutSeconds: 1 })).isError);
      } finally {
        await Promise.all([client.close(), leaving.close()]);
      }
    });
  });

  apiTest('waits an hour at most, also when the host sends progress', async ({ api }) => {
    const owner = await api.owner();
    const { key } = await api.agent(owner);
    const repository = (await api.repository(owner)).name;
    const id = await ask(api, key, repository, 1);
    await api.decide(owner.cookie, id, false);
    const client = await connectHttp(api.url, key);
    try {
      const answer = await client.callTool({ name: 'wait_for_decision', arguments: { id, timeoutSeconds: 86_400 } }, undefined, {
        onprogress: () => undefined,
      });
      expect(answer.structuredContent).toMatchObject({ id, state: 'DENIED', decided: true, waitedUpTo: 3_600 });
    } finally {
      await client.close();
    }
  });
});
