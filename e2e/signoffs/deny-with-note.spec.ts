import { expect, test, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';

test('a denial with a note reaches the agent, and nothing runs', async ({ page, context, signInAsOwner, seedAgent }) => {
  await signInAsOwner(context);
  const { name, client: agent } = await seedAgent(uniqueName('release-bot'));
  const repository = await agent.createRepository(uniqueName('api'));
  const inbox = new InboxPage(page);
  await inbox.open();

  const { signOff } = await agent.requestSignOff({ op: 'repository.unserve', repository: repository.name, input: {}, summary: 'Stop serving the API' });
  const title = requestTitle(name, signOff.description);
  await expect(inbox.pendingRequest(title)).toBeVisible();

  const decision = agent.waitForDecision(signOff.id, { timeoutMs: 15_000 });
  await inbox.deny(title, { note: 'Not during the release freeze.' });

  const outcome = inbox.outcome(title);
  await expect(outcome).toContainText('Denied. Nothing ran.');
  await expect(outcome).toContainText('Not during the release freeze.');
  await expect(inbox.pendingRequest(title)).toHaveCount(0);

  const decided = await decision;
  expect(decided).toMatchObject({ state: 'DENIED', note: 'Not during the release freeze.', result: null });
  const read = await agent.signOff(signOff.id);
  expect(read).toMatchObject({ state: 'DENIED', note: 'Not during the release freeze.' });
});
