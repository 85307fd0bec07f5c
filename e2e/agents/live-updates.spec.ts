import { expect, test } from '../fixtures.js';
import { AgentsPage } from '../pages/agents-page.js';

test('an agent created and revoked in one tab changes in another without reload', async ({ context, signInAsOwner }, testInfo) => {
  await signInAsOwner(context);
  const agentName = `live-${testInfo.retry}-${Date.now().toString(36)}`;
  const tabA = new AgentsPage(await context.newPage());
  const tabB = new AgentsPage(await context.newPage());
  await tabB.open();
  await tabA.open();

  // The creation reaching tab B also proves its subscription is live before the revocation.
  await tabA.createAgent(agentName);
  await expect(tabB.row(agentName)).toContainText('Active');

  await tabA.revokeAgent(agentName);
  await expect(tabB.row(agentName)).toContainText('Revoked');
  await expect(tabB.row(agentName).getByRole('button', { name: `Revoke ${agentName}` })).toHaveCount(0);
});
