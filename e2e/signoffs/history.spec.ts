import { expect, test, uniqueName } from '../fixtures.js';
import { HistoryPage } from '../pages/history-page.js';
import { requestTitle } from '../pages/inbox-page.js';
import { decideThroughApi } from '../support/sign-offs.js';

test('history shows decided requests with their outcome, leaves pending ones to the inbox, and filters by state', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('history-bot'));
  const repository = await agent.createRepository(uniqueName('wiki'));
  const ask = async (op: string, input: unknown, summary: string) => {
    const { signOff } = await agent.requestSignOff({ op, repository: repository.name, input, summary });
    return { ...signOff, title: requestTitle(name, signOff.description) };
  };

  // Seeded through the API: deciding in the console is what the other specs cover.
  const succeeded = await ask('repository.unserve', {}, 'Pause the wiki');
  expect(await decideThroughApi(context.request, succeeded.id, true)).toBe('SUCCEEDED');
  const failed = await ask('repository.transfer', { to: 'nobody@elsewhere.test' }, 'Hand the wiki over');
  expect(await decideThroughApi(context.request, failed.id, true)).toBe('FAILED');
  const denied = await ask('repository.serve', {}, 'Serve the wiki again');
  expect(await decideThroughApi(context.request, denied.id, false, 'Keep it paused until Monday.')).toBe('DENIED');
  const withdrawn = await ask('repository.mintToken', { scopes: ['read'], ttlHours: 1 }, 'Read token');
  await agent.withdraw(withdrawn.id);
  // Never decided, so nothing runs; withdrawn at the end.
  const pending = await ask('repository.delete', {}, 'Delete the wiki');

  const history = new HistoryPage(page);
  await history.open();

  await test.step('All lists every decided request with its state and outcome, and no pending one', async () => {
    await expect(history.stateFilter).toHaveValue('');
    await expect(history.row(succeeded.title)).toContainText('Succeeded');
    await expect(history.row(succeeded.title)).toContainText('"state": "UNSERVED"');
    await expect(history.row(failed.title)).toContainText('Failed');
    await expect(history.row(failed.title)).toContainText('No owner nobody@elsewhere.test in this tenant.');
    await expect(history.row(denied.title)).toContainText('Denied');
    await expect(history.row(denied.title)).toContainText('Keep it paused until Monday.');
    await expect(history.row(withdrawn.title)).toContainText('Withdrawn');
    await expect(history.row(pending.title)).toHaveCount(0);
  });

  await test.step('the state filter narrows the list', async () => {
    await history.filterBy('Denied');
    await expect(history.row(denied.title)).toBeVisible();
    for (const other of [succeeded, failed, withdrawn]) await expect(history.row(other.title)).toHaveCount(0);

    await history.filterBy('Failed');
    await expect(history.row(failed.title)).toBeVisible();
    for (const other of [succeeded, denied, withdrawn]) await expect(history.row(other.title)).toHaveCount(0);

    await history.filterBy('Succeeded');
    await expect(history.row(succeeded.title)).toBeVisible();
    await expect(history.row(failed.title)).toHaveCount(0);

    await history.filterBy('Withdrawn');
    await expect(history.row(withdrawn.title)).toBeVisible();
    await expect(history.row(denied.title)).toHaveCount(0);

    await history.filterBy('All');
    await expect(history.row(denied.title)).toBeVisible();
  });

  await agent.withdraw(pending.id);
});

test('history reads older requests page by page with Load more', async ({ page, context, signInAsOwner, seedAgent }) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('paging-bot'));
  const repository = await agent.createRepository(uniqueName('paged'));
  // One more than a page (20): each a distinct input, withdrawn at once.
  for (let hours = 1; hours <= 21; hours++) {
    const { signOff } = await agent.requestSignOff({
      op: 'repository.mintToken',
      repository: repository.name,
      input: { scopes: ['read'], ttlHours: hours },
      summary: `Token ${hours}`,
    });
    await agent.withdraw(signOff.id);
  }

  const history = new HistoryPage(page);
  await history.open();
  await history.filterBy('Withdrawn');
  const mine = history.rowsMentioning(name);
  await expect(mine).toHaveCount(20);

  await history.loadMoreButton.click();
  await expect(mine).toHaveCount(21);
});
