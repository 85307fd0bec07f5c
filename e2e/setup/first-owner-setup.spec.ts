import { expect, test } from '../fixtures.js';
import { AgentsPage } from '../pages/agents-page.js';
import { ConsoleShell } from '../pages/console-shell.js';
import { InboxPage } from '../pages/inbox-page.js';
import { SetupPage } from '../pages/setup-page.js';
import { SignInPage } from '../pages/sign-in-page.js';
import { postGraphQL, VIEWER_QUERY } from '../support/graphql.js';

// The setup link works once per server: this file gets a server of its own.
test.use({ dedicatedServer: true });

/** The API's HttpOnly console session cookie. */
const SESSION_COOKIE = 'countersign_session';

test('the first owner sets up from the link, issues an agent key, revokes it and signs out', async ({ page, context, request, setupUrl }) => {
  const owner = { tenantName: 'Setup Co', email: 'first@setup.test', password: 'a long enough password' };
  const agentName = 'deploy-bot';
  const shell = new ConsoleShell(page);
  const agents = new AgentsPage(page);

  await test.step('setup through the printed link lands on the Inbox, signed in', async () => {
    const setup = new SetupPage(page);
    await setup.open(setupUrl);
    await expect(setup.heading).toBeVisible();
    await setup.createOwner(owner);
    await expect(new InboxPage(page).heading).toBeVisible();
    await expect(shell.signedInAs(owner.email)).toBeVisible();
    await expect(page).toHaveTitle('Countersign');
  });

  const key = await test.step('creating an agent shows its key once', async () => {
    await shell.navLink('Agents').click();
    await expect(agents.heading).toBeVisible();
    const shown = await agents.createAgent(agentName);
    await expect(agents.keyPanel).toContainText('you will not see it again');
    await expect(agents.row(agentName)).toContainText('Active');
    return shown;
  });

  await test.step('the key authenticates as the agent', async () => {
    const answer = await postGraphQL<{ viewer: { __typename: string; name?: string } }>(request, VIEWER_QUERY, { bearer: key });
    expect(answer.status).toBe(200);
    expect(answer.data?.viewer).toEqual({ __typename: 'Agent', name: agentName });
  });

  await test.step('revoking in the console refuses the key at once', async () => {
    await agents.revokeAgent(agentName);
    await expect(agents.row(agentName)).toContainText('Revoked');
    await expect(agents.row(agentName).getByRole('button', { name: `Revoke ${agentName}` })).toHaveCount(0);
    const answer = await postGraphQL(request, VIEWER_QUERY, { bearer: key });
    expect(answer.status).toBe(401);
    expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  await test.step('signing out shows sign-in and ends the session server-side', async () => {
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session, 'the console session cookie').toBeDefined();
    const cookie = `${session!.name}=${session!.value}`;
    const before = await postGraphQL<{ viewer: { __typename: string } | null }>(request, VIEWER_QUERY, { cookie });
    expect(before.data?.viewer?.__typename).toBe('Owner');

    await shell.signOut();
    await expect(new SignInPage(page).heading).toBeVisible();
    await expect(shell.navigation).toHaveCount(0);

    const after = await postGraphQL<{ viewer: unknown }>(request, VIEWER_QUERY, { cookie });
    expect(after.status).toBe(200);
    expect(after.data?.viewer).toBeNull();
  });
});
