import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { EMAIL_SCHEMA } from '../../../test/operations-kit.js';
import { closeOf, collect, text, type SignedInOwner, type TestApi } from '../../../test/testkit.js';

// docs/owner-tokens.md: rules OT1 to OT7, each tested here through GraphQL.

const CREATE = `mutation($input: CreateOwnerTokenInput!) {
  createOwnerToken(input: $input) { __typename ... on OwnerTokenCreated { token ownerToken { id name scope createdAt lastUsedAt revokedAt } } }
}`;
const REVOKE =
  'mutation($id: ID!) { revokeOwnerToken(id: $id) { __typename ... on OwnerTokenRevoked { ownerToken { id revokedAt } } ... on DomainError { code } } }';
const LIST = '{ ownerTokens { nodes { id name scope revokedAt } } }';
const VIEWER = '{ viewer { __typename ... on Owner { email } } }';
const CREATE_AGENT = 'mutation($input: CreateAgentInput!) { createAgent(input: $input) { __typename } }';
const DEFINE = 'mutation($input: DefineOperationInput!) { defineOperation(input: $input) { __typename } }';
const DECIDE = 'mutation($input: DecideSignOffInput!) { decideSignOff(input: $input) { __typename ... on SignOffDecided { signOff { state } } } }';
const SIGN_OFFS = '{ signOffs(state: PENDING) { nodes { id state } } }';

async function token(api: TestApi, owner: SignedInOwner, scope: 'READ' | 'DECIDE' | 'ADMIN'): Promise<{ id: string; token: string }> {
  const response = await api.graphql(CREATE, { input: { name: `script ${scope}`, scope } }, { cookie: owner.cookie });
  const created = response.data?.createOwnerToken;
  return { id: text(created?.ownerToken?.id), token: text(created?.token) };
}

/** A pending request of the owner's agent, to decide. */
async function pending(api: TestApi, owner: SignedInOwner): Promise<string> {
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  return api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['write'], ttlHours: 3 } });
}

function operationInput(): Record<string, unknown> {
  return { op: 'email.send', summary: 'Send an email', risk: 'MEDIUM', runner: 'AGENT', inputSchema: EMAIL_SCHEMA };
}

