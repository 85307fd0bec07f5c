import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { dbTest, testConfig, testLog } from '../fixtures.js';
import { spawnApi } from '../spawn-api.js';
import { EventBus } from '../../src/platform/events/bus.js';
import { TestApi, type SignedInOwner } from '../testkit.js';

/** A free loopback port: the public URL (the OAuth issuer) must name the port the API listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `apiTest` with the public URL set to the API's own address, as an operator sets COUNTERSIGN_PUBLIC_URL. */
export const oauthTest = dbTest.extend<{ api: TestApi }>({
  api: async ({ database }, use) => {
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const port = await freePort();
    const server = await spawnApi({ config: testConfig({ port, publicUrl: `http://127.0.0.1:${port}` }), db: database, bus, log: testLog });
    await use(new TestApi(server.url, database, bus));
    await server.close();
    await bus.stop();
  },
});

/** The loopback address an MCP host waits for its redirect on (never listened on here: the test reads the code off the URL). */
export const REDIRECT_URI = 'http://127.0.0.1:8976/callback';

/** An MCP host's OAuth state, in memory, as the SDK's own examples keep it; it records where it was sent to sign in. */
export class TestHost implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;

  constructor(readonly name = 'Test Host') {}

  get redirectUrl(): string {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
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

/** A browser's cookie jar, enough for the provider's Lax cookies and the console's session. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(owner?: SignedInOwner) {
    if (owner) this.keep(owner.cookie);
  }

  private keep(setCookie: string): void {
    const [pair] = setCookie.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index).trim();
    const value = pair!.slice(index + 1).trim();
    if (/max-age=0/i.test(setCookie) || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One request, no redirect followed; cookies kept. (Paths are not scoped here: the server checks the uid itself.) */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: this.header() } });
    for (const setCookie of response.headers.getSetCookie()) this.keep(setCookie);
    return response;
  }

  /** Follows redirects on this server until one leaves it (the host's redirect URI) or a page answers. */
  async follow(url: string): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hop = 0; hop < 10; hop += 1) {
      const response = await this.fetch(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current).toString();
      if (current.startsWith(REDIRECT_URI)) return { url: current, response };
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/**
 * What the owner does in the console's consent page, over its JSON: opens
 * the authorization URL, reads what is asked, confirms for `agent`
 * (`{agent: id}` or `{newAgentName}`), and follows the provider back to the
 * host's redirect URI. Answers the code and the details the page showed.
 */
export async function consent(
  api: TestApi,
  browser: Browser,
  authorizationUrl: URL,
  choice: { agent: string } | { newAgentName: string } | 'deny',
): Promise<{ redirect: URL; details: Record<string, unknown> }> {
  const opened = await browser.follow(authorizationUrl.toString());
  const consentPath = new URL(opened.url).pathname;
  expect(consentPath).toMatch(/^\/oauth\/consent\/[^/]+$/);
  const detailsResponse = await browser.fetch(`${api.url}${consentPath}/details`);
  expect(detailsResponse.status).toBe(200);
  const details = (await detailsResponse.json()) as Record<string, unknown>;
  const answer = await browser.fetch(`${api.url}${consentPath}/${choice === 'deny' ? 'deny' : 'confirm'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(choice === 'deny' ? {} : choice),
  });
  const body = (await answer.json()) as { redirectTo?: string };
  expect(answer.status, JSON.stringify(body)).toBe(200);
  const back = await browser.follow(body.redirectTo!);
  expect(back.url.startsWith(REDIRECT_URI), back.url).toBe(true);
  return { redirect: new URL(back.url), details };
}
