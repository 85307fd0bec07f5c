import express from 'express';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { apiTest, dbTest, testConfig, testLog } from '../../../test/fixtures.js';
import { ofType } from '../../../test/matchers.js';
import { EventBus } from '../../platform/events/bus.js';
import { containsNul } from '../graphql/limits.js';
import { createErrorHandler } from './error-handler.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './guards.js';
import { spawnApi } from '../../../test/spawn-api.js';

/** `depth` arrays inside one another, built as text so building cannot overflow either. */
function nestedArrays(depth: number, inner = '0'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

async function send(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), text };
}

describe('client mistakes are BAD_INPUT in a GraphQL-shaped body, never a 500', () => {
  apiTest('refuses variables nested 30,000 arrays deep as BAD_INPUT and keeps serving', async ({ api }) => {
    const body = `{"query":"{ viewer { __typename } }","variables":{"v":${nestedArrays(30_000)}}}`;
    const answer = await send(`${api.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toEqual({
      errors: [{ message: `The request body nests JSON more than ${MAX_JSON_DEPTH} levels deep.`, extensions: { code: 'BAD_INPUT' } }],
    });
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  });

  apiTest('accepts a body nested exactly to the depth bound', async ({ api }) => {
    // The body object and `variables` are two levels; the arrays make up the rest.
    const body = `{"query":"{ viewer { __typename } }","variables":{"v":${nestedArrays(MAX_JSON_DEPTH - 2)}}}`;
    const answer = await send(`${api.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(JSON.parse(answer.text)).toEqual({ data: { viewer: null } });
  });

  apiTest("refuses a NUL or deep nesting in a GET request's variables as it does in a POST body", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const get = async (variables: string) => {
      const query = encodeURIComponent('query($name: String!) { manifestVersions(name: $name) { nodes { version } } }');
      const response = await fetch(`${api.url}/graphql?query=${query}&variables=${encodeURIComponent(variables)}`, {
        headers: { authorization: `Bearer ${agent.key}`, 'apollo-require-preflight': '1' },
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await get('{"name":"a\\u0000b"}')).toEqual({
      status: 400,
      body: { errors: [{ message: 'Text may not contain NUL (\\u0000) characters.', extensions: { code: 'BAD_INPUT' } }] },
    });
    expect(await get(`{"name":"x","deep":${nestedArrays(2_000)}}`)).toEqual({
      status: 400,
      body: { errors: [{ message: `The request body nests JSON more than ${MAX_JSON_DEPTH} levels deep.`, extensions: { code: 'BAD_INPUT' } }] },
    });
    expect(await get('{"name":"fine"}')).toEqual({ status: 200, body: { data: { manifestVersions: { nodes: [] } } } });
  });

  apiTest('refuses an authority window starting in year -200000 as BAD_INPUT and issues nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const issue = 'mutation($input: IssueAuthorityInput!) { issueAuthority(input: $input) { __typename } }';
    const asVariable = await api.graphql(
      issue,
      { input: { agent: agent.id, name: 'far past', tokens: 1, notBefore: '-200000-01-01T00:00:00Z' } },
      { cookie: owner.cookie },
    );
    expect(asVariable.status).toBe(400);
    expect(asVariable.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_INPUT']);
    const asLiteral = await api.graphql(
      `mutation { issueAuthority(input: { agent: "${agent.id}", name: "far past", tokens: 1, notBefore: "-200000-01-01T00:00:00Z" }) { __typename } }`,
      {},
      { cookie: owner.cookie },
    );
    expect(asLiteral.status).toBe(400);
    expect(asLiteral.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_INPUT']);
    expect(await api.db.prisma.authority.count()).toBe(0);
  });

  apiTest('answers a path nothing serves with a JSON NOT_FOUND, not an HTML page', async ({ api }) => {
    const answer = await send(`${api.url}/nothing-here`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual({ errors: [{ message: 'Nothing is served at POST /nothing-here.', extensions: { code: 'NOT_FOUND' } }] });
  });

  dbTest('answers a malformed URL for the console with JSON BAD_INPUT, not an HTML page', async ({ database }) => {
    const consoleDir = await mkdtemp(path.join(tmpdir(), 'countersign-console-'));
    await writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const server = await spawnApi({ config: testConfig({ consoleDir }), db: database, bus, log: testLog });
    try {
      const answer = await send(`${server.url}/%E0%A4%A`);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ errors: [{ message: ofType(String), extensions: { code: 'BAD_INPUT' } }] });
      expect(answer.text).not.toMatch(/<html|<pre|at \w+ \(/i);
    } finally {
      await server.close();
      await bus.stop();
      await rm(consoleDir, { recursive: true });
    }
  });

  test('masks an unexpected middleware failure as INTERNAL JSON, without its message or stack', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('secret detail of the failure');
    });
    app.use(createErrorHandler(testLog));
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/boom`);
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.text)).toEqual({ errors: [{ message: 'Internal error: the failure has been logged.', extensions: { code: 'INTERNAL' } }] });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('walking hostile JSON', () => {
  test('finds a NUL at the bottom of 100,000 nested arrays without overflowing the stack', () => {
    const deep = JSON.parse(nestedArrays(100_000, '"a\\u0000b"')) as unknown;
    expect(containsNul(deep)).toBe(true);
    expect(containsNul(JSON.parse(nestedArrays(100_000, '{"k":"clean"}')))).toBe(false);
  });

  test('finds a NUL in an object key as well as in a value', () => {
    expect(containsNul({ list: [{ 'a\0': 1 }] })).toBe(true);
    expect(containsNul({ list: [{ a: 1, b: [true, null, 2.5] }] })).toBe(false);
  });

  test('measures depth without recursion and counts objects and arrays alike', () => {
    expect(jsonDepthExceeds(JSON.parse(nestedArrays(100_000)), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds({ a: [{ b: [] }] }, 4)).toBe(false);
    expect(jsonDepthExceeds({ a: [{ b: [[]] }] }, 4)).toBe(true);
    expect(jsonDepthExceeds('text', 0)).toBe(false);
  });
});
