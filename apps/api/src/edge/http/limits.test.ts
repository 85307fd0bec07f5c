import { describe, expect } from 'vitest';
import { apiTest, dbTest, testConfig, testLog } from '../../../test/fixtures.js';
import { EventBus } from '../../platform/events/bus.js';
import { LIMITS } from '../graphql/limits.js';
import { spawnApi } from '../../../test/spawn-api.js';

async function post(url: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as { errors?: { message: string; extensions?: { code?: string } }[] } };
}

describe('request limits and refusals', () => {
  apiTest('refuses a body over the size limit with 413 before parsing it', async ({ api }) => {
    const padding = 'x'.repeat(LIMITS.maxBodyBytes + 1);
    const { status, body } = await post(api.url, JSON.stringify({ query: '{ viewer { __typename } }', variables: { padding } }));
    expect(status).toBe(413);
    expect(body.errors?.[0]).toEqual({ message: 'The request body is larger than the limit.', extensions: { code: 'BAD_INPUT' } });
  });

  apiTest('refuses malformed JSON with a clear error', async ({ api }) => {
    const { status, body } = await post(api.url, '{"query": "{ viewer');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toBe('The request body is not valid JSON.');
  });

  apiTest('refuses malformed GraphQL and unknown fields as BAD_INPUT', async ({ api }) => {
    const parse = await api.graphql('{ viewer { ');
    expect(parse.status).toBe(400);
    expect(parse.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const unknown = await api.graphql('{ nothingHere }');
    expect(unknown.errors?.[0]).toMatchObject({ message: 'Cannot query field "nothingHere" on type "Query".', extensions: { code: 'BAD_INPUT' } });
  });

  apiTest('refuses wrongly typed variables as BAD_INPUT and changes nothing', async ({ api }) => {
    const owner = await api.owner();
    const response = await api.graphql(
      'mutation($input: CreateAgentInput!) { createAgent(input: $input) { __typename } }',
      { input: { name: 42 } },
      { cookie: owner.cookie },
    );
    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(await api.db.prisma.agent.count()).toBe(0);
  });

  apiTest('refuses an operation nested deeper than the limit', async ({ api }) => {
    const withinLimit = `{ viewer { ... on Agent { owner { tenant { id } } } } }`;
    expect((await api.graphql(withinLimit)).errors).toBeUndefined();
    // The schema has no cycle deep enough yet, so nest through fragments: depth is counted on the document.
    let selection = 'id';
    for (let depth = 1; depth <= LIMITS.maxDepth + 1; depth++)
      selection = `owner { tenant { id } ... on Owner { ${depth % 2 ? 'tenant' : 'x'} { ${selection} } } }`;
    const response = await api.graphql(`{ viewer { ... on Agent { ${selection} } } }`);
    expect(response.status).toBe(400);
    expect(response.errors?.map((error) => error.message)).toContainEqual(expect.stringMatching(/^The operation is nested \d+ deep; the limit is 10\.$/));
    expect(response.errors?.every((error) => error.extensions?.code === 'BAD_INPUT')).toBe(true);
  });

  apiTest('refuses an operation with more aliases than the limit', async ({ api }) => {
    const aliases = Array.from({ length: LIMITS.maxAliases + 1 }, (_, i) => `a${i}: viewer { __typename }`).join(' ');
    const response = await api.graphql(`{ ${aliases} }`);
    expect(response.errors?.[0]).toMatchObject({
      message: `The operation uses ${LIMITS.maxAliases + 1} aliases; the limit is ${LIMITS.maxAliases}.`,
      extensions: { code: 'BAD_INPUT' },
    });
  });

  apiTest('refuses an operation with more tokens than the parser allows', async ({ api }) => {
    const response = await api.graphql(`{ ${'__typename '.repeat(LIMITS.maxTokens)} }`);
    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(response.errors?.[0]?.message).toMatch(/more that 2000 tokens/);
  });

  apiTest('refuses a cross-site form POST (no JSON content type) as a CSRF guard', async ({ api }) => {
    const owner = await api.owner();
    const body = JSON.stringify({ query: 'mutation { createAgent(input: { name: "csrf" }) { __typename } }' });
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const { status, body: answer } = await post(api.url, body, { 'content-type': contentType, cookie: owner.cookie, origin: 'https://evil.example' });
      expect(status).toBe(400);
      expect(answer.errors?.[0]?.message).toMatch(/Content-Type: application\/json/);
    }
    expect(await api.db.prisma.agent.count()).toBe(0);
  });

  apiTest('masks internal errors and keeps the message out of the response', async ({ api }) => {
    const owner = await api.owner();
    await api.db.pool.query('DROP TABLE agents CASCADE');
    const response = await api.graphql('{ agents { nodes { id } } }', {}, { cookie: owner.cookie });
    expect(response.errors?.[0]).toMatchObject({ message: 'Internal error: the failure has been logged.', extensions: { code: 'INTERNAL' } });
    expect(JSON.stringify(response.errors)).not.toMatch(/relation|agents.*does not exist/);
  });

  apiTest('answers /healthz and /readyz', async ({ api }) => {
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  dbTest('answers introspection in development and refuses it in production', async ({ database }) => {
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    for (const production of [false, true]) {
      const server = await spawnApi({ config: testConfig({ production }), db: database, bus, log: testLog });
      try {
        const { body } = await post(server.url, JSON.stringify({ query: '{ __schema { queryType { name } } }' }));
        if (production) expect(body.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
        else expect(body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
      } finally {
        await server.close();
      }
    }
    await bus.stop();
  });

  apiTest('refuses NUL characters in variables and in literals as BAD_INPUT, writing nothing', async ({ api }) => {
    const owner = await api.owner();
    const CREATE = 'mutation($input: CreateAgentInput!) { createAgent(input: $input) { __typename } }';
    const inVariables = await api.graphql(CREATE, { input: { name: 'nul\u0000agent' } }, { cookie: owner.cookie });
    expect(inVariables.status).toBe(400);
    expect(inVariables.errors?.[0]).toEqual({ message: 'Text may not contain NUL (\\u0000) characters.', extensions: { code: 'BAD_INPUT' } });
    const inLiteral = await api.graphql('mutation { createAgent(input: { name: "nul\\u0000agent" }) { __typename } }', {}, { cookie: owner.cookie });
    expect(inLiteral.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(await api.db.prisma.agent.count()).toBe(0);
  });

  apiTest('treats a malformed session cookie as signed out rather than failing', async ({ api }) => {
    const response = await api.graphql('{ viewer { __typename } }', {}, { cookie: 'countersign_session=%E0%A4%A' });
    expect(response.status).toBe(200);
    expect(response.data?.viewer).toBeNull();
  });
});
