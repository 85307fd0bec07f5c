import { expect, test, uniqueName } from '../fixtures.js';
import { HistoryPage } from '../pages/history-page.js';
import { RequestPage } from '../pages/request-page.js';

test('every built-in operation’s request is titled as a plain sentence: the agent asks for something, never for “this agent”', async ({
  page,
  context,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('title-bot'));
  const repository = (await agent.createRepository(uniqueName('site'))).name;
  const asks = [
    { op: 'repository.delete', input: {}, title: `${name} asks to delete repository ${repository}` },
    { op: 'repository.unserve', input: {}, title: `${name} asks to stop serving repository ${repository}` },
    { op: 'repository.serve', input: {}, title: `${name} asks to serve repository ${repository} again` },
    { op: 'repository.transfer', input: { to: 'next@owner.test' }, title: `${name} asks to hand repository ${repository} to another owner` },
    { op: 'repository.mintToken', input: { scopes: ['read'], ttlHours: 1 }, title: `${name} asks to mint an access token for repository ${repository}` },
    { op: 'authority.grant', input: { name: 'Ads budget', tokens: 5 }, title: `${name} asks for a standing authority`, noRepository: true },
  ];
  const requestPage = new RequestPage(page);
  const ids: string[] = [];

  for (const ask of asks) {
    const { signOff } = await agent.requestSignOff({
      op: ask.op,
      ...(ask.noRepository ? {} : { repository }),
      input: ask.input,
      summary: `Title check for ${ask.op}`,
    });
    ids.push(signOff.id);
    await requestPage.open(signOff.id);
    await expect(page.getByRole('heading', { level: 1 }), ask.op).toHaveText(ask.title);
    await expect(requestPage.request(ask.title)).toBeVisible();
  }

  // History names them the same way once they are closed.
  for (const id of ids) await agent.withdraw(id);
  const history = new HistoryPage(page);
  await history.open();
  for (const ask of asks) await expect(history.row(ask.title), ask.op).toHaveCount(1);
  await expect(history.rowsMentioning('this agent')).toHaveCount(0);
});
