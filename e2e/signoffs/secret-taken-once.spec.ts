import { expect, test, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';

test('an approved token’s secret goes to the asking agent once, and never to the console', async ({ page, context, signInAsOwner, seedAgent }) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('build-bot'));
  const repository = await agent.createRepository(uniqueName('docs'));
  const inbox = new InboxPage(page);
  await inbox.open();

  const { signOff } = await agent.requestSignOff({
    op: 'repository.mintToken',
    repository: repository.name,
    input: { ttlHours: 2, scopes: ['read'] },
    summary: 'Read token for the nightly docs build',
  });
  const title = requestTitle(name, signOff.description);
  const request = await inbox.select(title);
  await expect(request).toContainText(`A read-only token for ${repository.name}, valid 2 hours`);
  // Under Details, the owner sees the canonical input (sorted keys): the exact bytes that will run.
  await request.getByText('Details: the exact input').click();
  await expect(request.getByLabel('Input', { exact: true })).toHaveText(JSON.stringify({ scopes: ['read'], ttlHours: 2 }, null, 2));

  const decision = agent.waitForDecision(signOff.id, { timeoutMs: 15_000 });
  await inbox.approve(title);
  const decided = await decision;
  expect(decided.state).toBe('SUCCEEDED');
  expect(decided.secretState).toBe('WAITING');
  expect(decided.result).toMatchObject({ scopes: ['read'] });
  expect(decided.result).not.toHaveProperty('token');

  const { secret } = await agent.takeSecret<{ token: string }>(signOff.id);
  expect(secret).toEqual({ token: expect.stringMatching(/^cst_/) });
  // Asked again, it says why there is none: taken, once.
  expect(await agent.takeSecret(signOff.id)).toMatchObject({ secret: null, reason: 'TAKEN' });
  expect((await agent.signOff(signOff.id))?.secretState).toBe('TAKEN');

  await expect(inbox.toast).toContainText(`${title}: Approved. It ran and succeeded.`);
  await expect(page.locator('body')).not.toContainText(secret!.token);
});
