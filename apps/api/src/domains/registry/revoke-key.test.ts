import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { insertKey, revokeKey } from './store.js';

describe('revoking a signing key', () => {
  apiTest('keeps the time of the first revocation: a second one changes nothing', async ({ api }) => {
    const owner = await api.owner();
    const { tenantId, id: ownerId } = await api.db.prisma.owner.findFirstOrThrow({ where: { email: owner.email } });
    const keyId = 'c'.repeat(64);
    await insertKey(api.db.pool, { tenantId, keyId, ownerId, name: 'release', publicKey: 'unused' });
    const first = await revokeKey(api.db.pool, tenantId, ownerId, keyId);
    expect(first?.revokedAt).toBeInstanceOf(Date);
    // Revoking is idempotent: a repeat (a retry, a second console tab) must not rewrite when the key was revoked.
    const again = await revokeKey(api.db.pool, tenantId, ownerId, keyId);
    expect(again?.revokedAt).toEqual(first?.revokedAt);
  });
});
