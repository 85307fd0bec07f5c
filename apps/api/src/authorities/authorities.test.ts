import { describe, expect } from 'vitest';
import { apiTest } from '../../test/fixtures.js';
import type { TestApi } from '../../test/testkit.js';

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
    expect(first.data?.issueAuthority).toEqual({ __typename: 'AuthorityIssued', existing: false, authority: { id: 'budget-1', state: 'ACTIVE', ceiling: { tokens: null, minorUnits: 5000, draws: 10 }, currency: 'EUR' } });
    const again = await api.graphql(ISSUE, { input }, { cookie: owner.cookie });
    expect(again.data?.issueAuthority.existing).toBe(true);
    const changed = await api.graphql(ISSUE, { input: { ...input, minorUnits: 5001 } }, { cookie: owner.cookie });
    expect(changed.data?.issueAuthority.code).toBe('TERMS_CONFLICT');
    expect(await api.db.prisma.authority.count()).toBe(1);
  });

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
    expect(max.data?.issueAuthority.authority.ceiling.tokens).toBe(Number.MAX_SAFE_INTEGER);
  });

  apiTest("refuses to issue for another owner's agent or a revoked one, and lets only owners issue", async ({ api }) => {
    const { owner, agent } = await seed(api);
    const other = await api.owner(owner.tenantName);
    expect((await api.graphql(ISSUE, { input: { agent: agent.id, name: 'x', tokens: 1 } }, { cookie: other.cookie })).data?.issueAuthority.code).toBe('NOT_FOUND');
    expect((await api.graphql(ISSUE, { input: { agent: agent.id, name: 'x', tokens: 1 } }, { key: agent.key })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
    expect((await api.graphql(ISSUE, { input: { agent: agent.id, name: 'x', tokens: 1 } }, { cookie: owner.cookie })).data?.issueAuthority.code).toBe('NOT_FOUND');
  });
});

