import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { expect, test, uniqueName } from '../fixtures.js';

/** Where the host waits for its redirect: intercepted in the browser, never listened on or connected to. */
const REDIRECT_URI = 'http://127.0.0.1:8976/callback';

/** An MCP host's OAuth state in memory, as the SDK's examples keep it. */
class Host implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Totally Official <b>Countersign</b> App', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

async function connect(url: URL, host: Host): Promise<Client> {
  const client = new Client({ name: 'e2e-host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: host }));
  return client;
}

test("an MCP host signs in through the console: the owner sees the client's claims as claims, picks an agent, and the host's tools act as it", async ({
  page,
  context,
  server,
  signInAsOwner,
  seedAgent,
}) => {
  await signInAsOwner(context);
  const agentName = uniqueName('desk-bot');
  const { client: agent } = await seedAgent(agentName);
  const repo = await agent.createRepository(uniqueName('oauth-repo'));
  const mcpUrl = new URL(`${server.baseURL}/mcp`);
  const host = new Host();
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: host });
  await expect(new Client({ name: 'e2e-host', version: '1.0.0' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);

  // The host's redirect back is answered inside the browser: nothing connects to that address.
  let redirectedTo: URL | undefined;
  await page.route(`${REDIRECT_URI}**`, async (route) => {
    redirectedTo = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'You can close this window.' });
  });
  await page.goto(host.authorizationUrl!.toString());

  await expect(page.getByRole('heading', { name: 'An application asks to act as one of your agents' })).toBeVisible();
  // The client's name is its own claim, shown as text (no markup it sent is rendered), and said to be unchecked.
  await expect(page.getByTestId('client-name')).toHaveText('Totally Official <b>Countersign</b> App');
  await expect(page.getByText('its own words; Countersign has not checked them')).toBeVisible();
  await expect(page.getByTestId('redirect-uri')).toHaveText(REDIRECT_URI);
  await page.getByRole('radio', { name: new RegExp(agentName) }).check();
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect.poll(() => redirectedTo?.searchParams.get('code') ?? null).not.toBeNull();
  await transport.finishAuth(redirectedTo!.searchParams.get('code')!);
  const client = await connect(mcpUrl, host);
  try {
    const asked = await client.callTool({
      name: 'request_sign_off',
      arguments: { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 }, summary: 'read the oauth repo' },
    });
    expect(asked.isError ?? false, JSON.stringify(asked.content)).toBe(false);
    expect(asked.structuredContent).toMatchObject({ state: 'PENDING' });
    // It is the picked agent asking: the owner's Inbox shows the request under that agent's name.
    await page.goto(`${server.baseURL}/inbox`);
    await expect(page.getByRole('listitem').filter({ hasText: agentName }).filter({ hasText: repo.name }).first()).toBeVisible();
  } finally {
    await client.close();
  }
});
