import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { EMAIL_SCHEMA } from '../../../test/operations-kit.js';
import { text, unique, type SignedInOwner, type TestApi } from '../../../test/testkit.js';
import { verifyStoredChain } from './verify.js';

// docs/audit.md, rule L1: the acts that decide who may act, how many must
// agree, what agents may ask for and where the tenant's data goes are each
// appended in their own transaction; a refused or repeated one appends nothing.

const CREATE_TOKEN =
  'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { __typename ... on OwnerTokenCreated { ownerToken { id } } } }';
const REVOKE_TOKEN = 'mutation($id: ID!) { revokeOwnerToken(id: $id) { __typename } }';
const INVITE =
  'mutation($input: InviteOwnerInput!) { inviteOwner(input: $input) { __typename ... on OwnerInvited { token invitation { id } } ... on OwnerInvitationProposed { signOff { id } } } }';
const REVOKE_INVITATION = 'mutation($id: ID!) { revokeOwnerInvitation(input: { id: $id }) { __typename } }';
const ACCEPT =
  'mutation($input: AcceptOwnerInvitationInput!) { acceptOwnerInvitation(input: $input) { __typename ... on OwnerInvitationAccepted { owner { id } } } }';
const SET_APPROVALS =
  'mutation($input: SetApprovalsRequiredInput!) { setApprovalsRequired(input: $input) { __typename ... on ApprovalPolicyChangeProposed { signOff { id } } } }';
const SET_MONEY = 'mutation($input: SetMoneyRiskThresholdInput!) { setMoneyRiskThreshold(input: $input) { __typename } }';
const DEFINE = 'mutation($input: DefineOperationInput!) { defineOperation(input: $input) { __typename } }';
const RETIRE = 'mutation($op: String!) { retireOperation(op: $op) { __typename } }';
const CREATE_ENDPOINT =
  'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { __typename ... on WebhookEndpointCreated { endpoint { id } } } }';
const DECIDE = 'mutation($input: DecideSignOffInput!) { decideSignOff(input: $input) { __typename ... on SignOffDecided { signOff { state } } } }';

const OPERATION = { op: 'email.send', summary: 'Send an email', risk: 'MEDIUM', runner: 'AGENT', inputSchema: EMAIL_SCHEMA };

interface Entry {
  kind: string;
  actor: string;
  subject: string;
  detail: Record<string, unknown>;
}

async function tenantOf(api: TestApi, owner: SignedInOwner): Promise<{ tenantId: string; ownerId: string }> {
  const { rows } = await api.db.pool.query<{ tenantId: string; ownerId: string }>(
    `SELECT tenant_id AS "tenantId", id AS "ownerId" FROM owners WHERE email = $1`,
    [owner.email],
  );
  return rows[0]!;
}

/** The entries appended since `after` (a seq), oldest first. */
async function since(api: TestApi, tenantId: string, after: number): Promise<Entry[]> {
  const { rows } = await api.db.pool.query<Entry>(`SELECT kind, actor, subject, detail FROM audit_entries WHERE tenant_id = $1 AND seq > $2 ORDER BY seq`, [
    tenantId,
    after,
  ]);
  return rows;
}

async function headSeq(api: TestApi, tenantId: string): Promise<number> {
  const { rows } = await api.db.pool.query<{ seq: string }>(`SELECT seq FROM audit_heads WHERE tenant_id = $1`, [tenantId]);
  return Number(rows[0]!.seq);
}

