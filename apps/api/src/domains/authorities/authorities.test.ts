import { describe, expect } from 'vitest';
import { apiTest, testLog } from '../../../test/fixtures.js';
import { objectContaining, stringMatching } from '../../../test/matchers.js';
import pg from 'pg';
import { waitFor, type TestApi, lockWaiters, text } from '../../../test/testkit.js';
import { drawAuthority } from './service.js';
import { serviceDeps } from '../../platform/lib/deps.js';
import { hashSecret } from '../../platform/lib/secrets.js';

const ISSUE = `mutation($input: IssueAuthorityInput!) {
  issueAuthority(input: $input) { __typename ... on AuthorityIssued { existing authority { id state ceiling { tokens minorUnits draws } currency } } ... on DomainError { code message } }
}`;
const READ = `query($id: ID!) { authority(id: $id) { state drawn { tokens minorUnits draws } remaining { tokens minorUnits draws } revokeReason receipts { nodes { dispatchKey ordinal } } } }`;
const REVOKE = `mutation($input: RevokeAuthorityInput!) { revokeAuthority(input: $input) { __typename ... on AuthorityRevoked { authority { state revokeReason } } ... on DomainError { code } } }`;

async function seed(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  return { owner, agent };
}

describe('issuing standing authorities', () => {
  apiTest('returns the authority again for identical terms and refuses other terms under the same id', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const input = { id: 'budget-1', agent: agent.id, name: 'Q4', minorUnits: 5000, currency: 'EUR', draws: 10 };
    const first = await api.graphql(ISSUE, { input }, { cookie: owner.cookie });
    expect(first.data?.issueAuthority).toEqual({
      __typename: 'AuthorityIssued',
      existing: false,
      authority: { id: 'budget-1', state: 'ACTIVE', ceiling: { tokens: null, minorUnits: 5000, draws: 10 }, currency: 'EUR' },
    });
    const again = await api.graphql(ISSUE, { input }, { cookie: owner.cookie });
    expect(again.data?.issueAuthority?.existing).toBe(true);
    const changed = await api.graphql(ISSUE, { input: { ...input, minorUnits: 5001 } }, { cookie: owner.cookie });
    expect(changed.data?.issueAuthority?.code).toBe('TERMS_CONFLICT');
    expect(await api.db.prisma.authority.count()).toBe(1);
  });

  apiTest(
    'scopes ids per owner: another owner of the tenant, or of another tenant, issues the same id as their own and learns nothing of the first',
    async ({ api }) => {
      const first = await seed(api);
      const colleague = await api.owner(first.owner.tenantName);
      const colleagueAgent = await api.agent(colleague);
      const stranger = await api.owner();
      const strangerAgent = await api.agent(stranger);
      const LIST = '{ authorities { nodes { id name ceiling { tokens } } } }';
      const issue = (who: { owner: { cookie: string }; agent: { id: string } }, terms: Record<string, unknown>) =>
        api.graphql(ISSUE, { input: { id: 'budget-1', agent: who.agent.id, ...terms } }, { cookie: who.owner.cookie });

      expect((await issue(first, { name: 'mine', tokens: 10 })).data?.issueAuthority).toMatchObject({ __typename: 'AuthorityIssued', existing: false });
      // Before issuing one of their own, the others find nothing under that id, anywhere.
      for (const other of [
        { owner: colleague, agent: colleagueAgent },
        { owner: stranger, agent: strangerAgent },
      ]) {
        expect((await api.graphql(READ, { id: 'budget-1' }, { cookie: other.owner.cookie })).data?.authority).toBeNull();
        expect((await api.graphql(READ, { id: 'budget-1' }, { key: other.agent.key })).data?.authority).toBeNull();
        expect((await api.graphql(REVOKE, { input: { authority: 'budget-1', reason: 'x' } }, { cookie: other.owner.cookie })).data?.revokeAuthority?.code).toBe(
          'NOT_FOUND',
        );
        expect((await api.draw(other.agent.key, { authority: 'budget-1', dispatchKey: 'probe', tokens: 1 })).code).toBe('NOT_FOUND');
        expect((await api.graphql(LIST, {}, { cookie: other.owner.cookie })).data?.authorities?.nodes).toEqual([]);
      }
      for (const other of [
        { owner: colleague, agent: colleagueAgent },
        { owner: stranger, agent: strangerAgent },
      ]) {
        // Different terms under the same id: issued as their own, not TERMS_CONFLICT.
        expect((await issue(other, { name: 'theirs', tokens: 99 })).data?.issueAuthority).toEqual({
          __typename: 'AuthorityIssued',
          existing: false,
          authority: { id: 'budget-1', state: 'ACTIVE', ceiling: { tokens: 99, minorUnits: null, draws: null }, currency: null },
        });
        expect((await issue(other, { name: 'theirs', tokens: 99 })).data?.issueAuthority?.existing).toBe(true);
        expect((await issue(other, { name: 'theirs', tokens: 98 })).data?.issueAuthority?.code).toBe('TERMS_CONFLICT');
        expect((await api.graphql(LIST, {}, { cookie: other.owner.cookie })).data?.authorities?.nodes).toEqual([
          { id: 'budget-1', name: 'theirs', ceiling: { tokens: 99 } },
        ]);
      }
      expect((await issue(first, { name: 'mine', tokens: 10 })).data?.issueAuthority?.existing).toBe(true);
      expect((await issue(first, { name: 'mine', tokens: 11 })).data?.issueAuthority?.code).toBe('TERMS_CONFLICT');
      expect((await api.graphql(LIST, {}, { cookie: first.owner.cookie })).data?.authorities?.nodes).toEqual([
        { id: 'budget-1', name: 'mine', ceiling: { tokens: 10 } },
      ]);

      // Draws, receipts and revocations stay with each owner's own authority, dispatch keys included.
      expect(await api.draw(first.agent.key, { authority: 'budget-1', dispatchKey: 'k', tokens: 10 })).toMatchObject({
        __typename: 'Drawn',
        receipt: { ordinal: 1, remaining: { tokens: 0 } },
      });
      expect(await api.draw(colleagueAgent.key, { authority: 'budget-1', dispatchKey: 'k', tokens: 50 })).toMatchObject({
        __typename: 'Drawn',
        replayed: false,
        receipt: { tokens: 50, ordinal: 1, remaining: { tokens: 49 } },
      });
      expect((await api.draw(strangerAgent.key, { authority: 'budget-1', dispatchKey: 'k', tokens: 99 })).__typename).toBe('Drawn');
      await api.graphql(REVOKE, { input: { authority: 'budget-1', reason: 'colleague stops' } }, { cookie: colleague.cookie });
      expect((await api.graphql(READ, { id: 'budget-1' }, { key: first.agent.key })).data?.authority).toMatchObject({
        state: 'EXHAUSTED',
        revokeReason: null,
        drawn: { tokens: 10 },
        receipts: { nodes: [{ dispatchKey: 'k', ordinal: 1 }] },
      });
      expect((await api.graphql(READ, { id: 'budget-1' }, { cookie: colleague.cookie })).data?.authority).toMatchObject({
        state: 'REVOKED',
        drawn: { tokens: 50 },
      });
      expect((await api.graphql(READ, { id: 'budget-1' }, { cookie: stranger.cookie })).data?.authority).toMatchObject({
        state: 'EXHAUSTED',
        drawn: { tokens: 99 },
      });
      expect(await api.db.prisma.authority.count({ where: { id: 'budget-1' } })).toBe(3);
    },
  );

  apiTest('keeps terms immutable in the database itself', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 10 });
    await expect(api.db.pool.query(`UPDATE authorities SET ceiling_tokens = 1000 WHERE id = $1`, [id])).rejects.toThrow(/never change/);
  });

  apiTest('refuses bad terms and amounts as BAD_INPUT, issuing nothing', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const bad = [
      { name: 'no ceiling' },
      { name: 'x', minorUnits: 10 },
      { name: 'x', tokens: -1 },
      { name: 'x', tokens: 1.5 },
      { name: 'x', tokens: '10' },
      { name: 'x', tokens: 2 ** 53 },
      { name: 'x', draws: 1, notBefore: '2027-01-01T00:00:00Z', notAfter: '2026-01-01T00:00:00Z' },
    ];
    for (const terms of bad) {
      const response = await api.graphql(ISSUE, { input: { agent: agent.id, ...terms } }, { cookie: owner.cookie });
      expect(response.errors?.[0]?.extensions?.code, JSON.stringify(terms)).toBe('BAD_INPUT');
    }
    expect(await api.db.prisma.authority.count()).toBe(0);
    const max = await api.graphql(ISSUE, { input: { agent: agent.id, name: 'max', tokens: Number.MAX_SAFE_INTEGER } }, { cookie: owner.cookie });
    expect(max.data?.issueAuthority?.authority?.ceiling?.tokens).toBe(Number.MAX_SAFE_INTEGER);
  });

  apiTest("refuses to issue for another owner's agent or a revoked one, and lets only owners issue", async ({ api }) => {
    const { owner, agent } = await seed(api);
    const other = await api.owner(owner.tenantName);
    expect((await api.graphql(ISSUE, { input: { agent: agent.id, name: 'x', tokens: 1 } }, { cookie: other.cookie })).data?.issueAuthority?.code).toBe(
      'NOT_FOUND',
    );
    expect((await api.graphql(ISSUE, { input: { agent: agent.id, name: 'x', tokens: 1 } }, { key: agent.key })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
    expect((await api.graphql(ISSUE, { input: { agent: agent.id, name: 'x', tokens: 1 } }, { cookie: owner.cookie })).data?.issueAuthority?.code).toBe(
      'NOT_FOUND',
    );
  });

  apiTest('issues nothing for an agent whose revocation commits while the authority is being issued', async ({ api }) => {
    const { owner, agent } = await seed(api);
    // A revocation in flight: the agent's row is updated but not yet committed.
    const revoker = new pg.Client({ connectionString: api.db.url });
    await revoker.connect();
    try {
      await revoker.query('BEGIN');
      await revoker.query('UPDATE agents SET revoked_at = now() WHERE id = $1', [agent.id]);
      const issuing = api.graphql(ISSUE, { input: { id: 'late', agent: agent.id, name: 'late', tokens: 5 } }, { cookie: owner.cookie });
      // The issue saw a live agent when it began; it now waits on the agent's row.
      await waitFor(async () => (await lockWaiters(api)) === 1);
      await revoker.query('COMMIT');
      expect((await issuing).data?.issueAuthority?.code).toBe('NOT_FOUND');
      expect(await api.db.prisma.authority.count()).toBe(0);
    } finally {
      await revoker.end();
    }
  });
});

