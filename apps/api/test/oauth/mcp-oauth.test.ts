import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect } from 'vitest';
import { call, connectClient, revokeAgent, structured } from '../mcp/mcp-kit.js';
import type { TestApi } from '../testkit.js';
import { Browser, consent, oauthTest, REDIRECT_URI, TestHost } from './oauth-kit.js';

/** The MCP SDK's own client flow against /mcp: 401, discovery, registration, the owner's consent, the code, tools. */
async function signIn(api: TestApi, host: TestHost, browser: Browser, choice: { agent: string } | { newAgentName: string }) {
  const url = new URL(`${api.url}/mcp`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: host });
  await expect(connectClient(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(host.authorizationUrl, 'the SDK was sent to sign in').toBeDefined();
  const { redirect, details } = await consent(api, browser, host.authorizationUrl!, choice);
  const code = redirect.searchParams.get('code');
  expect(code, redirect.toString()).toBeTruthy();
  await first.finishAuth(code!);
  expect(host.saved?.access_token).toBeTruthy();
  const client = await connectClient(new StreamableHTTPClientTransport(url, { authProvider: host }));
  return { client, details };
}

async function tokenRequest(api: TestApi, params: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${api.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('OAuth for MCP hosts (docs/oauth.md)', () => {
  oauthTest('publishes where /mcp gets its tokens, and answers an unauthenticated call with the challenge that says so', async ({ api }) => {
    const resource: unknown = await (await fetch(`${api.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(resource).toMatchObject({ resource: `${api.url}/mcp`, authorization_servers: [api.url], scopes_supported: ['countersign:agent'] });
    expect(await (await fetch(`${api.url}/.well-known/oauth-protected-resource`)).json()).toEqual(resource);

    for (const name of ['oauth-authorization-server', 'openid-configuration']) {
      const metadata = (await (await fetch(`${api.url}/.well-known/${name}`)).json()) as Record<string, unknown>;
      expect(metadata, name).toMatchObject({
        issuer: api.url,
        authorization_endpoint: `${api.url}/oauth/authorize`,
        token_endpoint: `${api.url}/oauth/token`,
        registration_endpoint: `${api.url}/oauth/register`,
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    }

    const anonymous = await fetch(`${api.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${api.url}/.well-known/oauth-protected-resource/mcp"`);
    const dead = await fetch(`${api.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
      body: '{}',
    });
    expect(dead.status).toBe(401);
    expect(dead.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  oauthTest('signs a host in as the agent its owner picked: tools act as that agent, and the token works nowhere but /mcp', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner, 'Desk assistant');
    const host = new TestHost('Claude Desktop <script>');
    const { client, details } = await signIn(api, host, new Browser(owner), { agent: agent.id });
    // What the consent page shows: the client's own words, the resource and scope, the owner's agents.
    expect(details).toMatchObject({
      client: { name: 'Claude Desktop <script>', redirectUri: REDIRECT_URI },
      resource: `${api.url}/mcp`,
      scope: 'countersign:agent',
    });
    expect((details.agents as { id: string }[]).map((candidate) => candidate.id)).toEqual([agent.id]);
    try {
      const repo = await api.repository(owner);
      const asked = structured(
        await call(client, 'request_sign_off', {
          op: 'repository.mintToken',
          repository: repo.name,
          input: { scopes: ['read'], ttlHours: 1 },
          summary: 'read access',
        }),
      );
      const signOff = await api.db.pool.query<{ agent_id: string }>('SELECT agent_id FROM sign_offs WHERE id = $1', [asked.id]);
      expect(signOff.rows).toEqual([{ agent_id: agent.id }]);
    } finally {
      await client.close();
    }

    // Never a credential for /graphql: only /mcp (and its tools' own calls) take it.
    const graphql = await api.graphql('{ viewer { __typename } }', {}, { key: host.saved!.access_token });
    expect(graphql.status).toBe(401);
    expect(graphql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // Revoking the agent refuses its tokens at once.
    await revokeAgent(api, owner, agent.id);
    const refused = await fetch(`${api.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${host.saved!.access_token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(refused.status).toBe(401);
  });

  oauthTest('keeps tokens only as hashes, rotates refresh tokens once, and lets an owner create the agent on the way', async ({ api }) => {
    const owner = await api.owner();
    const host = new TestHost();
    const { client } = await signIn(api, host, new Browser(owner), { newAgentName: 'Made while connecting' });
    await client.close();
    const agents = await api.db.pool.query<{ id: string; name: string }>('SELECT id, name FROM agents');
    expect(agents.rows.map((row) => row.name)).toEqual(['Made while connecting']);

    const { access_token: accessToken, refresh_token: refreshToken } = host.saved!;
    expect(refreshToken).toBeTruthy();
    const stored = await api.db.pool.query<{ text: string }>(
      `SELECT payload::text || id_hash AS text FROM oauth_bound UNION ALL SELECT payload::text || id_hash FROM oauth_unbound`,
    );
    expect(stored.rows.length).toBeGreaterThan(2);
    for (const row of stored.rows) {
      expect(row.text).not.toContain(accessToken);
      expect(row.text).not.toContain(refreshToken!);
    }

    const clientId = host.client!.client_id;
    const rotations = await Promise.all(
      Array.from({ length: 8 }, () => tokenRequest(api, { grant_type: 'refresh_token', refresh_token: refreshToken!, client_id: clientId })),
    );
    // Of racing uses of one refresh token exactly one rotates it (docs/oauth.md, rule OA4).
    expect(rotations.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(rotations.filter((answer) => answer.status === 400).map((answer) => answer.body.error)).toEqual(Array(7).fill('invalid_grant'));
    const rotated = rotations.find((answer) => answer.status === 200)!.body;
    expect(rotated.refresh_token).not.toBe(refreshToken);
    expect(rotated.scope).toBe('countersign:agent');
  });

  oauthTest('exchanges a code once under racing requests, and a denied consent sends the host access_denied', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const host = new TestHost();
    const transport = new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), { authProvider: host });
    await expect(connectClient(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const { redirect } = await consent(api, new Browser(owner), host.authorizationUrl!, { agent: agent.id });
    const exchange = {
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: host.client!.client_id,
      code_verifier: host.verifier,
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => tokenRequest(api, exchange)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(7);

    const second = new TestHost();
    await expect(connectClient(new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), { authProvider: second }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const denied = await consent(api, new Browser(owner), second.authorizationUrl!, 'deny');
    expect(denied.redirect.searchParams.get('error')).toBe('access_denied');
    expect(denied.redirect.searchParams.get('code')).toBeNull();
  });

  oauthTest('registers only https or loopback redirects, and at most 100 clients an hour from one address, raced', async ({ api }) => {
    const register = (redirectUris: string[]) =>
      fetch(`${api.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'x', redirect_uris: redirectUris, token_endpoint_auth_method: 'none' }),
      });
    const plain = await register(['http://example.com/callback']);
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { error: string }).error).toBe('invalid_redirect_uri');
    const secret = await fetch(`${api.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['https://host.example/cb'], token_endpoint_auth_method: 'client_secret_basic' }),
    });
    expect(secret.status).toBe(400);

    // Two refused above; 120 more race for the 98 left of the hour.
    const statuses = await Promise.all(
      Array.from({ length: 120 }, (_, index) => register([`http://127.0.0.1:${9000 + index}/cb`]).then((response) => response.status)),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(98);
    expect(statuses.filter((status) => status === 429)).toHaveLength(22);
    const unused = await api.db.pool.query<{ lapsing: boolean }>(
      `SELECT bool_and(expires_at BETWEEN now() + interval '23 hours' AND now() + interval '24 hours') AS lapsing FROM oauth_unbound WHERE kind = 'Client'`,
    );
    expect(unused.rows).toEqual([{ lapsing: true }]);
  });
});
