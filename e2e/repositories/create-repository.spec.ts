import { expect, test, uniqueName } from '../fixtures.js';
import { RepositoriesPage } from '../pages/repositories-page.js';

test('an owner creates a repository and sees it with its state and code; a taken name is refused', async ({ page, context, signInAsOwner, seedAgent }) => {
  await signInAsOwner(context);
  const repositories = new RepositoriesPage(page);
  await repositories.open();
  const name = uniqueName('handbook');

  await repositories.createRepository(name);
  const row = repositories.row(name);
  await expect(row).toContainText('Serving');
  await expect(row.getByRole('code')).toHaveText(/^rc_\S+$/);

  await repositories.createRepository(name);
  await expect(repositories.error).toContainText('already has that name');
  await expect(repositories.row(name)).toHaveCount(1);

  // An agent creates repositories for its owner; they are the owner's like any other.
  const { client: agent } = await seedAgent(uniqueName('setup-bot'));
  const created = await agent.createRepository(uniqueName('from-agent'));
  await repositories.open();
  await expect(repositories.row(created.name).getByRole('code')).toHaveText(created.code);
});