describe('drawing on an authority', () => {
  apiTest('writes a receipt and moves the balance; a retry of the same key gets the same receipt', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 100, minorUnits: 1000, currency: 'USD', draws: 5 });
    const first = await api.draw(agent.key, { authority: id, dispatchKey: 'run-1', tokens: 30, minorUnits: 250 });
    expect(first).toEqual({
      __typename: 'Drawn',
      replayed: false,
      receipt: { dispatchKey: 'run-1', tokens: 30, minorUnits: 250, ordinal: 1, remaining: { tokens: 70, minorUnits: 750, draws: 4 } },
    });
    const retry = await api.draw(agent.key, { authority: id, dispatchKey: 'run-1', tokens: 30, minorUnits: 250 });
    expect(retry).toEqual({ ...first, replayed: true });
    const read = await api.graphql(READ, { id }, { cookie: owner.cookie });
    expect(read.data?.authority).toMatchObject({
      state: 'ACTIVE',
      drawn: { tokens: 30, minorUnits: 250, draws: 1 },
      remaining: { tokens: 70, minorUnits: 750, draws: 4 },
      receipts: { nodes: [{ dispatchKey: 'run-1', ordinal: 1 }] },
    });
  });

  apiTest("reads a keyed draw's answer inside its own transaction: the receipts it lists include the one just written", async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 100 });
    const response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.key}`, 'idempotency-key': 'read-own-write' },
      body: JSON.stringify({
        query: `mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) { ... on Drawn { authority { receipts(first: 5) { nodes { dispatchKey } } } } } }`,
        variables: { input: { authority: id, dispatchKey: 'mine', tokens: 1 } },
      }),
    });
    expect(await response.json()).toEqual({ data: { drawAuthority: { authority: { receipts: { nodes: [{ dispatchKey: 'mine' }] } } } } });
  });

  apiTest('refuses a draw whose answer asks for an impossible receipts page before it draws, so a 400 never hides a committed draw', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 100 });
    const DRAW_WITH_PAGE = `mutation($input: DrawAuthorityInput!, $first: Int) { drawAuthority(input: $input) { ... on Drawn { authority { receipts(first: $first) { nodes { ordinal } } } } } }`;
    for (const first of [0, 101, -1]) {
      const response = await api.graphql(DRAW_WITH_PAGE, { input: { authority: id, dispatchKey: `page-${first}`, tokens: 10 }, first }, { key: agent.key });
      expect(response.status).toBe(400);
      expect(response.errors?.[0]).toMatchObject({ message: '"first" must be from 1 to 100.', extensions: { code: 'BAD_INPUT' } });
    }
    const literal = await api.graphql(
      `mutation { drawAuthority(input: { authority: "${id}", dispatchKey: "cursor", tokens: 10 }) { ... on Drawn { authority { receipts(after: "not-a-cursor") { nodes { ordinal } } } } } }`,
      {},
      { key: agent.key },
    );
    expect(literal.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const read = await api.graphql(READ, { id }, { cookie: owner.cookie });
    expect(read.data?.authority?.drawn).toEqual({ tokens: 0, minorUnits: 0, draws: 0 });
  });

  apiTest('refuses the same dispatch key with a different amount, drawing nothing', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 100 });
    await api.draw(agent.key, { authority: id, dispatchKey: 'k', tokens: 10 });
    expect(await api.draw(agent.key, { authority: id, dispatchKey: 'k', tokens: 11 })).toEqual({
      __typename: 'DispatchKeyReused',
      code: 'DISPATCH_KEY_REUSED',
      receipt: { tokens: 10 },
    });
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.authority?.drawn).toEqual({ tokens: 10, minorUnits: 0, draws: 1 });
  });

  apiTest('allows a draw exactly at the ceiling and refuses one unit more', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 10 });
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'a', tokens: 11 })).code).toBe('EXHAUSTED');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'b', tokens: 10 })).__typename).toBe('Drawn');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'c', tokens: 1 })).code).toBe('EXHAUSTED');
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.authority?.state).toBe('EXHAUSTED');
  });

  apiTest('reads as exhausted only when no draw can fit: money used up still leaves token draws', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 10, minorUnits: 100, currency: 'EUR' });
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'money', minorUnits: 100 })).__typename).toBe('Drawn');
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.authority?.state).toBe('ACTIVE');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'more money', minorUnits: 1 })).code).toBe('EXHAUSTED');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'tokens', tokens: 10 })).__typename).toBe('Drawn');
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.authority?.state).toBe('EXHAUSTED');
  });

  apiTest('counts draws against a draws ceiling and holds the per-draw cap at its edge', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { draws: 2, perDrawTokens: 5 });
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'big', tokens: 6 })).code).toBe('PER_DRAW_CAP_EXCEEDED');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: '1', tokens: 5 })).__typename).toBe('Drawn');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: '2', tokens: 5 })).__typename).toBe('Drawn');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: '3', tokens: 1 })).code).toBe('EXHAUSTED');
  });

  apiTest('refuses before notBefore and from notAfter on', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const soon = new Date(Date.now() + 3600_000).toISOString();
    const future = await api.authority(owner, agent.id, { tokens: 5, notBefore: soon });
    expect((await api.draw(agent.key, { authority: future, dispatchKey: 'x', tokens: 1 })).code).toBe('NOT_YET_VALID');
    const past = await api.authority(owner, agent.id, { tokens: 5, notBefore: '2020-01-01T00:00:00Z', notAfter: new Date(Date.now() - 1).toISOString() });
    expect((await api.draw(agent.key, { authority: past, dispatchKey: 'x', tokens: 1 })).code).toBe('EXPIRED');
    // At the database's own clock: make the window end exactly now and start in the past.
    const edge = await api.authority(owner, agent.id, { tokens: 5, notBefore: new Date(Date.now() - 60_000).toISOString() });
    expect((await api.draw(agent.key, { authority: edge, dispatchKey: 'x', tokens: 1 })).__typename).toBe('Drawn');
  });

  apiTest('answers a retry with the original receipt after revocation, and refuses new draws with the first reason', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 10 });
    const drawn = await api.draw(agent.key, { authority: id, dispatchKey: 'early', tokens: 3 });
    expect((await api.graphql(REVOKE, { input: { authority: id, reason: 'budget cut' } }, { cookie: owner.cookie })).data?.revokeAuthority?.authority).toEqual({
      state: 'REVOKED',
      revokeReason: 'budget cut',
    });
    expect(await api.draw(agent.key, { authority: id, dispatchKey: 'late', tokens: 1 })).toEqual({
      __typename: 'Revoked',
      code: 'REVOKED',
      reason: 'budget cut',
    });
    expect(await api.draw(agent.key, { authority: id, dispatchKey: 'early', tokens: 3 })).toEqual({ ...drawn, replayed: true });
  });

  apiTest('keeps the first reason when revocations race', async ({ api }) => {
    const { owner, agent } = await seed(api);
    for (let round = 0; round < 5; round++) {
      const id = await api.authority(owner, agent.id, { tokens: 10 });
      const reasons = Array.from({ length: 12 }, (_, i) => `reason ${i}`);
      const results = await Promise.all(reasons.map((reason) => api.graphql(REVOKE, { input: { authority: id, reason } }, { cookie: owner.cookie })));
      const seen = new Set(results.map((result) => text(result.data?.revokeAuthority?.authority?.revokeReason)));
      const stored = (await api.db.prisma.authorityBalance.findFirst({ where: { authorityId: id } }))!.revokeReason;
      expect(reasons).toContain(stored);
      // Every caller that revoked after the first sees the first reason.
      expect([...seen].every((reason) => reason === stored || reasons.includes(reason))).toBe(true);
      expect((await api.graphql(READ, { id }, { cookie: owner.cookie })).data?.authority?.revokeReason).toBe(stored);
      expect(
        (await api.graphql(REVOKE, { input: { authority: id, reason: 'later' } }, { cookie: owner.cookie })).data?.revokeAuthority?.authority?.revokeReason,
      ).toBe(stored);
    }
  });

  apiTest("refuses a draw for an agent revoked after it authenticated: the draw's own call reads the revocation", async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 10 });
    const { tenantId, ownerId } = await api.db.prisma.agent.findFirstOrThrow({ where: { id: agent.id } });
    // The principal a request authenticated while the agent was live: its draw is still on its way to the database.
    const principal = { kind: 'agent' as const, tenantId, ownerId, agentId: agent.id, keyHash: hashSecret(agent.key) };
    const deps = serviceDeps(api.db, testLog);
    const draw = (dispatchKey: string) => drawAuthority(deps, principal, { authority: id, dispatchKey, tokens: 1 });
    expect((await draw('before')).outcome).toMatchObject({ kind: 'drawn' });
    const revoked = await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
    expect(revoked.data?.revokeAgent).toEqual({ __typename: 'AgentRevoked' });
    await expect(draw('after')).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    expect((await api.graphql(READ, { id }, { cookie: owner.cookie })).data?.authority?.drawn).toMatchObject({ tokens: 1, draws: 1 });
  });

  apiTest("reads another agent's or tenant's authority as not found, for drawing and reading", async ({ api }) => {
    const { owner, agent } = await seed(api);
    const sibling = await api.agent(owner);
    const stranger = await api.owner();
    const strangerAgent = await api.agent(stranger);
    const id = await api.authority(owner, agent.id, { tokens: 10 });
    for (const key of [sibling.key, strangerAgent.key]) {
      expect((await api.draw(key, { authority: id, dispatchKey: 'x', tokens: 1 })).code).toBe('NOT_FOUND');
      expect((await api.graphql(READ, { id }, { key })).data?.authority).toBeNull();
    }
    expect((await api.graphql(READ, { id }, { cookie: stranger.cookie })).data?.authority).toBeNull();
    expect((await api.graphql(REVOKE, { input: { authority: id, reason: 'x' } }, { cookie: stranger.cookie })).data?.revokeAuthority?.code).toBe('NOT_FOUND');
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.authority?.drawn?.tokens).toBe(0);
  });

  apiTest('refuses malformed amounts as BAD_INPUT', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 10 });
    for (const tokens of [0, -1, 1.5, 2 ** 53]) {
      const response = await api.draw(agent.key, { authority: id, dispatchKey: `k${tokens}`, tokens });
      expect(response.errors?.[0]?.extensions?.code, String(tokens)).toBe('BAD_INPUT');
    }
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'money', minorUnits: 5 })).errors?.[0]?.message).toMatch(/no currency/);
  });
});

describe('paging receipts', () => {
  const PAGE = `query($id: ID!, $first: Int, $after: String) { authority(id: $id) { receipts(first: $first, after: $after) { nodes { ordinal } pageInfo { hasNextPage endCursor } } } }`;

  apiTest('pages newest first with the cursor it gave out, up to the largest ordinal there can be', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 100 });
    for (const key of ['a', 'b', 'c']) await api.draw(agent.key, { authority: id, dispatchKey: key, tokens: 1 });
    const first = await api.graphql(PAGE, { id, first: 2 }, { cookie: owner.cookie });
    expect(first.data?.authority?.receipts).toEqual({ nodes: [{ ordinal: 3 }, { ordinal: 2 }], pageInfo: { hasNextPage: true, endCursor: '2' } });
    expect((await api.graphql(PAGE, { id, first: 2, after: '2' }, { cookie: owner.cookie })).data?.authority?.receipts).toEqual({
      nodes: [{ ordinal: 1 }],
      pageInfo: { hasNextPage: false, endCursor: '1' },
    });
    expect((await api.graphql(PAGE, { id, after: String(Number.MAX_SAFE_INTEGER) }, { cookie: owner.cookie })).data?.authority?.receipts?.nodes).toHaveLength(
      3,
    );
  });

  apiTest('refuses a cursor or a page size out of range or malformed as BAD_INPUT in a GraphQL body, never INTERNAL', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 100 });
    await api.draw(agent.key, { authority: id, dispatchKey: 'a', tokens: 1 });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ after: '9999999999999999999' }, /not one this API gave out/],
      [{ after: '9223372036854775808' }, /not one this API gave out/],
      [{ after: '9007199254740992' }, /not one this API gave out/],
      [{ after: '0' }, /not one this API gave out/],
      [{ after: '-1' }, /not one this API gave out/],
      [{ after: '01' }, /not one this API gave out/],
      [{ after: '1e3' }, /not one this API gave out/],
      [{ after: ' 1' }, /not one this API gave out/],
      [{ after: '' }, /not one this API gave out/],
      [{ after: 'abc' }, /not one this API gave out/],
      [{ first: 0 }, /"first" must be from 1 to 100/],
      [{ first: 101 }, /"first" must be from 1 to 100/],
      [{ first: -1 }, /"first" must be from 1 to 100/],
    ];
    for (const [variables, message] of cases) {
      for (const who of [{ cookie: owner.cookie }, { key: agent.key }]) {
        const response = await api.graphql(PAGE, { id, ...variables }, who);
        expect(response.status, JSON.stringify(variables)).toBe(400);
        // Refused before anything runs (see page-arguments.ts), so there is no partial answer.
        expect(response.data, JSON.stringify(variables)).toBeUndefined();
        expect(response.errors, JSON.stringify(variables)).toEqual([objectContaining({ message: stringMatching(message), extensions: { code: 'BAD_INPUT' } })]);
      }
    }
    // Past a 32-bit Int, GraphQL itself refuses the variable.
    const huge = await api.graphql(PAGE, { id, first: 2 ** 31 }, { cookie: owner.cookie });
    expect(huge.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });
});

describe('authority.grant', () => {
  apiTest('lets an agent ask for an authority that its owner grants by approving', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const request = await api.request(agent.key, {
      op: 'authority.grant',
      repository: undefined,
      input: { name: 'compute', tokens: 500, draws: 3 },
    });
    const id = text(request.data?.requestSignOff?.signOff?.id);
    expect(id).toBeTruthy();
    const decided = await api.decide(owner.cookie, id, true);
    expect(decided.signOff).toMatchObject({ state: 'SUCCEEDED', result: { authorityId: `grant-${id}` } });
    expect((await api.draw(agent.key, { authority: `grant-${id}`, dispatchKey: 'x', tokens: 100 })).__typename).toBe('Drawn');
    const withRepo = await api.request(agent.key, { op: 'authority.grant', repository: 'anything', input: { name: 'x', tokens: 1 } });
    expect(withRepo.errors?.[0]?.message).toMatch(/acts on no repository/);
    const badTerms = await api.request(agent.key, { op: 'authority.grant', repository: undefined, input: { name: 'x' } });
    expect(badTerms.errors?.[0]?.message).toMatch(/at least one ceiling/);
    for (const notBefore of ['-010000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z']) {
      const farOff = await api.request(agent.key, {
        op: 'authority.grant',
        repository: undefined,
        input: { name: 'x', tokens: 1, notBefore },
      });
      expect(farOff.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_INPUT' }, message: stringMatching(/year 1 to 9999/) });
    }
  });
});
