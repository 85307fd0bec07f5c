import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { adoptAttestation, findManifest, insertKey } from './store.js';

// Publishing decides to adopt only onto an unsigned version, under the
// version's lock, so the registry's own tests never reach an adoption the
// statement must refuse: this holds the statement to its rule directly.
describe('adopting an attestation', () => {
  apiTest('adds one to an unsigned version once; a signed version keeps the attestation it has', async ({ api }) => {
    const owner = await api.owner();
    const { tenantId, id: ownerId } = await api.db.prisma.owner.findFirstOrThrow({ where: { email: owner.email } });
    // Two registered keys (the attestations are never verified here, only stored).
    for (const keyId of ['a'.repeat(64), 'b'.repeat(64)]) await insertKey(api.db.pool, { tenantId, keyId, ownerId, name: keyId[0]!, publicKey: 'unused' });
    const content = JSON.stringify({ name: 'adoptee', version: '1.0.0', ops: [] });
    const published = await api.graphql(
      'mutation($content: String!) { publishManifest(input: { content: $content }) { __typename } }',
      { content },
      { cookie: owner.cookie },
    );
    expect(published.data?.publishManifest).toEqual({ __typename: 'ManifestPublished' });
    const manifest = { name: 'adoptee', version: '1.0.0', content };
    // Same name and version, other bytes (which could share the digest): never adopted onto the stored text.
    const reformatted = { ...manifest, content: JSON.stringify(JSON.parse(content), null, 2) };
    expect(await adoptAttestation(api.db.pool, tenantId, reformatted, { keyId: 'a'.repeat(64), signature: 'first' })).toBe(false);
    expect(await adoptAttestation(api.db.pool, tenantId, manifest, { keyId: 'a'.repeat(64), signature: 'first' })).toBe(true);
    expect(await adoptAttestation(api.db.pool, tenantId, manifest, { keyId: 'b'.repeat(64), signature: 'second' })).toBe(false);
    expect(await findManifest(api.db.pool, tenantId, 'adoptee', '1.0.0')).toMatchObject({ keyId: 'a'.repeat(64), signature: 'first' });
  });
});
