import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { is, text } from '../../../test/testkit.js';

const VIEWER = '{ viewer { __typename ... on Agent { id name owner { email } } } }';
const REVOKE =
  'mutation($input: RevokeAgentInput!) { revokeAgent(input: $input) { __typename ... on AgentRevoked { agent { revoked } } ... on DomainError { code } } }';
const CREATE = 'mutation($input: CreateAgentInput!) { createAgent(input: $input) { __typename ... on DomainError { code } } }';

describe('agents and their keys', () => {
  apiTest('answers viewer for a new agent key, acting for its owner', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner, 'scheduler');
    const response = await api.graphql(VIEWER, {}, { key: agent.key });
    expect(response.data?.viewer).toEqual({ __typename: 'Agent', id: agent.id, name: 'scheduler', owner: { email: owner.email } });
  });

  apiTest('keeps only a hash of the key', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const dump = await api.db.pool.query<{ row: string }>('SELECT to_jsonb(agents)::text AS row FROM agents');
    expect(dump.rows.map((r) => r.row).join()).not.toContain(agent.key.slice(12));
  });

  apiTest('refuses a malformed, unknown or revoked key with UNAUTHENTICATED and HTTP 401', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    expect((await api.graphql(REVOKE, { input: { id: agent.id } }, { cookie: owner.cookie })).data?.revokeAgent?.__typename).toBe('AgentRevoked');
    for (const headers of [
      { authorization: `Bearer ${agent.key}` },
      { authorization: 'Bearer csk_unknown' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
    ]) {
      const response = await api.graphql(VIEWER, {}, { headers });
      expect(response.status, headers.authorization).toBe(401);
      expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(response.data ?? null).toBeNull();
    }
  });

  apiTest('revokes idempotently: a second revoke returns the same revoked agent', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const first = await api.graphql(REVOKE, { input: { id: agent.id } }, { cookie: owner.cookie });
    const second = await api.graphql(REVOKE, { input: { id: agent.id } }, { cookie: owner.cookie });
    expect(first.data?.revokeAgent).toEqual({ __typename: 'AgentRevoked', agent: { revoked: true } });
    expect(second.data).toEqual(first.data);
  });

  apiTest("reads another owner's agent as not found, in the same tenant or another, and leaves it live", async ({ api }) => {
    const alice = await api.owner('Shared');
    const bob = await api.owner('Shared');
    const carol = await api.owner();
    const agent = await api.agent(alice);
    for (const other of [bob, carol]) {
      expect((await api.graphql(REVOKE, { input: { id: agent.id } }, { cookie: other.cookie })).data?.revokeAgent).toEqual({
        __typename: 'NotFound',
        code: 'NOT_FOUND',
      });
      expect((await api.graphql('{ agents { nodes { id } } }', {}, { cookie: other.cookie })).data?.agents?.nodes).toEqual([]);
    }
    expect((await api.graphql(REVOKE, { input: { id: 'not-a-uuid' } }, { cookie: alice.cookie })).data?.revokeAgent?.code).toBe('NOT_FOUND');
    expect((await api.graphql(VIEWER, {}, { key: agent.key })).data?.viewer?.id).toBe(agent.id);
  });

  apiTest('refuses agent management to agents and to anonymous callers', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const byAgent = await api.graphql(CREATE, { input: { name: 'child' } }, { key: agent.key });
    expect(byAgent.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(byAgent.status).toBe(403);
    const anonymous = await api.graphql(CREATE, { input: { name: 'child' } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await api.db.prisma.agent.count()).toBe(1);
  });

  apiTest('refuses a second live agent with the same name, and a blank name', async ({ api }) => {
    const owner = await api.owner();
    await api.agent(owner, 'twin');
    expect((await api.graphql(CREATE, { input: { name: 'twin' } }, { cookie: owner.cookie })).data?.createAgent).toEqual({
      __typename: 'NameTaken',
      code: 'NAME_TAKEN',
    });
    expect((await api.graphql(CREATE, { input: { name: '   ' } }, { cookie: owner.cookie })).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(await api.db.prisma.agent.count()).toBe(1);
  });

  apiTest('revokes exactly once when many revocations race, announcing it once', async ({ api }) => {
    const owner = await api.owner();
    for (let round = 0; round < 10; round++) {
      const agent = await api.agent(owner);
      const events: string[] = [];
      const iterator = api.bus.subscribe('AGENT_CHANGED', (event) => event.payload.agentId === agent.id && event.payload.kind === 'REVOKED');
      const seen = (async () => {
        for await (const event of iterator) events.push(event.payload.kind);
      })();
      const results = await Promise.all(Array.from({ length: 12 }, () => api.graphql(REVOKE, { input: { id: agent.id } }, { cookie: owner.cookie })));
      expect(results.every((r) => is(r.data?.revokeAgent?.__typename, 'AgentRevoked'))).toBe(true);
      // A marker event published after the revocations bounds the wait for stragglers.
      const marker = await api.agent(owner);
      await api.graphql(REVOKE, { input: { id: marker.id } }, { cookie: owner.cookie });
      await iterator.return!();
      await seen;
      expect(events).toEqual(['REVOKED']);
    }
  });

  apiTest('rotates a key: the new one works, the old one is refused, and a revoked agent cannot be rotated', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const ROTATE =
      'mutation($id: ID!) { rotateAgentKey(input: { id: $id }) { __typename ... on AgentKeyRotated { key agent { keyPrefix } } ... on DomainError { code } } }';
    const rotated = (await api.graphql(ROTATE, { id: agent.id }, { cookie: owner.cookie })).data?.rotateAgentKey;
    expect(rotated?.__typename).toBe('AgentKeyRotated');
    expect(rotated?.key).not.toBe(agent.key);
    expect(text(rotated?.key).startsWith(text(rotated?.agent?.keyPrefix))).toBe(true);
    expect((await api.graphql(VIEWER, {}, { key: text(rotated?.key) })).data?.viewer?.id).toBe(agent.id);
    expect((await api.graphql(VIEWER, {}, { key: agent.key })).status).toBe(401);
    const stranger = await api.owner();
    expect((await api.graphql(ROTATE, { id: agent.id }, { cookie: stranger.cookie })).data?.rotateAgentKey?.code).toBe('NOT_FOUND');
    await api.graphql(REVOKE, { input: { id: agent.id } }, { cookie: owner.cookie });
    expect((await api.graphql(ROTATE, { id: agent.id }, { cookie: owner.cookie })).data?.rotateAgentKey?.code).toBe('NOT_FOUND');
  });
});
