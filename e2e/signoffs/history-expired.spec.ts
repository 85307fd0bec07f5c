import { expect, test, uniqueName } from '../fixtures.js';
import { HistoryPage } from '../pages/history-page.js';
import { requestTitle } from '../pages/inbox-page.js';

interface HistoryNode {
  id: string;
  state: string;
  expiresAt: string;
  decidedAt: string | null;
}

test('an expired request shows “Expired” and when under Decided, not its expiry passed off as a decision', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('expiry-bot'));
  const repository = await agent.createRepository(uniqueName('archive'));
  const { signOff } = await agent.requestSignOff({ op: 'repository.unserve', repository: repository.name, input: {}, summary: 'Pause the archive' });
  await agent.withdraw(signOff.id);

  // The API expires a request only a week after it was asked (SIGN_OFF_WINDOW), beyond an e2e run: the real History answer
  // is passed through with this one request turned into what the expiry sweep leaves (state EXPIRED, decidedAt = expiresAt).
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes('query SignOffs')) return route.fallback();
    const response = await route.fetch();
    const json = (await response.json()) as { data?: { signOffs?: { nodes: HistoryNode[] } } };
    for (const node of json.data?.signOffs?.nodes ?? []) {
      if (node.id === signOff.id) Object.assign(node, { state: 'EXPIRED', decidedAt: node.expiresAt });
    }
    await route.fulfill({ response, json });
  });

  const history = new HistoryPage(page);
  await history.open();
  const row = history.row(requestTitle(name, signOff.description));
  await expect(row).toContainText('Expired');
  const decidedColumn = await history.table.getByRole('columnheader').allInnerTexts();
  const decided = row.getByRole('cell').nth(decidedColumn.indexOf('Decided') - 1);
  await expect(decided).toContainText(/^Expired /);
  await expect(decided.locator('time')).toHaveAttribute('datetime', signOff.expiresAt);
});