describe('drawing on an authority', () => {
  apiTest('writes a receipt and moves the balance; a retry of the same key gets the same receipt', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 100, minorUnits: 1000, currency: 'USD', draws: 5 });
    const first = await api.draw(agent.key, { authority: id, dispatchKey: 'run-1', tokens: 30, minorUnits: 250 });
    expect(first).toEqual({ __typename: 'Drawn', replayed: false, receipt: { dispatchKey: 'run-1', tokens: 30, minorUnits: 250, ordinal: 1, remaining: { tokens: 70, minorUnits: 750, draws: 4 } } });
    const retry = await api.draw(agent.key, { authority: id, dispatchKey: 'run-1', tokens: 30, minorUnits: 250 });
    expect(retry).toEqual({ ...first, replayed: true });
    const read = await api.graphql(READ, { id }, { cookie: owner.cookie });
    expect(read.data?.authority).toMatchObject({ state: 'ACTIVE', drawn: { tokens: 30, minorUnits: 250, draws: 1 }, remaining: { tokens: 70, minorUnits: 750, draws: 4 }, receipts: { nodes: [{ dispatchKey: 'run-1', ordinal: 1 }] } });
  });

  apiTest('refuses the same dispatch key with a different amount, drawing nothing', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 100 });
    await api.draw(agent.key, { authority: id, dispatchKey: 'k', tokens: 10 });
    expect(await api.draw(agent.key, { authority: id, dispatchKey: 'k', tokens: 11 })).toEqual({ __typename: 'DispatchKeyReused', code: 'DISPATCH_KEY_REUSED', receipt: { tokens: 10 } });
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.authority.drawn).toEqual({ tokens: 10, minorUnits: 0, draws: 1 });
  });

  apiTest('allows a draw exactly at the ceiling and refuses one unit more', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 10 });
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'a', tokens: 11 })).code).toBe('EXHAUSTED');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'b', tokens: 10 })).__typename).toBe('Drawn');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'c', tokens: 1 })).code).toBe('EXHAUSTED');
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.authority.state).toBe('EXHAUSTED');
  });

  apiTest('reads as exhausted only when no draw can fit: money used up still leaves token draws', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const id = await api.authority(owner, agent.id, { tokens: 10, minorUnits: 100, currency: 'EUR' });
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'money', minorUnits: 100 })).__typename).toBe('Drawn');
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.authority.state).toBe('ACTIVE');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'more money', minorUnits: 1 })).code).toBe('EXHAUSTED');
    expect((await api.draw(agent.key, { authority: id, dispatchKey: 'tokens', tokens: 10 })).__typename).toBe('Drawn');
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.authority.state).toBe('EXHAUSTED');
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
    expect((await api.graphql(REVOKE, { input: { authority: id, reason: 'budget cut' } }, { cookie: owner.cookie })).data?.revokeAuthority.authority).toEqual({ state: 'REVOKED', revokeReason: 'budget cut' });
    expect(await api.draw(agent.key, { authority: id, dispatchKey: 'late', tokens: 1 })).toEqual({ __typename: 'Revoked', code: 'REVOKED', reason: 'budget cut' });
    expect(await api.draw(agent.key, { authority: id, dispatchKey: 'early', tokens: 3 })).toEqual({ ...drawn, replayed: true });
  });

  apiTest('keeps the first reason when revocations race', async ({ api }) => {
    const { owner, agent } = await seed(api);
    for (let round = 0; round < 5; round++) {
      const id = await api.authority(owner, agent.id, { tokens: 10 });
      const reasons = Array.from({ length: 12 }, (_, i) => `reason ${i}`);
      const results = await Promise.all(reasons.map((reason) => api.graphql(REVOKE, { input: { authority: id, reason } }, { cookie: owner.cookie })));
      const seen = new Set(results.map((result) => result.data?.revokeAuthority.authority.revokeReason));
      const stored = (await api.db.prisma.authorityBalance.findFirst({ where: { authorityId: id } }))!.revokeReason;
      expect(reasons).toContain(stored);
      // Every caller that revoked after the first sees the first reason.
      expect([...seen].every((reason) => reason === stored || reasons.includes(reason))).toBe(true);
      expect((await api.graphql(READ, { id }, { cookie: owner.cookie })).data?.authority.revokeReason).toBe(stored);
      expect((await api.graphql(REVOKE, { input: { authority: id, reason: 'later' } }, { cookie: owner.cookie })).data?.revokeAuthority.authority.revokeReason).toBe(stored);
    }
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
    expect((await api.graphql(REVOKE, { input: { authority: id, reason: 'x' } }, { cookie: stranger.cookie })).data?.revokeAuthority.code).toBe('NOT_FOUND');
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.authority.drawn.tokens).toBe(0);
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

describe('authority.grant', () => {
  apiTest('lets an agent ask for an authority that its owner grants by approving', async ({ api }) => {
    const { owner, agent } = await seed(api);
    const request = await api.request(agent.key, { op: 'authority.grant', repository: undefined as unknown as string, input: { name: 'compute', tokens: 500, draws: 3 } });
    const id = request.data?.requestSignOff.signOff.id;
    expect(id).toBeTruthy();
    const decided = await api.decide(owner.cookie, id, true);
    expect(decided.signOff).toMatchObject({ state: 'SUCCEEDED', result: { authorityId: `grant-${id}` } });
    expect((await api.draw(agent.key, { authority: `grant-${id}`, dispatchKey: 'x', tokens: 100 })).__typename).toBe('Drawn');
    const withRepo = await api.request(agent.key, { op: 'authority.grant', repository: 'anything', input: { name: 'x', tokens: 1 } });
    expect(withRepo.errors?.[0]?.message).toMatch(/acts on no repository/);
    const badTerms = await api.request(agent.key, { op: 'authority.grant', repository: undefined as unknown as string, input: { name: 'x' } });
    expect(badTerms.errors?.[0]?.message).toMatch(/at least one ceiling/);
  });
});
