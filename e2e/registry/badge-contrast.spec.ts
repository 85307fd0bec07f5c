import { generateKeyPairSync } from 'node:crypto';
import { expect, test, uniqueName } from '../fixtures.js';
import { RegistryPage } from '../pages/registry-page.js';
import { textContrast } from '../support/contrast.js';

/** WCAG 2 AA for text of normal size: the badges are small bold text, well under the "large" threshold. */
const AA_NORMAL_TEXT = 4.5;

test('the Verified and Not verified badges keep AA contrast in the selected version’s row as well as in the others', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { client: agent } = await seedAgent(uniqueName('contrast-publisher'));
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const name = uniqueName('contrast-bot');
  const registry = new RegistryPage(page);
  await registry.open();
  await registry.registerKey(publicKey.export({ type: 'spki', format: 'pem' }).toString(), uniqueName('Contrast key'));
  const manifest = (version: string) => `name: ${name}\nversion: "${version}"\nops:\n  - repository.serve\n`;
  await agent.publishManifest(manifest('1.0.0'), { signWith: { privateKey } });
  await agent.publishManifest(manifest('2.0.0'));

  await registry.open();
  await registry.chooseName(name);
  const verified = registry.versionRow(name, '1.0.0').getByText('Verified', { exact: true });
  const unverified = registry.versionRow(name, '2.0.0').getByText('Not verified', { exact: true });
  await expect(verified).toBeVisible();
  await expect(unverified).toBeVisible();

  for (const version of ['1.0.0', '2.0.0']) {
    await registry.chooseVersion(name, version);
    await expect(registry.versionRow(name, version)).toHaveClass(/selected/);
    for (const [label, badge] of [
      ['Verified', verified],
      ['Not verified', unverified],
    ] as const) {
      expect(await textContrast(badge), `${label} with ${version} selected`).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    }
  }
});
