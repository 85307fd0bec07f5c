import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect } from 'vitest';
import { testConfig, testLog } from '../fixtures.js';
import { spawnApi } from '../spawn-api.js';
import { ownerToken } from '../owner-token-kit.js';
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

async function tokenRequest(api: TestApi, params: Record<string, string>, at = api.url): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${at}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The status of an MCP `initialize` at `url`/mcp with `token`. */
async function initializeWith(url: string, token: string): Promise<number> {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const answer = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify(initialize),
  });
  await answer.body?.cancel();
  return answer.status;
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
        response_types_supported: ['code'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
        backchannel_token_delivery_modes_supported: ['poll'],
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

    // Any instance on the database honours a token another issued.
    const other = await spawnApi({ config: testConfig({ publicUrl: api.url }), db: api.db, bus: api.bus, log: testLog });
    try {
      expect(await initializeWith(other.url, accessToken)).toBe(200);
    } finally {
      await other.close();
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

  oauthTest(
    'exchanges a code once under racing requests on two instances, revokes what it issued on a replay, and a denied consent sends the host access_denied',
    async ({ api }) => {
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
        resource: `${api.url}/mcp`,
      };
      // A second instance on the same database, for the same public URL: the code races on both.
      const other = await spawnApi({ config: testConfig({ publicUrl: api.url }), db: api.db, bus: api.bus, log: testLog });
      try {
        const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => tokenRequest(api, exchange, index % 2 === 0 ? api.url : other.url)));
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
        expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.error)).toEqual(Array(7).fill('invalid_grant'));
        // A code presented again is a replay: refused, and what it issued is revoked on every instance (RFC 6749 §4.1.2).
        expect((await tokenRequest(api, exchange, other.url)).body.error).toBe('invalid_grant');
        const issued = answers.find((answer) => answer.status === 200)!.body;
        for (const url of [api.url, other.url]) expect(await initializeWith(url, String(issued.access_token)), url).toBe(401);
        expect((await api.db.pool.query(`SELECT kind FROM oauth_bound WHERE kind <> 'Session'`)).rows).toEqual([]);
      } finally {
        await other.close();
      }

      const second = new TestHost();
      await expect(connectClient(new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), { authProvider: second }))).rejects.toBeInstanceOf(
        UnauthorizedError,
      );
      const denied = await consent(api, new Browser(owner), second.authorizationUrl!, 'deny');
      expect(denied.redirect.searchParams.get('error')).toBe('access_denied');
      expect(denied.redirect.searchParams.get('code')).toBeNull();
    },
  );

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

  oauthTest("refuses a consent for another owner's agent, a wrong interaction or a malformed answer, and changes nothing", async ({ api }) => {
    const owner = await api.owner();
    const stranger = await api.owner();
    const theirs = await api.agent(stranger);
    const host = new TestHost();
    await expect(connectClient(new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), { authProvider: host }))).rejects.toBeInstanceOf(UnauthorizedError);
    const browser = new Browser(owner);
    const opened = await browser.follow(host.authorizationUrl!.toString());
    const consentPath = new URL(opened.url).pathname;
    const post = (path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      browser.fetch(`${api.url}${path}`, { method: 'POST', headers, body });
    const answers = [
      await post(`${consentPath}/confirm`, JSON.stringify({ agent: theirs.id })),
      await post(`${consentPath}/confirm`, JSON.stringify({ agent: 'not-an-id' })),
      await post(`${consentPath}/confirm`, JSON.stringify({ agent: theirs.id, newAgentName: 'both' })),
      await post(`${consentPath}/confirm`, '{"agent":'),
      await post('/oauth/consent/someone-elses-uid/confirm', JSON.stringify({ newAgentName: 'x' })),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 404]);
    for (const answer of answers) expect(((await answer.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/\w/);
    // Without the owner's session nothing is read or answered; an owner token, even ADMIN, with the interaction's cookie, neither.
    const anonymous = await fetch(`${api.url}${consentPath}/details`);
    expect(anonymous.status).toBe(401);
    const token = await ownerToken(api, owner.cookie, 'ADMIN');
    const interactionCookie = browser
      .header()
      .split('; ')
      .filter((pair) => pair.startsWith('countersign_oauth_'));
    const byToken = await fetch(`${api.url}${consentPath}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, cookie: interactionCookie.join('; ') },
      body: JSON.stringify({ newAgentName: 'by token' }),
    });
    expect(byToken.status).toBe(403);
    // Nothing was granted or created: the interaction is still open, and no agent was added.
    expect((await api.db.pool.query(`SELECT 1 FROM oauth_bound WHERE kind = 'Grant'`)).rows).toHaveLength(0);
    expect((await api.db.pool.query('SELECT name FROM agents')).rows).toHaveLength(1);
    expect((await browser.fetch(`${api.url}${consentPath}/details`)).status).toBe(200);
  });

  oauthTest('answers malformed OAuth requests with OAuth errors, never a server error', async ({ api }) => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const json = { 'content-type': 'application/json' };
    const requests: [string, RequestInit][] = [
      ['/oauth/token', { method: 'POST', headers: form, body: 'grant_type=authorization_code&code=nope&client_id=nobody' }],
      ['/oauth/token', { method: 'POST', headers: form, body: 'grant_type=password&username=a&password=b' }],
      ['/oauth/token', { method: 'POST', headers: json, body: '{"grant_type":' }],
      ['/oauth/token', { method: 'POST', headers: form, body: `grant_type=refresh_token&refresh_token=${'x'.repeat(60_000)}` }],
      ['/oauth/register', { method: 'POST', headers: json, body: '[1,2' }],
      ['/oauth/register', { method: 'POST', headers: json, body: JSON.stringify({ redirect_uris: 'not a list' }) }],
      ['/oauth/register', { method: 'POST', headers: json, body: JSON.stringify({ redirect_uris: ['javascript:alert(1)'] }) }],
      ['/oauth/authorize?client_id=nobody&response_type=code&redirect_uri=http://127.0.0.1/cb', { method: 'GET' }],
      ['/oauth/authorize?response_type=token', { method: 'GET' }],
      ['/oauth/revoke', { method: 'POST', headers: form, body: 'token=abc' }],
      ['/oauth/nothing-here', { method: 'GET' }],
      ['/oauth/consent/%zz/details', { method: 'GET' }],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(`${api.url}${path}`, { ...init, redirect: 'manual' });
      const body = await response.text();
      expect(response.status, `${path}: ${body.slice(0, 200)}`).toBeGreaterThanOrEqual(300);
      expect(response.status, `${path}: ${body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
