import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { claimKey, releaseKey } from './store.js';

describe('releasing a claimed key', () => {
  apiTest('frees it only for the holder of the claim: a stale token (its lease taken over) frees nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const { tenantId } = await api.db.prisma.agent.findFirstOrThrow({ where: { id: agent.id } });
    const scope = { tenantId, agentId: agent.id, key: 'held' };
    const claim = await claimKey(api.db.pool, scope, 'createRepository', { hash: 'b'.repeat(64), parts: {} }, 60_000);
    expect(claim.outcome).toBe('claimed');
    await releaseKey(api.db.pool, scope, '00000000-0000-4000-8000-000000000000');
    expect((await api.db.pool.query(`SELECT state FROM idempotency_keys WHERE key = 'held'`)).rows).toEqual([{ state: 'pending' }]);
    if (claim.outcome === 'claimed') await releaseKey(api.db.pool, scope, claim.token);
    expect((await api.db.pool.query(`SELECT state FROM idempotency_keys WHERE key = 'held'`)).rows).toEqual([]);
  });
});
