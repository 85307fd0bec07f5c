import { signingKeyId } from '@countersign/client';
import { generateKeyPairSync } from 'node:crypto';
import { expect, test, uniqueName } from '../fixtures.js';
import { RegistryPage } from '../pages/registry-page.js';

test('a manifest an agent signed with a key the owner registered in the console shows as Verified; once the owner revokes the key, Verify says it was revoked', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { client: agent } = await seedAgent(uniqueName('publisher'));
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const keyName = uniqueName('Release key');
  const keyId = signingKeyId(publicKey);
  const name = uniqueName('deploy-bot');
  const version = '1.4.0';
  const content = `name: ${name}\nversion: "${version}"\ndescription: Deploys the docs site\nops:\n  - repository.mintToken\n  - repository.serve\n`;
  const registry = new RegistryPage(page);

  await test.step('the owner registers the public key by pasting its PEM', async () => {
    await registry.open();
    await registry.registerKey(publicKey.export({ type: 'spki', format: 'pem' }).toString(), keyName);
    await expect(registry.keyRow(keyName)).toContainText(keyId);
    await expect(registry.keyRow(keyName)).toContainText('Active');
  });

  const digest = await test.step('the agent publishes the manifest signed with the private key', async () => {
    const published = await agent.publishManifest(content, { signWith: { privateKey } });
    expect(published).toMatchObject({ kind: 'published', verdict: 'INSERTED', manifest: { verified: true, attestation: { keyId } } });
    return published.kind === 'published' ? published.manifest.digest : '';
  });

  await test.step('the Registry page shows the name, the version and a Verified badge, and the exact content', async () => {
    await registry.open();
    await registry.chooseName(name);
    const row = registry.versionRow(name, version);
    await expect(row).toContainText('Signed');
    await expect(row).toContainText('Verified');
    await expect(row).not.toContainText('Not verified');
    const digestCell = row.getByRole('cell').first();
    await expect(digestCell).toHaveText(`${digest.slice(0, 12)}…`);
    await expect(digestCell).toHaveAttribute('title', digest);

    await registry.chooseVersion(name, version);
    await expect(registry.content(name, version)).toHaveJSProperty('textContent', content);
    await expect(registry.detail(name, version)).toContainText(digest);
    await expect(registry.detail(name, version)).toContainText(keyName);

    await registry.verify(name, version);
    await expect(registry.detail(name, version).getByRole('status')).toContainText(`${name}@${version} verifies`);
  });

  await test.step('revoked in the console, the key no longer vouches for it: Verify shows why in an alert', async () => {
    await registry.revokeKey(keyName);
    await expect(registry.keyRow(keyName)).toContainText('Revoked');
    await expect(registry.keyRow(keyName).getByRole('button', { name: `Revoke ${keyName}` })).toHaveCount(0);
    await expect(registry.versionRow(name, version)).toContainText('Not verified');

    await registry.verify(name, version);
    const alert = registry.detail(name, version).getByRole('alert');
    await expect(alert).toContainText(`${name}@${version} does not verify`);
    await expect(alert).toContainText(`does not verify: the signing key ${keyId} was revoked.`);
    await expect(registry.detail(name, version).getByRole('status')).toHaveCount(0);
  });

  await expect(agent.manifest(name, version, { verify: true })).rejects.toMatchObject({ code: 'BAD_ATTESTATION' });
});
