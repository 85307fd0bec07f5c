import AxeBuilder from '@axe-core/playwright';
import { expect, test, uniqueName } from '../fixtures.js';
import { HistoryPage } from '../pages/history-page.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';

test('an owner approves and allows similar with a cap of 2: the next two matching requests are approved without them, the third waits in the inbox', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('token-bot'));
  const repository = await agent.createRepository(uniqueName('docs'));
  const inbox = new InboxPage(page);
  await inbox.open();
  const mint = (ttlHours: number) =>
    agent.requestSignOff({
      op: 'repository.mintToken',
      repository: repository.name,
      input: { scopes: ['read'], ttlHours },
      summary: `Read token, ${ttlHours} h`,
    });

  const { signOff: first } = await mint(2);
  const title = requestTitle(name, first.description);

  await test.step('the owner approves and allows tokens like it, of at most 8 hours, twice', async () => {
    const request = await inbox.select(title);
    await request.getByRole('button', { name: 'Approve and allow similar…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve and allow similar' });
    await expect(dialog).toContainText('repository.mintToken');
    // Each field starts at "exactly this", with the request's own value beside it.
    await expect(dialog.getByLabel('scopes', { exact: true })).toHaveValue('equals');
    await dialog.getByLabel('ttlHours', { exact: true }).selectOption({ label: 'At most' });
    const limit = dialog.getByLabel('ttlHours: At most');
    await expect(limit).toHaveValue('2');
    await limit.fill('8');
    await dialog.getByLabel('Allow up to').fill('2');
    await dialog.getByLabel('for', { exact: true }).fill('3');
    const serious = (await new AxeBuilder({ page }).include('dialog').analyze()).violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await dialog.getByRole('button', { name: 'Approve and allow' }).click();
    await expect(dialog).toBeHidden();
    await expect(inbox.outcome(title)).toContainText('Approved. It ran and succeeded.');
  });

  await test.step('the agent’s next two matching requests are approved by the rule, without the owner', async () => {
    for (const ttlHours of [3, 8]) {
      const { signOff } = await mint(ttlHours);
      expect(signOff.state).toBe('SUCCEEDED');
    }
  });

  await test.step('the third waits in the inbox', async () => {
    const { signOff: third } = await mint(4);
    expect(third.state).toBe('PENDING');
    await expect(inbox.pendingRequest(requestTitle(name, third.description))).toBeVisible();
    await expect(inbox.rowsFrom(name)).toHaveCount(1);
  });

  await test.step('History shows the two the rule approved, and Settings the rule, used up', async () => {
    const history = new HistoryPage(page);
    await history.open();
    await history.filters.getByLabel('Decided by').selectOption({ label: 'A standing rule' });
    await history.waitUntilLoaded();
    await expect(page).toHaveURL(/decidedBy=rule/);
    await expect(history.rowsMentioning(name)).toHaveCount(2);
    await expect(history.table).toContainText('Approved by a standing rule, without asking you');
    await page.goto('/settings');
    const rules = page.getByRole('list', { name: 'Your standing rules' });
    await expect(rules).toContainText(name);
    await expect(rules).toContainText('ttlHours is at most 8');
    await expect(rules).toContainText('Approved 2 of 2');
    await expect(rules).toContainText('Used up');
  });
});
