import AxeBuilder from '@axe-core/playwright';
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
    // The result and the note wait behind each row's disclosure.
    await expect(history.row(succeeded.title)).not.toContainText('"state": "UNSERVED"');
    await history.expand(succeeded.title);
    await expect(history.row(succeeded.title)).toContainText('"state": "UNSERVED"');
    await expect(history.row(failed.title)).toContainText('Failed');
    await expect(history.row(failed.title)).toContainText('No owner nobody@elsewhere.test in this tenant.');
    await expect(history.row(denied.title)).toContainText('Denied');
    await history.expand(denied.title);
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

test('a history row opens onto input, reason, note, timing and the fate of its secret; filters by agent and days live in the address', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const minter = await seedAgent(uniqueName('minter'));
  const other = await seedAgent(uniqueName('other-bot'));
  // A repository per request: a request's title names its repository, and each row is found by its title.
  const ask = async (who: typeof minter, input: { scopes: ('read' | 'write')[]; ttlHours: number }, reason: string) => {
    const repository = await minter.client.createRepository(uniqueName('site'));
    const { signOff } = await who.client.requestSignOff({ op: 'repository.mintToken', repository: repository.name, input, summary: 'A token', reason });
    return { ...signOff, title: requestTitle(who.name, signOff.description) };
  };
  const taken = await ask(minter, { scopes: ['read'], ttlHours: 1 }, 'Read the build logs');
  expect(await decideThroughApi(context.request, taken.id, true, 'One hour is enough.')).toBe('SUCCEEDED');
  await minter.client.takeSecret(taken.id);
  const waiting = await ask(minter, { scopes: ['read'], ttlHours: 2 }, 'Read the deploy logs');
  expect(await decideThroughApi(context.request, waiting.id, true)).toBe('SUCCEEDED');
  const elsewhere = await ask(other, { scopes: ['read'], ttlHours: 3 }, 'Something else');
  expect(await decideThroughApi(context.request, elsewhere.id, false, 'Not now.')).toBe('DENIED');

  const history = new HistoryPage(page);
  await history.open();

  await test.step('a compact row says whether the agent took the secret; its details open on demand', async () => {
    await expect(history.row(taken.title)).toContainText('The agent took the secret.');
    await expect(history.row(waiting.title)).toContainText('The secret waits for the agent until');
    await expect(history.toggle(taken.title)).toHaveAttribute('aria-expanded', 'false');
    await expect(history.row(taken.title).getByLabel('Input', { exact: true })).toHaveCount(0);

    const entry = await history.expand(taken.title);
    await expect(entry.getByLabel('Input', { exact: true })).toHaveText(JSON.stringify({ scopes: ['read'], ttlHours: 1 }, null, 2));
    // The agent's words, marked as its own and escaped (UI8), as on the request page.
    await expect(history.fact(taken.title, 'Reason')).toHaveText('Agent says why: “Read the build logs”');
    for (const term of ['Requested', 'Decided', 'Finished'])
      await expect(history.fact(taken.title, term).locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
    await expect(entry).toContainText('One hour is enough.');
    await expect(entry.getByRole('link', { name: 'Open the request' })).toHaveAttribute('href', `/inbox/${taken.id}`);

    const serious = (await new AxeBuilder({ page }).include('main').analyze()).violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // On a phone the open row is one card, its input wrapping inside its own box.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(entry.getByLabel('Input', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize(wide);

    await history.toggle(taken.title).click();
    await expect(history.toggle(taken.title)).toHaveAttribute('aria-expanded', 'false');
    await expect(entry.getByLabel('Input', { exact: true })).toHaveCount(0);
  });

  await test.step('the agent filter keeps one agent’s requests, and a copied address shows the same view', async () => {
    await history.filterByAgent(other.name);
    await expect(history.row(elsewhere.title)).toBeVisible();
    await expect(history.rowsMentioning(minter.name)).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]agent=[0-9a-f-]{36}/);

    const address = page.url();
    const second = await context.newPage();
    const linked = new HistoryPage(second);
    await linked.open(new URL(address).search);
    await expect(linked.agentFilter.getByRole('option', { name: other.name, selected: true })).toHaveCount(1);
    await expect(linked.row(elsewhere.title)).toBeVisible();
    await expect(linked.rowsMentioning(minter.name)).toHaveCount(0);
    await second.close();
  });

  await test.step('the days asked narrow the list, combine with the agent, and a span that runs backwards is refused', async () => {
    const day = (offset: number) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    };
    await history.fromFilter.fill(day(1));
    await history.waitUntilLoaded();
    await expect(page.getByText('No decided requests match these filters.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`from=${day(1)}`));

    await history.fromFilter.fill(day(0));
    await history.toFilter.fill(day(0));
    await history.waitUntilLoaded();
    await expect(history.row(elsewhere.title)).toBeVisible();
    await expect(history.rowsMentioning(minter.name)).toHaveCount(0);

    await history.fromFilter.fill(day(1));
    await expect(history.filters.getByRole('alert')).toHaveText('The first day comes after the last: choose a first day on or before the last.');
    await expect(history.table).toHaveCount(0);

    await history.clearFilters.click();
    await history.waitUntilLoaded();
    await expect(page).toHaveURL(/\/history$/);
    await expect(history.row(taken.title)).toBeVisible();
    await expect(history.row(elsewhere.title)).toBeVisible();
  });
});
