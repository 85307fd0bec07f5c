import { expect, test, uniqueName } from '../fixtures.js';
import { RegistryPage } from '../pages/registry-page.js';

test('other content under a published version is refused MANIFEST_VERSION_TAKEN naming the stored digest, and the console still shows the original', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { client: agent } = await seedAgent(uniqueName('publisher'));
  const name = uniqueName('report-bot');
  const original = `# First release\nname: ${name}\nversion: 2.0.0\nops: [repository.mintToken]\n`;

  const idempotencyKey = `publish-${name}-2.0.0`;
  const first = await agent.publishManifest(original, { idempotencyKey });
  if (first.kind !== 'published') throw new Error(`Publishing the original was refused: ${first.message}`);
  expect(first).toMatchObject({ verdict: 'INSERTED', replayed: false });
  const { digest } = first.manifest;

  // A retry under the caller's pinned key (as after a restart) is the first answer again, marked replayed.
  expect(await agent.publishManifest(original, { idempotencyKey })).toEqual({ ...first, replayed: true });

  const taken = await agent.publishManifest({ name, version: '2.0.0', ops: ['repository.delete'] });
  expect(taken).toEqual({ kind: 'refused', code: 'MANIFEST_VERSION_TAKEN', storedDigest: digest, message: expect.stringContaining(digest) });

  // The same document in other words is no change at all.
  const same = await agent.publishManifest({ ops: ['repository.mintToken'], version: '2.0.0', name });
  expect(same).toMatchObject({ kind: 'published', verdict: 'UNCHANGED', manifest: { digest, content: original } });

  const registry = new RegistryPage(page);
  await registry.open();
  await registry.chooseName(name);
  await expect(registry.versions(name).getByRole('rowheader')).toHaveText(['2.0.0']);
  await expect(registry.versionRow(name, '2.0.0')).toContainText('Unsigned');
  await expect(registry.versionRow(name, '2.0.0')).toContainText('Not verified');
  await registry.chooseVersion(name, '2.0.0');
  await expect(registry.content(name, '2.0.0')).toHaveJSProperty('textContent', original);
  await expect(registry.detail(name, '2.0.0')).toContainText(digest);

  await registry.verify(name, '2.0.0');
  await expect(registry.detail(name, '2.0.0').getByRole('alert')).toContainText('carries no attestation');
});
