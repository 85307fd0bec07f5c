import { verifyApproval } from '@countersign/client';
import { importJWK, SignJWT, type JWK } from 'jose';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { askId, define, redeem } from '../../../../test/operations-kit.js';
import { daysFromNow, ruleId } from '../../../../test/rules-kit.js';
import { text, type SignedInOwner, type TestApi } from '../../../../test/testkit.js';
import { decide, setApprovals } from '../../../../test/two-person-kit.js';
import { APPROVAL_KEY_PURPOSE, APPROVAL_TOKEN_TYPE } from './signer.js';
import { findActiveKey } from './keys-store.js';
import { SecretBox } from '../../../platform/lib/sealed.js';

/*
 * What an approval token binds and names (docs/sign-offs.md, S20; docs/operations.md, O7): its tenant as the
 * audience, so a service of one tenant never acts on another tenant's approval of an operation with the same name;
 * and who approved, for the service's own log. Verified as a downstream service verifies, with the published client.
 */

const ISSUER = 'http://127.0.0.1';

/** The signed-in owner's own id and their tenant's, as the console's Settings shows it. */
async function ids(api: TestApi, owner: SignedInOwner): Promise<{ ownerId: string; tenantId: string }> {
  const response = await api.graphql('{ viewer { ... on Owner { id tenant { id } } } }', {}, { cookie: owner.cookie });
  return { ownerId: text(response.data?.viewer?.id), tenantId: text(response.data?.viewer?.tenant?.id) };
}

/** An AGENT operation asked for, approved by `approve`, and redeemed; the token the agent is handed. */
async function redeemedToken(api: TestApi, key: string, input: Record<string, unknown>, approve: (id: string) => Promise<unknown>): Promise<string> {
  const asked = await askId(api, key, 'email.send', input);
  await approve(asked.id);
  const redeemed = await redeem(api, key, asked.id, asked.inputHash);
  return text(redeemed.approval);
}

const jwksUrl = (api: TestApi) => new URL('/.well-known/jwks.json', api.url);

describe('approval tokens travel no further than their tenant', () => {
  apiTest("refuses, in tenant A's service, a token tenant B approved for its own operation of the same name", async ({ api }) => {
    const alice = await api.owner();
    const mallory = await api.owner();
    const a = await ids(api, alice);
    const b = await ids(api, mallory);
    expect(a.tenantId).not.toBe(b.tenantId);
    await define(api, alice, { op: 'email.send' });
    await define(api, mallory, { op: 'email.send' });
    const agent = await api.agent(mallory);
    const input = { to: 'ceo@a.test', subject: 'Wire the money' };
    const token = await redeemedToken(api, agent.key, input, (id) => api.decide(mallory.cookie, id, true));

    const refusal = await verifyApproval(token, { jwksUrl: jwksUrl(api), issuer: ISSUER, audience: a.tenantId, expected: { op: 'email.send', input } }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ code: 'INVALID_APPROVAL', message: expect.stringMatching(/aud/) as unknown });

    const claims = await verifyApproval(token, { jwksUrl: jwksUrl(api), issuer: ISSUER, audience: b.tenantId, expected: { op: 'email.send', input } });
    expect(claims).toMatchObject({ aud: b.tenantId, tenant: b.tenantId, approvedBy: b.ownerId, approvers: [b.ownerId] });
    expect(claims).not.toHaveProperty('rule');
  });

  apiTest("refuses a token signed with the server's own key that carries no audience", async ({ api }) => {
    const owner = await api.owner();
    const { tenantId } = await ids(api, owner);
    await define(api, owner, { op: 'email.send' });
    const agent = await api.agent(owner);
    const input = { to: 'bob@example.com', subject: 'Hello' };
    const genuine = await redeemedToken(api, agent.key, input, (id) => api.decide(owner.cookie, id, true));
    await expect(verifyApproval(genuine, { jwksUrl: jwksUrl(api), issuer: ISSUER, audience: tenantId, expected: { input } })).resolves.toMatchObject({
      aud: tenantId,
    });

    // The same claims, signed by the active key the server signs with (the tests' instances share one secret key).
    const row = await findActiveKey(api.db.pool);
    const privateKey = await importJWK(JSON.parse(new SecretBox(Buffer.alloc(32, 7)).open(row!.privateJwk, APPROVAL_KEY_PURPOSE)) as JWK, 'EdDSA');
    const { aud: _aud, ...claims } = JSON.parse(Buffer.from(genuine.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const noAudience = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid: row!.kid, typ: APPROVAL_TOKEN_TYPE }).sign(privateKey);

    const refusal = await verifyApproval(noAudience, { jwksUrl: jwksUrl(api), issuer: ISSUER, audience: tenantId, expected: { input } }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ code: 'INVALID_APPROVAL', message: expect.stringMatching(/aud/) as unknown });
  });
});

