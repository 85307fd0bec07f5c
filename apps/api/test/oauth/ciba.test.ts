import { verifyApproval } from '@countersign/client';
import * as openid from 'openid-client';
import { describe, expect } from 'vitest';
import { define } from '../operations-kit.js';
import { expireOverdue } from '../../src/domains/signoffs/store.js';
import { text, type SignedInOwner, type TestApi } from '../testkit.js';
import { oauthTest } from './oauth-kit.js';

/** The input every test asks to send; `email.send` is the owner's AGENT operation (operations-kit.ts). */
const EMAIL = { to: 'ada@example.com', subject: 'Your refund' };
const DETAILS = JSON.stringify([{ type: 'countersign_sign_off', op: 'email.send', input: EMAIL }]);

interface Scene {
  owner: SignedInOwner;
  agentId: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  config: openid.Configuration;
}

/** An owner, an agent, its AGENT operation, and a CIBA client the owner bound to the agent, discovered by openid-client. */
async function scene(api: TestApi): Promise<Scene> {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  expect((await define(api, owner, { op: 'email.send' })).__typename).toBe('OperationDefined');
  const made = await api.graphql(
    `mutation($input: CreateAgentOAuthClientInput!) {
      createAgentOAuthClient(input: $input) { __typename ... on AgentOAuthClientCreated { clientId clientSecret agent { id } } }
    }`,
    { input: { agent: agent.id } },
    { cookie: owner.cookie },
  );
  const created = made.data?.createAgentOAuthClient;
  expect(text(created?.__typename)).toBe('AgentOAuthClientCreated');
  const clientId = text(created?.clientId);
  const clientSecret = text(created?.clientSecret);
  const config = await openid.discovery(
    new URL(api.url),
    clientId,
    { client_secret: clientSecret, id_token_signed_response_alg: 'EdDSA' },
    openid.ClientSecretBasic(clientSecret),
    { execute: [openid.allowInsecureRequests] },
  );
  const tenant = await api.db.pool.query<{ tenant_id: string }>('SELECT tenant_id FROM agents WHERE id = $1', [agent.id]);
  return { owner, agentId: agent.id, tenantId: tenant.rows[0]!.tenant_id, clientId, clientSecret, config };
}

function ask(s: Scene, extra: Record<string, string> = {}) {
  return openid.initiateBackchannelAuthentication(s.config, {
    scope: 'openid',
    login_hint: s.agentId,
    binding_message: 'Send Ada her refund email',
    authorization_details: DETAILS,
    ...extra,
  });
}

