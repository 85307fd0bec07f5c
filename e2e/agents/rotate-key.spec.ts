import { expect, test } from '../fixtures.js';
import { AgentsPage } from '../pages/agents-page.js';
import { postGraphQL, VIEWER_QUERY } from '../support/graphql.js';

test("rotating an agent's key in the console refuses the old key and accepts the new one", async ({ context, page, request, signInAsOwner }, testInfo) => {
  await signInAsOwner(context);
  const name = `rotated-${testInfo.retry}-${Date.now().toString(36)}`;
  const agents = new AgentsPage(page);
  await agents.open();
  const oldKey = await agents.createAgent(name);
  await agents.keyPanel.getByRole('button', { name: 'Done' }).click();

  const newKey = await agents.rotateKey(name);
  expect(newKey).not.toBe(oldKey);
  await expect(agents.row(name)).toContainText(newKey.slice(0, 10));

  const refused = await postGraphQL(request, VIEWER_QUERY, { bearer: oldKey });
  expect(refused.status).toBe(401);
  expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  const accepted = await postGraphQL<{ viewer: { __typename: string; name: string } }>(request, VIEWER_QUERY, { bearer: newKey });
  expect(accepted.data?.viewer).toEqual({ __typename: 'Agent', name });
});
