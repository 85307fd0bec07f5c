import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import type { TestApi } from '../../../test/testkit.js';
import { oneApproval, succeededTransfer } from '../../../test/two-person-kit.js';
import { decidePending, expireAgentPending, expireOverdue, lockRequestingAgent, withdrawPending, withdrawRevokedAgentRequests } from './store.js';
import { recordFailure, recordSuccess } from './runs/run-store.js';
import { lapseRevokedAgentSecrets, lapseUncollected, takeSecret } from './secrets-store.js';

// The sign-offs service reaches most claim statements only in states where
// their guards hold anyway (it claims a request under a lock before recording
// its outcome, a revoked key never authenticates, ...), so its tests cannot
// tell a guard from its absence. These call each statement directly on rows in
// the states a race or a later change could bring it, and check that it
// changes nothing there. `pnpm test:mutate` removes each guard and expects a
// test here or beside it to fail.

async function tenantOf(api: TestApi, agentId: string): Promise<string> {
  return (await api.db.prisma.agent.findFirstOrThrow({ where: { id: agentId } })).tenantId;
}

async function row(api: TestApi, id: string) {
  return api.db.prisma.signOff.findFirstOrThrow({ where: { id } });
}

/** An approved mint whose secret waits for the agent, with its tenant. */
async function waitingSecret(api: TestApi) {
  const mint = await api.approvedMint();
  return { ...mint, tenantId: await tenantOf(api, mint.agent.id) };
}

/** An approved transfer, which succeeds without a secret, with its tenant. */
async function succeeded(api: TestApi) {
  const transfer = await succeededTransfer(api);
  return { ...transfer, tenantId: await tenantOf(api, transfer.agent.id) };
}

