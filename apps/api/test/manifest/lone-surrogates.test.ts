import { describe, expect } from 'vitest';
import { apiTest } from '../fixtures.js';
import { ILL_FORMED_MESSAGE } from '../../src/edge/graphql/limits.js';

const REQUEST = `mutation($input: RequestSignOffInput!) {
  requestSignOff(input: $input) { __typename ... on DomainError { code message } }
}`;
const DEFINE = 'mutation($input: DefineOperationInput!) { defineOperation(input: $input) { __typename } }';
const PUBLISH = 'mutation($content: String!) { publishManifest(input: { content: $content }) { __typename } }';
const LONE = 'a string holds a lone surrogate (U+D800), which I-JSON and so RFC 8785 (JCS) refuse: text must be well-formed Unicode';

// Where canonicalJson meets what a client sent (docs/registry.md): variables are refused at the edge before any
// resolver runs; a manifest's text is well-formed and only its parsed value holds the surrogate, so canonicalJson refuses it.
describe('a lone surrogate, which has no canonical JSON (RFC 8785, I-JSON), is BAD_INPUT and never a 500', () => {
  apiTest('in the input of a request, with or without an Idempotency-Key, or in an input schema: refused at the edge, storing nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    // JSON.stringify writes the lone surrogate as the escape "\ud800", which the server's JSON.parse reads back as the lone code unit.
    const input = { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['write\ud800'], ttlHours: 3 }, summary: 'please' };
    for (const headers of [{}, { 'idempotency-key': 'lone-1' }] as Record<string, string>[]) {
      const response = await api.graphql(REQUEST, { input }, { key: agent.key, headers });
      expect(response.status).toBe(400);
      expect(response.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
      expect(response.errors?.[0]?.message).toBe(ILL_FORMED_MESSAGE);
    }
    const inputSchema = { type: 'object', properties: { 'to\ud800': { type: 'string' } } };
    const defined = await api.graphql(
      DEFINE,
      { input: { op: 'email.send', summary: 's', risk: 'LOW', runner: 'AGENT', inputSchema } },
      { cookie: owner.cookie },
    );
    expect(defined.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(defined.errors?.[0]?.message).toBe(ILL_FORMED_MESSAGE);
    expect(await api.db.prisma.signOff.count()).toBe(0);
    expect(await api.db.prisma.operation.count()).toBe(0);
  });

  apiTest('escaped in the JSON or YAML text of a manifest: refused naming it, publishing nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    for (const content of ['{"name": "svc", "version": "1.0.0", "note": "\\ud800"}', 'name: svc\nversion: 1.0.0\n"k\\ud800": 1\n']) {
      const response = await api.graphql(PUBLISH, { content }, { key: agent.key });
      expect(response.status, content).toBe(400);
      expect(response.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
      expect(response.errors?.[0]?.message).toBe(`The manifest holds a value JSON cannot: ${LONE}`);
    }
    expect(await api.db.prisma.manifest.count()).toBe(0);
  });
});