describe('the acts of record for trust', () => {
  apiTest('appends each kind with its act, by its owner, and nothing for a repeat; the chain verifies', async ({ api }) => {
    const alice = await api.owner();
    const { tenantId, ownerId } = await tenantOf(api, alice);
    const as = { cookie: alice.cookie };
    const call = async (query: string, variables: Record<string, unknown>) => (await api.graphql(query, variables, as)).data ?? {};

    const token = text((await call(CREATE_TOKEN, { input: { name: 'reader', scope: 'READ' } })).createOwnerToken?.ownerToken?.id);
    await call(REVOKE_TOKEN, { id: token });
    await call(REVOKE_TOKEN, { id: token });
    const invitation = text((await call(INVITE, { input: { note: 'spare' } })).inviteOwner?.invitation?.id);
    await call(REVOKE_INVITATION, { id: invitation });
    await call(REVOKE_INVITATION, { id: invitation });
    await call(SET_APPROVALS, { input: { op: 'repository.transfer', approvalsRequired: 1 } });
    await call(SET_MONEY, { input: { currency: 'EUR', minorUnits: 50_000 } });
    await call(DEFINE, { input: OPERATION });
    await call(DEFINE, { input: OPERATION });
    await call(RETIRE, { op: 'email.send' });
    await call(RETIRE, { op: 'email.send' });
    await call(DEFINE, { input: OPERATION });
    const endpoint = text(
      (await call(CREATE_ENDPOINT, { input: { url: 'http://127.0.0.1:9/in', events: ['AGENT_REVOKED'] } })).createWebhookEndpoint?.endpoint?.id,
    );
    const bobsLink = (await call(INVITE, { input: {} })).inviteOwner;
    const accepted = await api.graphql(ACCEPT, {
      input: { token: text(bobsLink?.token), email: `${unique('bob')}@example.com`, password: 'a long passphrase' },
    });
    const bobId = text(accepted.data?.acceptOwnerInvitation?.owner?.id);
    const bob = accepted.headers.get('set-cookie')!.split(';')[0]!;
    // With two owners, lowering is a request; its deed, once Bob approves, is the change of record.
    const proposal = text((await call(SET_APPROVALS, { input: { op: 'repository.transfer', approvalsRequired: 1 } })).setApprovalsRequired?.signOff?.id);
    const decided = await api.graphql(DECIDE, { input: { id: proposal, approve: true } }, { cookie: bob });
    expect(decided.data?.decideSignOff).toEqual({ __typename: 'SignOffDecided', signOff: { state: 'SUCCEEDED' } });

    const log = await since(api, tenantId, 0);
    const me = `owner:${ownerId}`;
    expect(log.map(({ kind, actor, subject }) => [kind, actor, subject])).toEqual([
      ['owner_token.created', me, `owner_token:${token}`],
      ['owner_token.revoked', me, `owner_token:${token}`],
      ['invitation.created', me, `invitation:${invitation}`],
      ['invitation.revoked', me, `invitation:${invitation}`],
      ['policy.changed', me, 'operation:repository.transfer'],
      ['policy.changed', me, me],
      ['operation.defined', me, 'operation:email.send'],
      ['operation.retired', me, 'operation:email.send'],
      ['operation.defined', me, 'operation:email.send'],
      ['webhook_endpoint.created', me, `webhook_endpoint:${endpoint}`],
      ['invitation.created', me, `invitation:${text(bobsLink?.invitation?.id)}`],
      ['owner.joined', `owner:${bobId}`, `owner:${bobId}`],
      ['signoff.partially_approved', me, `signoff:${proposal}`],
      ['signoff.approved', `owner:${bobId}`, `signoff:${proposal}`],
      ['policy.changed', me, 'operation:repository.transfer'],
    ]);
    expect(log[0]!.detail).toEqual({ name: 'reader', scope: 'READ', by: 'session' });
    expect(log[5]!.detail).toEqual({ setting: 'moneyRiskThreshold', currency: 'EUR', minorUnits: 50_000 });
    expect(log[6]!.detail).toMatchObject({ version: 1, runner: 'agent', webhookUrl: null });
    expect(log[8]!.detail).toEqual({ version: 1, revived: true });
    expect(log[9]!.detail).toEqual({ url: 'http://127.0.0.1:9/in', format: 'standard', events: ['AGENT_REVOKED'] });
    // The join undid the setting Alice made alone; the lowering now in force is the one two owners agreed.
    expect(log[11]!.detail).toMatchObject({ ownersBefore: 1, revokedInvitations: [], resetPolicies: [{ op: 'repository.transfer', approvalsRequired: 1 }] });
    expect(log[14]!.detail).toEqual({ setting: 'approvalsRequired', approvalsRequired: 1, signOffId: proposal });
    expect(await verifyStoredChain(api.db.pool, tenantId)).toMatchObject({ count: log.length, problem: null });
  });

  apiTest('appends nothing for a change refused: bad input, not found, or needing a fresh password', async ({ api }) => {
    const alice = await api.owner();
    const { tenantId } = await tenantOf(api, alice);
    const as = { cookie: alice.cookie };
    const before = await headSeq(api, tenantId);
    const refusals: [string, Record<string, unknown>][] = [
      [CREATE_TOKEN, { input: { name: '', scope: 'READ' } }],
      [REVOKE_TOKEN, { id: '00000000-0000-4000-8000-000000000000' }],
      [INVITE, { input: { note: 'x'.repeat(201) } }],
      [REVOKE_INVITATION, { id: '00000000-0000-4000-8000-000000000000' }],
      [SET_APPROVALS, { input: { op: 'repository.delete', approvalsRequired: 3 } }],
      [SET_APPROVALS, { input: { op: 'repository.delete', approvalsRequired: 2 } }],
      [SET_MONEY, { input: { currency: 'XXQ', minorUnits: 1 } }],
      [DEFINE, { input: { ...OPERATION, inputSchema: { type: 'nonsense' } } }],
      [RETIRE, { op: 'no.such' }],
      [CREATE_ENDPOINT, { input: { url: 'http://127.0.0.1:9/in', events: ['NO_SUCH_EVENT'] } }],
    ];
    for (const [query, variables] of refusals) {
      const response = await api.graphql(query, variables, as);
      const answer = Object.values(response.data ?? {})[0] as { __typename?: string } | null | undefined;
      const refused = response.errors?.[0]?.extensions?.code === 'BAD_INPUT' || answer?.__typename === 'NotFound';
      expect(refused, `${query} ${JSON.stringify(response)}`).toBe(true);
    }
    // An owner token is refused the changes that need a fresh password, and that appends nothing either.
    const admin = await api.graphql('mutation { createOwnerToken(input: { name: "script", scope: ADMIN }) { ... on OwnerTokenCreated { token } } }', {}, as);
    const afterToken = await headSeq(api, tenantId);
    expect(afterToken).toBe(before + 1);
    const refused = await api.graphql(
      CREATE_ENDPOINT,
      { input: { url: 'http://127.0.0.1:9/in', events: ['AGENT_REVOKED'] } },
      { key: text(admin.data?.createOwnerToken?.token) },
    );
    expect(refused.data?.createWebhookEndpoint?.__typename).toBe('ReauthenticationRequired');
    expect(await headSeq(api, tenantId)).toBe(afterToken);
    expect(await verifyStoredChain(api.db.pool, tenantId)).toMatchObject({ count: 1, problem: null });
  });
});
