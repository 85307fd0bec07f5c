import { expect, test } from '../fixtures.js';
import { SettingsPage } from '../pages/settings-page.js';
import { postGraphQL, VIEWER_QUERY } from '../support/graphql.js';

const CREATE_AGENT = /* GraphQL */ `
  mutation {
    createAgent(input: { name: "from a token" }) {
      __typename
    }
  }
`;

test('an API token created in Settings is shown once, acts within its scope, and is refused once revoked', async ({
  context,
  page,
  request,
  signInAsOwner,
}, testInfo) => {
  await signInAsOwner(context);
  const name = `ci-${testInfo.retry}-${Date.now().toString(36)}`;
  const settings = new SettingsPage(page);
  await settings.open();
  const token = await settings.createToken(name, 'Decide');
  expect(token).toMatch(/^cso_/);
  await settings.tokenPanel.getByRole('button', { name: 'Done' }).click();
  await expect(settings.tokenPanel).toHaveCount(0);
  await expect(settings.row(name)).toContainText('DECIDE');
  await expect(settings.tokens).not.toContainText(token);

  const viewer = await postGraphQL<{ viewer: { __typename: string } }>(request, VIEWER_QUERY, { bearer: token });
  expect(viewer.data?.viewer.__typename).toBe('Owner');
  const refused = await postGraphQL(request, CREATE_AGENT, { bearer: token });
  expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

  await settings.revokeToken(name);
  await expect(settings.row(name)).toContainText('Revoked');
  const revoked = await postGraphQL(request, VIEWER_QUERY, { bearer: token });
  expect(revoked.status).toBe(401);
});
