import { describe, expect, vi } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { text, type GraphQLResponse, type TestApi, type Wire } from '../../../test/testkit.js';

const DRAW = 'mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) { __typename ... on DomainError { code } } }';

/**
 * The names (`/* name *\/`) of the statements the API sends on its pool while
 * `work` runs. A spy that passes every call through to the real pool: it
 * only watches. Background workers share the pool, so callers look for the
 * names they care about rather than count every statement.
 */
async function statementsDuring(api: TestApi, work: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(api.db.pool, 'query');
  try {
    await work();
    return spy.mock.calls.map(([statement]) => /\/\* (\w+) \*\//.exec(typeof statement === 'string' ? statement : '')?.[1] ?? 'unnamed');
  } finally {
    spy.mockRestore();
  }
}

async function seed(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const id = await api.authority(owner, agent.id, { tokens: 10 });
  return { owner, agent, id };
}

const codeOf = (response: GraphQLResponse) => response.errors?.[0]?.extensions?.code;

describe('a request that is one draw and nothing else', () => {
  apiTest('is authenticated by the draw itself: one statement, no separate key lookup', async ({ api }) => {
    const { agent, id } = await seed(api);
    let answer: Wire | undefined;
    const sent = await statementsDuring(api, async () => {
      answer = (await api.graphql(DRAW, { input: { authority: id, dispatchKey: 'one', tokens: 1 } }, { key: agent.key })).data?.drawAuthority;
    });
    expect(answer).toEqual({ __typename: 'Drawn' });
    expect(sent.filter((name) => name === 'drawAuthority')).toHaveLength(1);
    expect(sent).not.toContain('findLiveAgentByKeyHash');

    // Anything else an agent sends is authenticated first, as before: the control that the spy sees the lookup.
    const withMore = await statementsDuring(api, () =>
      api.graphql(
        `mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) { __typename } __typename }`,
        { input: { authority: id, dispatchKey: 'two', tokens: 1 } },
        { key: agent.key },
      ),
    );
    expect(withMore).toContain('findLiveAgentByKeyHash');
    const keyed = await statementsDuring(api, () =>
      api.graphql(DRAW, { input: { authority: id, dispatchKey: 'three', tokens: 1 } }, { key: agent.key, headers: { 'idempotency-key': 'k-three' } }),
    );
    expect(keyed).toContain('findLiveAgentByKeyHash');
  });

  apiTest('reads what the answer asks for next as the drawing agent', async ({ api }) => {
    const { agent, id } = await seed(api);
    const response = await api.graphql(
      `mutation Spend($input: DrawAuthorityInput!) { spent: drawAuthority(input: $input) { ... on Drawn { receipt { ordinal } authority { id drawn { tokens } agent { id } } } } }`,
      { input: { authority: id, dispatchKey: 'nested', tokens: 2 } },
      { key: agent.key },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data?.spent).toEqual({ receipt: { ordinal: 1 }, authority: { id, drawn: { tokens: 2 }, agent: { id: agent.id } } });
  });

  apiTest(
    'answers an unknown, revoked or replaced key UNAUTHENTICATED (401), with a valid authority id or a malformed one, and draws nothing',
    async ({ api }) => {
      const { owner, agent, id } = await seed(api);
      const other = await api.agent(owner);
      const rotated = await api.graphql(
        'mutation($id: ID!) { rotateAgentKey(input: { id: $id }) { ... on AgentKeyRotated { key } } }',
        { id: other.id },
        { cookie: owner.cookie },
      );
      expect(text(rotated.data?.rotateAgentKey?.key)).not.toBe(other.key);
      const revoked = await api.agent(owner);
      await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: revoked.id }, { cookie: owner.cookie });
      for (const key of [`${agent.key}x`, other.key, revoked.key]) {
        for (const authority of [id, 'not a valid id!']) {
          const response = await api.graphql(DRAW, { input: { authority, dispatchKey: 'dead', tokens: 1 } }, { key });
          expect(response.status, `${key.slice(0, 8)} ${authority}`).toBe(401);
          expect(codeOf(response)).toBe('UNAUTHENTICATED');
        }
      }
      const { rows } = await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM authority_receipts WHERE authority_id = $1', [id]);
      expect(rows[0]!.n).toBe(0);
    },
  );

  apiTest('is no way in for an owner: a session or an owner token still cannot draw', async ({ api }) => {
    const { owner, id } = await seed(api);
    const token = await api.graphql(
      'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
      { input: { name: 'admin', scope: 'ADMIN' } },
      { cookie: owner.cookie },
    );
    const input = { input: { authority: id, dispatchKey: 'owner', tokens: 1 } };
    expect(codeOf(await api.graphql(DRAW, input, { cookie: owner.cookie }))).toBe('FORBIDDEN');
    expect(codeOf(await api.graphql(DRAW, input, { key: text(token.data?.createOwnerToken?.token) }))).toBe('FORBIDDEN');
    expect(codeOf(await api.graphql(DRAW, input))).toBe('UNAUTHENTICATED');
  });
});
