import { expect, test, uniqueName } from '../fixtures.js';
import { RegistryPage } from '../pages/registry-page.js';

test('a name with more versions than a page shows the newest 50 first, the newest one open, and the older ones on request', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { client: agent } = await seedAgent(uniqueName('publisher'));
  const name = uniqueName('busy-bot');
  for (let i = 0; i < 55; i++) {
    const published = await agent.publishManifest({ name, version: `1.0.${i}`, ops: ['repository.mintToken'] });
    if (published.kind !== 'published') throw new Error(`Publishing 1.0.${i} was refused: ${published.message}`);
  }

  const registry = new RegistryPage(page);
  await registry.open();
  await registry.chooseName(name);
  const newestFirst = Array.from({ length: 55 }, (_, i) => `1.0.${54 - i}`);
  await expect(registry.versions(name).getByRole('rowheader')).toHaveText(newestFirst.slice(0, 50));
  await expect(registry.detail(name, '1.0.54')).toBeVisible();

  const older = registry.manifests.getByRole('button', { name: 'Older versions' });
  await older.click();
  await expect(registry.versions(name).getByRole('rowheader')).toHaveText(newestFirst);
  await expect(older).toHaveCount(0);
});