/** A raw token request for `authReqId`, as any OAuth client would send it. */
async function tokenRequest(api: TestApi, s: Scene, authReqId: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${api.url}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(s.clientId)}:${encodeURIComponent(s.clientSecret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'urn:openid:params:grant-type:ciba', auth_req_id: authReqId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function theSignOff(api: TestApi): Promise<{ id: string; state: string; summary: string; redeemed_at: Date | null }> {
  const rows = await api.db.pool.query<{ id: string; state: string; summary: string; redeemed_at: Date | null }>(
    "SELECT id, state, summary, redeemed_at FROM sign_offs WHERE op = 'email.send'",
  );
  expect(rows.rows).toHaveLength(1);
  return rows.rows[0]!;
}

describe('OpenID CIBA with rich authorization requests (docs/oauth.md, OA7)', () => {
  oauthTest('asks as an ordinary sign-off, and once approved issues, once, an access token that is the approval token', async ({ api }) => {
    const s = await scene(api);
    const started = await ask(s);
    const asked = await theSignOff(api);
    expect(asked).toMatchObject({ state: 'pending', summary: 'Send Ada her refund email', redeemed_at: null });

    // Undecided: pending, and a poll sooner than the interval is told to slow down.
    expect((await tokenRequest(api, s, started.auth_req_id)).body.error).toBe('authorization_pending');
    expect((await tokenRequest(api, s, started.auth_req_id)).body.error).toBe('slow_down');

    const polling = openid.pollBackchannelAuthenticationGrant(s.config, started);
    expect(text((await api.decide(s.owner.cookie, asked.id, true)).__typename)).toBe('SignOffDecided');
    const tokens = await polling;

    const claims = await verifyApproval(tokens.access_token, {
      jwksUrl: `${api.url}/.well-known/jwks.json`,
      issuer: api.url,
      audience: s.tenantId,
      expected: { op: 'email.send', input: EMAIL },
    });
    expect(claims).toMatchObject({ sub: asked.id, agent: s.agentId });
    expect((await theSignOff(api)).redeemed_at).not.toBeNull();
    // The ID token names the agent per client, never the owner who approved.
    const subject = tokens.claims()!.sub;
    expect(subject).not.toBe(s.agentId);
    expect(JSON.stringify(tokens.claims())).not.toContain(s.owner.email);
    expect(tokens.refresh_token).toBeUndefined();

    // Issuing was the redeem: asking for the token again is invalid_grant.
    expect(await tokenRequest(api, s, started.auth_req_id)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const stored = await api.db.pool.query<{ text: string }>(`SELECT payload::text AS text FROM oauth_bound`);
    for (const row of stored.rows) {
      expect(row.text).not.toContain(s.clientSecret);
      expect(row.text).not.toContain(started.auth_req_id);
    }
  });

  oauthTest(
    'issues the token once when polls race after the approval, and answers a denial access_denied and an expired request expired_token',
    async ({ api }) => {
      const s = await scene(api);
      const started = await ask(s);
      const asked = await theSignOff(api);
      await api.decide(s.owner.cookie, asked.id, true);
      const answers = await Promise.all(Array.from({ length: 6 }, () => tokenRequest(api, s, started.auth_req_id)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.error)).toEqual(Array(5).fill('invalid_grant'));

      const second = await ask(s, {
        authorization_details: JSON.stringify([{ type: 'countersign_sign_off', op: 'email.send', input: { ...EMAIL, subject: 'Other' } }]),
      });
      const other = await api.db.pool.query<{ id: string }>("SELECT id FROM sign_offs WHERE op = 'email.send' AND state = 'pending'");
      await api.decide(s.owner.cookie, other.rows[0]!.id, false, 'not this week');
      const denied = await tokenRequest(api, s, second.auth_req_id);
      expect(denied).toMatchObject({ status: 400, body: { error: 'access_denied' } });
      expect(String(denied.body.error_description)).toContain('not this week');

      // A request nobody decided within its window expires, as the sweep finds it: the client is told expired_token.
      const third = await ask(s, {
        authorization_details: JSON.stringify([{ type: 'countersign_sign_off', op: 'email.send', input: { ...EMAIL, subject: 'Late' } }]),
      });
      await api.db.pool.query("UPDATE sign_offs SET requested_at = requested_at - interval '8 days' WHERE state = 'pending'");
      expect(await expireOverdue(api.db.pool)).toBe(1);
      expect(await tokenRequest(api, s, third.auth_req_id)).toMatchObject({ status: 400, body: { error: 'expired_token' } });
    },
  );

  oauthTest('refuses a wrong agent, a server-run operation, a bad detail or binding message, and asks nothing', async ({ api }) => {
    const s = await scene(api);
    const refusals: [Record<string, string>, string][] = [
      [{ login_hint: '00000000-0000-4000-8000-000000000000' }, 'unknown_user_id'],
      [{ authorization_details: JSON.stringify([{ type: 'countersign_sign_off', op: 'repository.delete', repository: 'x', input: {} }]) }, 'invalid_request'],
      [{ authorization_details: JSON.stringify([{ type: 'countersign_sign_off', op: 'email.send', input: { to: 'not an email' } }]) }, 'invalid_request'],
      [{ authorization_details: JSON.stringify([{ type: 'payment', amount: 1 }]) }, 'invalid_authorization_details'],
      [{ binding_message: 'evil\u202eflipped' }, 'invalid_binding_message'],
    ];
    for (const [extra, error] of refusals) {
      await expect(ask(s, extra), JSON.stringify(extra)).rejects.toMatchObject({ error });
    }
    expect((await api.db.pool.query('SELECT 1 FROM sign_offs')).rows).toHaveLength(0);
    // A self-registered client is public: it cannot ask in the backchannel.
    const registered = await fetch(`${api.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: ['https://host.example/cb'],
        grant_types: ['urn:openid:params:grant-type:ciba'],
        token_endpoint_auth_method: 'client_secret_basic',
      }),
    });
    expect(registered.status).toBe(400);
  });
});