describe('approval tokens and webhook bodies name who approved', () => {
  apiTest('names both owners of a two-person request, the second as approvedBy', async ({ api }) => {
    const owner = await api.owner();
    const colleague = await api.owner(owner.tenantName);
    const first = await ids(api, owner);
    const second = await ids(api, colleague);
    await define(api, owner, { op: 'email.send' });
    expect((await setApprovals(api, owner, 'email.send', 2)).data?.setApprovalsRequired).toMatchObject({ __typename: 'ApprovalPolicySet' });
    const agent = await api.agent(owner);
    const input = { to: 'bob@example.com', subject: 'Both of us' };
    const token = await redeemedToken(api, agent.key, input, async (id) => {
      expect(await decide(api, owner, id, true)).toMatchObject({ signOff: { state: 'PARTIALLY_APPROVED' } });
      expect(await decide(api, colleague, id, true)).toMatchObject({ signOff: { state: 'AWAITING_REDEEM' } });
    });

    const claims = await verifyApproval(token, { jwksUrl: jwksUrl(api), issuer: ISSUER, audience: first.tenantId, expected: { input } });
    expect(claims).toMatchObject({ approvedBy: second.ownerId, approvers: [first.ownerId, second.ownerId] });
  });

  apiTest('names the standing rule, and no approving owner, when a rule approved the request', async ({ api }) => {
    const owner = await api.owner();
    const { tenantId } = await ids(api, owner);
    await define(api, owner, { op: 'email.send' });
    const agent = await api.agent(owner);
    const rule = await ruleId(api, owner, { agent: agent.id, op: 'email.send', terms: { maxApprovals: 3, endsAt: daysFromNow(1) } });
    const input = { to: 'bob@example.com', subject: 'By the rule' };
    const token = await redeemedToken(api, agent.key, input, async () => undefined);

    const claims = await verifyApproval(token, { jwksUrl: jwksUrl(api), issuer: ISSUER, audience: tenantId, expected: { input } });
    expect(claims).toMatchObject({ rule, approvers: [] });
    expect(claims).not.toHaveProperty('approvedBy');
  });

  apiTest("writes the same names into a WEBHOOK request's delivery body: both approvers, or the rule", async ({ api }) => {
    const owner = await api.owner();
    const colleague = await api.owner(owner.tenantName);
    const first = await ids(api, owner);
    const second = await ids(api, colleague);
    await define(api, owner, { op: 'invoice.pay', runner: 'WEBHOOK', webhookUrl: 'http://127.0.0.1:9/hook' });
    await define(api, owner, { op: 'invoice.remind', runner: 'WEBHOOK', webhookUrl: 'http://127.0.0.1:9/hook' });
    expect((await setApprovals(api, owner, 'invoice.pay', 2)).data?.setApprovalsRequired).toMatchObject({ __typename: 'ApprovalPolicySet' });
    const agent = await api.agent(owner);
    const rule = await ruleId(api, owner, { agent: agent.id, op: 'invoice.remind', terms: { maxApprovals: 3, endsAt: daysFromNow(1) } });
    const body = async (id: string) => {
      const { rows } = await api.db.pool.query<{ payload: string }>(`SELECT payload FROM outbox WHERE sign_off_id = $1 AND channel = 'webhook'`, [id]);
      expect(rows).toHaveLength(1);
      return JSON.parse(rows[0]!.payload) as Record<string, unknown>;
    };

    const paid = await askId(api, agent.key, 'invoice.pay', { to: 'bob@example.com', subject: 'Pay' });
    await decide(api, owner, paid.id, true);
    expect(await decide(api, colleague, paid.id, true)).toMatchObject({ signOff: { state: 'DELIVERING' } });
    const twoPerson = await body(paid.id);
    expect(twoPerson).toMatchObject({ id: paid.id, approvedBy: second.ownerId, approvers: [first.ownerId, second.ownerId] });
    expect(twoPerson).not.toHaveProperty('rule');

    const reminded = await askId(api, agent.key, 'invoice.remind', { to: 'bob@example.com', subject: 'Remind' });
    const byRule = await body(reminded.id);
    expect(byRule).toMatchObject({ id: reminded.id, rule, approvers: [] });
    expect(byRule).not.toHaveProperty('approvedBy');
  });
});