describe('the sign-offs claim statements', () => {
  apiTest('do not let a revoked agent ask, even one that authenticated before its revocation', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const tenantId = await tenantOf(api, agent.id);
    expect(await lockRequestingAgent(api.db.pool, tenantId, agent.id)).toBe(true);
    await api.db.pool.query('UPDATE agents SET revoked_at = now() WHERE id = $1', [agent.id]);
    expect(await lockRequestingAgent(api.db.pool, tenantId, agent.id)).toBe(false);
  });

  apiTest('let only its owner decide and only its agent withdraw a pending request, inside its window', async ({ api }) => {
    const owner = await api.owner();
    // A request needing one approval (a second owner would make authority.grant two-person, S20): its owner's alone.
    await oneApproval(api, owner, 'authority.grant');
    const colleague = await api.owner(owner.tenantName);
    const agent = await api.agent(owner);
    const sibling = await api.agent(owner);
    const tenantId = await tenantOf(api, agent.id);
    const { id: ownerId } = await api.db.prisma.owner.findFirstOrThrow({ where: { email: owner.email } });
    const { id: colleagueId } = await api.db.prisma.owner.findFirstOrThrow({ where: { email: colleague.email } });
    const ask = (name: string) => api.requestId(agent.key, { op: 'authority.grant', repository: undefined, input: { name, tokens: 1 } });
    const id = await ask('first');
    expect(await decidePending(api.db.pool, tenantId, colleagueId, id, false, null)).toBe(false);
    expect(await withdrawPending(api.db.pool, tenantId, sibling.id, id)).toBe(false);
    expect(await row(api, id)).toMatchObject({ state: 'pending' });
    // Past its window, neither its owner nor its agent can close it any more.
    const late = await ask('late');
    await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() - interval '7 days 1 second' WHERE id = $1`, [late]);
    expect(await decidePending(api.db.pool, tenantId, ownerId, late, false, null)).toBe(false);
    expect(await withdrawPending(api.db.pool, tenantId, agent.id, late)).toBe(false);
    expect(await row(api, late)).toMatchObject({ state: 'pending', decidedAt: null });
    // Once decided, it is decided: no second decision, no withdrawal.
    expect(await decidePending(api.db.pool, tenantId, ownerId, id, false, 'no')).toBe(true);
    expect(await decidePending(api.db.pool, tenantId, ownerId, id, true, 'yes')).toBe(false);
    expect(await withdrawPending(api.db.pool, tenantId, agent.id, id)).toBe(false);
    expect(await row(api, id)).toMatchObject({ state: 'denied', note: 'no' });
  });

  apiTest('expire only pending requests, and only past their window', async ({ api }) => {
    const { agent, id, tenantId } = await succeeded(api);
    const fresh = await api.requestId(agent.key, { op: 'authority.grant', repository: undefined, input: { name: 'fresh', tokens: 1 } });
    // Long decided: well past the window, but no longer pending.
    await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() - interval '8 days', decided_at = now() - interval '8 days' WHERE id = $1`, [id]);
    await expireAgentPending(api.db.pool, tenantId, agent.id);
    expect(await expireOverdue(api.db.pool)).toBe(0);
    expect(await row(api, id)).toMatchObject({ state: 'succeeded' });
    expect(await row(api, fresh)).toMatchObject({ state: 'pending' });
  });

  apiTest('record an outcome only for a request still approved: a settled one keeps its own', async ({ api }) => {
    const { id, tenantId } = await succeeded(api);
    await recordFailure(api.db.pool, tenantId, id, 'a late failure');
    await recordSuccess(api.db.pool, tenantId, id, { result: { late: true }, secret: null, minted: null });
    expect(await row(api, id)).toMatchObject({ state: 'succeeded', failure: null });
    expect((await row(api, id)).result).not.toEqual({ late: true });
  });

  apiTest('close only open requests when an agent is revoked: a settled one keeps its state', async ({ api }) => {
    const { agent, id, tenantId } = await succeeded(api);
    expect(await withdrawRevokedAgentRequests(api.db.pool, tenantId, agent.id)).toBe(0);
    expect(await row(api, id)).toMatchObject({ state: 'succeeded', failure: null });
  });

  apiTest('hand a secret to no other agent, and to none past its life', async ({ api }) => {
    const { owner, agent, id, tenantId } = await waitingSecret(api);
    const other = await api.agent(owner);
    expect(await takeSecret(api.db.pool, tenantId, other.id, id)).toBeNull();
    expect(await row(api, id)).toMatchObject({ secretState: 'waiting' });
    await api.db.pool.query(`UPDATE sign_offs SET decided_at = now() - interval '24 hours 1 second' WHERE id = $1`, [id]);
    expect(await takeSecret(api.db.pool, tenantId, agent.id, id)).toBeNull();
    expect(await row(api, id)).toMatchObject({ secretState: 'waiting' });
  });

  apiTest('lapse only waiting secrets past their life: a taken one stays taken, a fresh one waits', async ({ api }) => {
    const taken = await waitingSecret(api);
    expect((await api.take(taken.agent.key, taken.id)).__typename).toBe('SignOffSecret');
    await api.db.pool.query(`UPDATE sign_offs SET decided_at = now() - interval '30 hours' WHERE id = $1`, [taken.id]);
    const fresh = await waitingSecret(api);
    expect(await lapseUncollected(api.db.pool)).toBe(0);
    expect(await row(api, taken.id)).toMatchObject({ secretState: 'taken' });
    expect(await row(api, fresh.id)).toMatchObject({ secretState: 'waiting' });
    // A revoked agent's secrets lapse, but not the one it already took.
    expect(await lapseRevokedAgentSecrets(api.db.pool, taken.tenantId, taken.agent.id)).toBe(0);
    expect(await row(api, taken.id)).toMatchObject({ secretState: 'taken' });
  });

  apiTest('leave a token revoked before its secret lapsed with its first reason', async ({ api }) => {
    const { id, tokenId } = await waitingSecret(api);
    await api.db.pool.query(`UPDATE repository_tokens SET revoked_at = now() - interval '1 hour', revoked_reason = 'revoked first' WHERE id = $1`, [tokenId]);
    await api.db.pool.query(`UPDATE sign_offs SET decided_at = now() - interval '24 hours 1 second' WHERE id = $1`, [id]);
    expect(await lapseUncollected(api.db.pool)).toBe(1);
    expect(await api.db.prisma.repositoryToken.findFirstOrThrow({ where: { id: tokenId } })).toMatchObject({ revokedReason: 'revoked first' });
  });
});
