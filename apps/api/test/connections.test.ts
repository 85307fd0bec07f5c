import { generateKeyPairSync } from 'node:crypto';
import { describe, expect } from 'vitest';
import { apiTest } from './fixtures.js';
import { createRule, daysFromNow } from './rules-kit.js';
import type { CallOptions, SignedInOwner, TestApi } from './testkit.js';

/** How many rows each list gets: more than two pages of 10, and not a multiple of it. */
const ROWS = 23;

interface Walk {
  /** The connection field, with its other arguments. */
  field: string;
  /** What each node is compared by. */
  selection: string;
  /** Makes ROWS rows; returns what the list shows, in its order. */
  seed(api: TestApi, owner: SignedInOwner): Promise<unknown[]>;
  auth?(owner: SignedInOwner, api: TestApi): Promise<CallOptions>;
}

const publish = (api: TestApi, owner: SignedInOwner, doc: Record<string, unknown>) =>
  api.graphql(
    'mutation($input: PublishManifestInput!) { publishManifest(input: $input) { __typename } }',
    { input: { content: JSON.stringify(doc) } },
    { cookie: owner.cookie },
  );

const WALKS: Record<string, Walk> = {
  agents: {
    field: 'agents',
    selection: 'id',
    seed: async (api, owner) => {
      const ids = [];
      for (let i = 0; i < ROWS; i++) ids.push((await api.agent(owner)).id);
      return ids.reverse().map((id) => ({ id }));
    },
  },
  authorities: {
    field: 'authorities',
    selection: 'id',
    seed: async (api, owner) => {
      const agent = await api.agent(owner);
      const ids = [];
      for (let i = 0; i < ROWS; i++) ids.push(await api.authority(owner, agent.id, { tokens: 10 }));
      return ids.reverse().map((id) => ({ id }));
    },
  },
  manifestNames: {
    field: 'manifestNames',
    selection: '',
    seed: async (api, owner) => {
      const names = Array.from({ length: ROWS }, (_, i) => `tool-${String(i).padStart(2, '0')}`);
      for (const name of [...names].reverse()) await publish(api, owner, { name, version: '1.0.0' });
      return names;
    },
  },
  manifestVersions: {
    field: 'manifestVersions(name: "tool")',
    selection: 'version',
    seed: async (api, owner) => {
      const versions = Array.from({ length: ROWS }, (_, i) => `1.${i}.0`);
      for (const version of versions) await publish(api, owner, { name: 'tool', version });
      return versions.reverse().map((version) => ({ version }));
    },
  },
  signingKeys: {
    field: 'signingKeys',
    selection: 'name',
    seed: async (api, owner) => {
      const names = [];
      for (let i = 0; i < ROWS; i++) {
        const pem = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
        await api.graphql(
          'mutation($input: RegisterSigningKeyInput!) { registerSigningKey(input: $input) { __typename } }',
          { input: { publicKey: pem, name: `key ${i}` } },
          { cookie: owner.cookie },
        );
        names.push(`key ${i}`);
      }
      return names.reverse().map((name) => ({ name }));
    },
  },
  ownerTokens: {
    field: 'ownerTokens',
    selection: 'name',
    seed: async (api, owner) => {
      const names = [];
      for (let i = 0; i < ROWS; i++) {
        await api.graphql(
          'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { __typename } }',
          { input: { name: `token ${i}`, scope: 'READ' } },
          { cookie: owner.cookie },
        );
        names.push(`token ${i}`);
      }
      return names.reverse().map((name) => ({ name }));
    },
  },
  signOffRules: {
    field: 'signOffRules',
    selection: 'id',
    seed: async (api, owner) => {
      const agent = await api.agent(owner);
      const ids = [];
      for (let i = 0; i < ROWS; i++) {
        const created = await createRule(api, owner, { agent: agent.id, op: 'repository.mintToken', terms: { maxApprovals: 2, endsAt: daysFromNow(3) } });
        ids.push(created.data?.createSignOffRule?.rule?.id);
      }
      return ids.reverse().map((id) => ({ id }));
    },
  },
};

/** Reads the whole list `first` at a time, following endCursor; returns the nodes and how many pages it took. */
async function walk(api: TestApi, spec: Walk, auth: CallOptions, first: number): Promise<{ nodes: unknown[]; pages: number }> {
  const [name, args] = /^(\w+)(?:\((.*)\))?$/.exec(spec.field)!.slice(1) as [string, string | undefined];
  const nodes: unknown[] = [];
  let after: string | null = null;
  for (let pages = 1; pages < 50; pages++) {
    const query = `query($first: Int, $after: String) { ${name}(${args ? `${args}, ` : ''}first: $first, after: $after) {
      nodes${spec.selection ? ` { ${spec.selection} }` : ''} pageInfo { hasNextPage endCursor } } }`;
    const answer = await api.graphql(query, { first, after }, auth);
    const connection = answer.data?.[name] as { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } | undefined;
    if (!connection) throw new Error(`${name}: ${JSON.stringify(answer.errors)}`);
    nodes.push(...connection.nodes);
    if (!connection.pageInfo.hasNextPage) return { nodes, pages };
    after = connection.pageInfo.endCursor;
  }
  throw new Error(`${name} never reached its last page`);
}

describe('every list an agent can grow is a connection', () => {
  for (const [name, spec] of Object.entries(WALKS)) {
    apiTest(`${name}: pages through every row once, in its order, first 10 at a time`, async ({ api }) => {
      const owner = await api.owner();
      const expected = await spec.seed(api, owner);
      expect(expected).toHaveLength(ROWS);
      expect(await walk(api, spec, { cookie: owner.cookie }, 10)).toEqual({ nodes: expected, pages: 3 });
      // The default page is 20.
      expect((await walk(api, spec, { cookie: owner.cookie }, 20)).pages).toBe(2);
      const [field] = spec.field.split('(');
      const bad = await api.graphql(
        `{ ${field}(${spec.field.includes('(') ? `${spec.field.slice(field!.length + 1, -1)}, ` : ''}first: 101) { pageInfo { hasNextPage } } }`,
        {},
        { cookie: owner.cookie },
      );
      expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
      const forged = await api.graphql(
        `query($after: String) { ${field}(${spec.field.includes('(') ? `${spec.field.slice(field!.length + 1, -1)}, ` : ''}after: $after) { pageInfo { hasNextPage } } }`,
        { after: 'bm90IGEgY3Vyc29y' },
        { cookie: owner.cookie },
      );
      expect(forged.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    });
  }
});
