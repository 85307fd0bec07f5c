import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { findAgent, replaceLiveAgentKey, revokeLiveAgent } from './store.js';

// The agents service finds the agent under its owner before it revokes or
// re-keys it, so its tests never reach these statements with another owner's
// agent or a revoked one: this holds the statements to their rules directly,
// as a request racing a revocation (or a stale console tab) would reach them.
describe('the agents claim statements', () => {
  apiTest("revoke only the owner's own agent, and only the first time", async ({ api }) => {
    const owner = await api.owner();
    const stranger = await api.owner(owner.tenantName);
    const agent = await api.agent(owner);
    const { tenantId, ownerId } = await api.db.prisma.agent.findFirstOrThrow({ where: { id: agent.id } });
    const { id: strangerId } = await api.db.prisma.owner.findFirstOrThrow({ where: { email: stranger.email } });
    expect(await revokeLiveAgent(api.db.prisma, tenantId, strangerId, agent.id)).toBeNull();
    expect((await findAgent(api.db.pool, tenantId, agent.id))?.revokedAt).toBeNull();
    const revoked = await revokeLiveAgent(api.db.prisma, tenantId, ownerId, agent.id);
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect(await revokeLiveAgent(api.db.prisma, tenantId, ownerId, agent.id)).toBeNull();
    expect((await findAgent(api.db.pool, tenantId, agent.id))?.revokedAt).toEqual(revoked?.revokedAt);
  });

  apiTest("give a new key only to the owner's own live agent", async ({ api }) => {
    const owner = await api.owner();
    const stranger = await api.owner(owner.tenantName);
    const agent = await api.agent(owner);
    const { tenantId, ownerId, keyHash } = await api.db.prisma.agent.findFirstOrThrow({ where: { id: agent.id } });
    const { id: strangerId } = await api.db.prisma.owner.findFirstOrThrow({ where: { email: stranger.email } });
    const key = { keyPrefix: 'cs_agent_new', keyHash: 'f'.repeat(64) };
    expect(await replaceLiveAgentKey(api.db.pool, tenantId, strangerId, agent.id, key)).toBe(false);
    await api.db.pool.query('UPDATE agents SET revoked_at = now() WHERE id = $1', [agent.id]);
    expect(await replaceLiveAgentKey(api.db.pool, tenantId, ownerId, agent.id, key)).toBe(false);
    expect((await findAgent(api.db.pool, tenantId, agent.id))?.keyHash).toBe(keyHash);
  });
});