describe('owner tokens', () => {
  apiTest('shows a new token once, keeps only its hash, and lists it without the token', async ({ api }) => {
    const owner = await api.owner();
    const response = await api.graphql(CREATE, { input: { name: ' deploy bot ', scope: 'DECIDE' } }, { cookie: owner.cookie });
    const created = response.data?.createOwnerToken;
    expect(created?.__typename).toBe('OwnerTokenCreated');
    expect(text(created?.token)).toMatch(/^cso_[A-Za-z0-9_-]{43}$/);
    expect(created?.ownerToken).toMatchObject({ name: 'deploy bot', scope: 'DECIDE', lastUsedAt: null, revokedAt: null });
    const secret = text(created?.token);
    const dump = await api.db.pool.query<{ row: string }>('SELECT to_jsonb(owner_tokens)::text AS row FROM owner_tokens');
    expect(dump.rows).toHaveLength(1);
    expect(dump.rows[0]!.row).not.toContain(secret.slice(10));
    const listed = await api.graphql(LIST, {}, { cookie: owner.cookie });
    expect(listed.data?.ownerTokens?.nodes).toEqual([{ id: created?.ownerToken?.id, name: 'deploy bot', scope: 'DECIDE', revokedAt: null }]);
    expect(JSON.stringify(listed.data)).not.toContain(secret);
  });

  apiTest('acts for its owner, and records when it was last used', async ({ api }) => {
    const owner = await api.owner();
    const read = await token(api, owner, 'READ');
    expect((await api.graphql(VIEWER, {}, { key: read.token })).data?.viewer).toEqual({ __typename: 'Owner', email: owner.email });
    const row = await api.db.pool.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM owner_tokens WHERE id = $1', [read.id]);
    expect(row.rows[0]?.last_used_at).toBeInstanceOf(Date);
  });

  apiTest('lets READ read sign-offs, agents and tokens, and refuses it every write with FORBIDDEN naming the scope', async ({ api }) => {
    const owner = await api.owner();
    const id = await pending(api, owner);
    const read = await token(api, owner, 'READ');
    expect((await api.graphql(SIGN_OFFS, {}, { key: read.token })).data?.signOffs?.nodes).toEqual([{ id, state: 'PENDING' }]);
    expect((await api.graphql('{ agents { nodes { id } } }', {}, { key: read.token })).data?.agents?.nodes).toHaveLength(1);
    expect((await api.graphql(LIST, {}, { key: read.token })).data?.ownerTokens?.nodes).toHaveLength(1);

    const decide = await api.graphql(DECIDE, { input: { id, approve: true } }, { key: read.token });
    expect(decide.status).toBe(403);
    expect(decide.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(decide.errors?.[0]?.message).toContain('scope DECIDE');
    for (const [query, variables] of [
      [CREATE_AGENT, { input: { name: 'sneaky' } }],
      [CREATE, { input: { name: 'wider', scope: 'ADMIN' } }],
      [DEFINE, { input: operationInput() }],
    ] as const) {
      const refused = await api.graphql(query, variables, { key: read.token });
      expect(refused.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
      expect(refused.errors?.[0]?.message, query).toContain('scope ADMIN');
    }
    expect((await api.graphql(SIGN_OFFS, {}, { key: read.token })).data?.signOffs?.nodes).toEqual([{ id, state: 'PENDING' }]);
    expect(await api.db.prisma.agent.count()).toBe(1);
    expect(await api.db.prisma.ownerToken.count()).toBe(1);
  });

  apiTest('lets DECIDE decide sign-offs but not create agents or define operations', async ({ api }) => {
    const owner = await api.owner();
    const id = await pending(api, owner);
    const decide = await token(api, owner, 'DECIDE');
    const decided = await api.graphql(DECIDE, { input: { id, approve: false } }, { key: decide.token });
    expect(decided.data?.decideSignOff).toEqual({ __typename: 'SignOffDecided', signOff: { state: 'DENIED' } });
    for (const [query, variables] of [
      [CREATE_AGENT, { input: { name: 'sneaky' } }],
      [DEFINE, { input: operationInput() }],
      [REVOKE, { id: decide.id }],
    ] as const) {
      const refused = await api.graphql(query, variables, { key: decide.token });
      expect(refused.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
      expect(refused.errors?.[0]?.message, query).toContain('scope ADMIN');
    }
    expect(await api.db.prisma.agent.count()).toBe(1);
    expect(await api.db.prisma.operation.count({ where: { op: 'email.send' } })).toBe(0);
  });

  apiTest('lets ADMIN do what a session does: decide, create agents, define operations, manage tokens', async ({ api }) => {
    const owner = await api.owner();
    const id = await pending(api, owner);
    const admin = await token(api, owner, 'ADMIN');
    expect((await api.graphql(DECIDE, { input: { id, approve: false } }, { key: admin.token })).data?.decideSignOff?.signOff?.state).toBe('DENIED');
    expect((await api.graphql(CREATE_AGENT, { input: { name: 'by script' } }, { key: admin.token })).data?.createAgent?.__typename).toBe('AgentCreated');
    expect((await api.graphql(DEFINE, { input: operationInput() }, { key: admin.token })).data?.defineOperation?.__typename).toBe('OperationDefined');
    const minted = await api.graphql(CREATE, { input: { name: 'narrower', scope: 'READ' } }, { key: admin.token });
    expect(minted.data?.createOwnerToken?.ownerToken?.scope).toBe('READ');
    const revoked = await api.graphql(REVOKE, { id: text(minted.data?.createOwnerToken?.ownerToken?.id) }, { key: admin.token });
    expect(revoked.data?.revokeOwnerToken?.__typename).toBe('OwnerTokenRevoked');
  });

  apiTest('refuses a revoked token at once, and revoking again returns it unchanged', async ({ api }) => {
    const owner = await api.owner();
    const read = await token(api, owner, 'READ');
    expect((await api.graphql(VIEWER, {}, { key: read.token })).status).toBe(200);
    const first = await api.graphql(REVOKE, { id: read.id }, { cookie: owner.cookie });
    expect(first.data?.revokeOwnerToken?.__typename).toBe('OwnerTokenRevoked');
    const refused = await api.graphql(VIEWER, {}, { key: read.token });
    expect(refused.status).toBe(401);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(refused.errors?.[0]?.message).toContain('owner token');
    const second = await api.graphql(REVOKE, { id: read.id }, { cookie: owner.cookie });
    expect(second.data).toEqual(first.data);
  });

  apiTest('closes a socket opened with a token when the token is revoked', async ({ api }) => {
    const owner = await api.owner();
    const id = await pending(api, owner);
    const read = await token(api, owner, 'READ');
    const client = api.subscriber({ key: read.token });
    const closed = closeOf(client);
    const stream = collect<{ signOffEvents: { signOff: { state: string } } }>(client, `subscription { signOffEvents(id: "${id}") { signOff { state } } }`);
    expect(await stream.until(1)).toEqual([{ signOffEvents: { signOff: { state: 'PENDING' } } }]);
    await api.graphql(REVOKE, { id: read.id }, { cookie: owner.cookie });
    expect(await closed).toEqual({ code: 4403, reason: 'Owner token revoked' });
    await client.dispose();
  });

  apiTest("reads another owner's token as not found and leaves it live", async ({ api }) => {
    const alice = await api.owner('Shared');
    const bob = await api.owner('Shared');
    const read = await token(api, alice, 'READ');
    expect((await api.graphql(REVOKE, { id: read.id }, { cookie: bob.cookie })).data?.revokeOwnerToken).toEqual({ __typename: 'NotFound', code: 'NOT_FOUND' });
    expect((await api.graphql(REVOKE, { id: 'not-a-uuid' }, { cookie: alice.cookie })).data?.revokeOwnerToken?.code).toBe('NOT_FOUND');
    expect((await api.graphql(LIST, {}, { cookie: bob.cookie })).data?.ownerTokens?.nodes).toEqual([]);
    expect((await api.graphql(VIEWER, {}, { key: read.token })).data?.viewer?.email).toBe(alice.email);
  });

  apiTest("never takes an agent's key for an owner token, nor the other way round", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const admin = await token(api, owner, 'ADMIN');
    // An agent's key where an owner is expected: refused as an agent.
    const byAgent = await api.graphql(CREATE, { input: { name: 'mine', scope: 'ADMIN' } }, { key: agent.key });
    expect(byAgent.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await api.graphql(LIST, {}, { key: agent.key })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // An owner token where an agent is expected: refused as an owner.
    const asks = await api.request(admin.token, { op: 'repository.mintToken', input: { scopes: ['write'], ttlHours: 3 } });
    expect(asks.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // The same secret under the other prefix names nothing.
    for (const swapped of [`csk_${admin.token.slice(4)}`, `cso_${agent.key.slice(4)}`]) {
      const response = await api.graphql(VIEWER, {}, { key: swapped });
      expect(response.status, swapped.slice(0, 4)).toBe(401);
    }
    expect(await api.db.prisma.ownerToken.count()).toBe(1);
    expect(await api.db.prisma.signOff.count()).toBe(0);
  });

  apiTest('tells an owner token sent as an agent key that it is an owner token, not an agent key, over /graphql and /mcp', async ({ api }) => {
    const owner = await api.owner();
    const read = await token(api, owner, 'READ');
    const saysSo = /owner token \(cso_…\), not an agent key \(csk_…\)/;
    const asks = await api.request(read.token, { op: 'repository.mintToken', input: { scopes: ['write'], ttlHours: 3 } });
    expect(asks.status).toBe(403);
    expect(asks.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(asks.errors?.[0]?.message).toMatch(saysSo);
    // A console session is not a token, and is not told it is one.
    const bySession = await api.graphql(
      'mutation($input: RequestSignOffInput!) { requestSignOff(input: $input) { __typename } }',
      { input: { op: 'repository.mintToken', input: {}, summary: 'please' } },
      { cookie: owner.cookie },
    );
    expect(bySession.errors?.[0]?.message).toBe('Only an agent may do this.');
    const mcp = await fetch(`${api.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${read.token}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    expect(mcp.status).toBe(403);
    const { error } = (await mcp.json()) as { error: { message: string; data: { code: string } } };
    expect(error.data.code).toBe('FORBIDDEN');
    expect(error.message).toMatch(saysSo);
    expect(await api.db.prisma.signOff.count()).toBe(0);
  });

  apiTest('never lets a token start a session', async ({ api }) => {
    const owner = await api.owner();
    const admin = await token(api, owner, 'ADMIN');
    const response = await api.graphql(
      'mutation($input: SignInInput!) { signIn(input: $input) { __typename } }',
      { input: { email: owner.email, password: owner.password } },
      { key: admin.token },
    );
    expect(response.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(response.headers.get('set-cookie')).toBeNull();
    // Signing out with a token ends no session: the console's stays live.
    await api.graphql('mutation { signOut { __typename } }', {}, { key: admin.token });
    expect((await api.graphql(VIEWER, {}, { cookie: owner.cookie })).data?.viewer?.email).toBe(owner.email);
  });
});
