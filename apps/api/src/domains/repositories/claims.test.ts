import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { markRepositoryDeleted, revokeRepositoryTokens } from './store.js';

// The repositories service locks a live repository before it deletes or hands
// it on, so its tests never repeat these statements on a row they already
// changed: these hold them to their rules directly.
describe('the repositories claim statements', () => {
  apiTest('delete a repository once: a second deletion keeps the first time', async ({ api }) => {
    const owner = await api.owner();
    const repo = await api.repository(owner);
    const { tenantId } = await api.db.prisma.repository.findFirstOrThrow({ where: { id: repo.id } });
    await markRepositoryDeleted(api.db.pool, tenantId, repo.id);
    const deletedAt = (await api.db.prisma.repository.findFirstOrThrow({ where: { id: repo.id } })).deletedAt;
    expect(deletedAt).toBeInstanceOf(Date);
    await markRepositoryDeleted(api.db.pool, tenantId, repo.id);
    expect((await api.db.prisma.repository.findFirstOrThrow({ where: { id: repo.id } })).deletedAt).toEqual(deletedAt);
  });

  apiTest('revoke only live tokens: one revoked already keeps its first reason', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } });
    expect((await api.decide(owner.cookie, id, true)).signOff?.state).toBe('SUCCEEDED');
    const { tenantId } = await api.db.prisma.repository.findFirstOrThrow({ where: { id: repo.id } });
    expect(await revokeRepositoryTokens(api.db.pool, tenantId, repo.id, 'first reason')).toBe(1);
    expect(await revokeRepositoryTokens(api.db.pool, tenantId, repo.id, 'second reason')).toBe(0);
    expect(await api.db.prisma.repositoryToken.findMany({ where: { repositoryId: repo.id }, select: { revokedReason: true } })).toEqual([
      { revokedReason: 'first reason' },
    ]);
  });
});
