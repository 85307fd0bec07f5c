import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { is, list, text, type SignedInOwner, type TestApi } from '../../../../test/testkit.js';
import type { OwnerPrincipal } from '../../../platform/lib/principal.js';
import { proposePolicyChange } from './owner-proposals.js';

// docs/sign-offs.md, rule S21: in a tenant of two or more owners, inviting an
// owner or lowering approvalsRequired is an owner-to-owner sign-off that a
// second owner must approve.

const SIGN_OFF = `id op state risk approvalsRequired agent { id } proposedBy { email } approvals { owner { email } } secretState result`;

const INVITE = `mutation($input: InviteOwnerInput!) {
  inviteOwner(input: $input) {
    __typename
    ... on OwnerInvited { token }
    ... on OwnerInvitationProposed { signOff { ${SIGN_OFF} } }
  }
}`;

const DECIDE = `mutation($input: DecideSignOffInput!) {
  decideSignOff(input: $input) {
    __typename
    ... on SignOffDecided { signOff { ${SIGN_OFF} } }
    ... on SecondApproverRequired { signOff { state } }
    ... on DomainError { code }
  }
}`;

const TAKE = `mutation($id: ID!) {
  takeOwnerInvitationLink(signOffId: $id) {
    __typename
    ... on OwnerInvitationLink { token invitation { state invitedBy { email } signOff { id } } }
    ... on DomainError { code }
  }
}`;

const POLICIES = `{ approvalPolicies { op approvalsRequired setBy { email } } }`;

/** Two owners of one tenant (and a third, when asked). */
async function coOwners(api: TestApi, count = 2): Promise<SignedInOwner[]> {
  const first = await api.owner();
  const others = await Promise.all(Array.from({ length: count - 1 }, () => api.owner(first.tenantName)));
  return [first, ...others];
}

async function proposeInvitation(api: TestApi, owner: SignedInOwner, note?: string) {
  const response = await api.graphql(INVITE, { input: { note } }, { cookie: owner.cookie });
  expect(response.data?.inviteOwner?.__typename).toBe('OwnerInvitationProposed');
  return response.data!.inviteOwner!.signOff!;
}

async function decide(api: TestApi, owner: SignedInOwner, id: string, approve: boolean) {
  return (await api.graphql(DECIDE, { input: { id, approve } }, { cookie: owner.cookie })).data?.decideSignOff;
}

async function invitationCount(api: TestApi): Promise<number> {
  return (await api.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM owner_invitations`)).rows[0]!.n;
}

async function principalOf(api: TestApi, owner: SignedInOwner): Promise<OwnerPrincipal> {
  const row = await api.db.pool.query<{ tenant_id: string; id: string }>(`SELECT tenant_id, id FROM owners WHERE email = $1`, [owner.email]);
  return { kind: 'owner', tenantId: row.rows[0]!.tenant_id, ownerId: row.rows[0]!.id };
}

async function policyOf(api: TestApi, owner: SignedInOwner, op: string) {
  const policies = list((await api.graphql(POLICIES, {}, { cookie: owner.cookie })).data?.approvalPolicies);
  return policies.find((policy) => is(policy.op, op));
}

describe('an owner-to-owner sign-off', () => {
  apiTest('files an invitation in a tenant of two owners as a request its proposer approved, which that owner cannot complete alone', async ({ api }) => {
    const [alice, bob] = await coOwners(api);
    const signOff = await proposeInvitation(api, alice!, 'for Carol');
    expect(signOff).toMatchObject({
      op: 'tenant.inviteOwner',
      state: 'PARTIALLY_APPROVED',
      risk: 'HIGH',
      approvalsRequired: 2,
      agent: null,
      proposedBy: { email: alice!.email },
      approvals: [{ owner: { email: alice!.email } }],
    });
    const id = text(signOff.id);
    expect(await invitationCount(api)).toBe(0);
    // The proposer's approval is in the tenant's audit chain, as any first approval.
    const audited = await api.db.pool.query(`SELECT kind, actor FROM audit_entries WHERE subject = $1 ORDER BY seq`, [`signoff:${id}`]);
    expect(audited.rows).toEqual([{ kind: 'signoff.partially_approved', actor: `owner:${(await principalOf(api, alice!)).ownerId}` }]);

    expect(await decide(api, alice!, id, true)).toEqual({
      __typename: 'SecondApproverRequired',
      code: 'SECOND_APPROVER_REQUIRED',
      signOff: { state: 'PARTIALLY_APPROVED' },
    });
    expect((await api.graphql(TAKE, { id }, { cookie: alice!.cookie })).data?.takeOwnerInvitationLink?.code).toBe('SECRET_UNAVAILABLE');
    expect(await invitationCount(api)).toBe(0);

    // The second owner sees it waiting, with who approved it.
    const seen = await api.graphql(`query($id: ID!) { signOff(id: $id) { state approvals { owner { email } } } }`, { id }, { cookie: bob!.cookie });
    expect(seen.data?.signOff).toEqual({ state: 'PARTIALLY_APPROVED', approvals: [{ owner: { email: alice!.email } }] });
    // A stranger does not.
    const stranger = await api.owner();
    expect((await api.graphql(`query($id: ID!) { signOff(id: $id) { id } }`, { id }, { cookie: stranger.cookie })).data?.signOff).toBeNull();
  });

  apiTest('creates the invitation once a second owner approves, and hands its link to the proposer alone, once', async ({ api }) => {
    const [alice, bob] = await coOwners(api);
    const id = text((await proposeInvitation(api, alice!)).id);
    const decided = await decide(api, bob!, id, true);
    expect(decided).toMatchObject({ __typename: 'SignOffDecided', signOff: { state: 'SUCCEEDED', secretState: 'WAITING' } });
    expect(list(decided?.signOff?.approvals).map((approval) => text(approval.owner?.email))).toEqual([alice!.email, bob!.email]);
    expect(await invitationCount(api)).toBe(1);

    expect((await api.graphql(TAKE, { id }, { cookie: bob!.cookie })).data?.takeOwnerInvitationLink?.code).toBe('SECRET_UNAVAILABLE');
    const taken = await api.graphql(TAKE, { id }, { cookie: alice!.cookie });
    expect(taken.data?.takeOwnerInvitationLink).toMatchObject({
      __typename: 'OwnerInvitationLink',
      invitation: { state: 'PENDING', invitedBy: { email: alice!.email }, signOff: { id } },
    });
    expect((await api.graphql(TAKE, { id }, { cookie: alice!.cookie })).data?.takeOwnerInvitationLink?.code).toBe('SECRET_UNAVAILABLE');

    const accepted = await api.graphql(
      `mutation($input: AcceptOwnerInvitationInput!) { acceptOwnerInvitation(input: $input) { __typename ... on OwnerInvitationAccepted { owner { tenant { name } } } } }`,
      { input: { token: text(taken.data?.takeOwnerInvitationLink?.token), email: 'carol@example.com', password: 'a long passphrase' } },
    );
    expect(accepted.data?.acceptOwnerInvitation).toEqual({ __typename: 'OwnerInvitationAccepted', owner: { tenant: { name: alice!.tenantName } } });
  });

  apiTest('creates exactly one invitation when two other owners approve it at once', async ({ api }) => {
    for (let round = 0; round < 3; round++) {
      await api.db.pool.query(`DELETE FROM owner_invitations`);
      const [alice, bob, carol] = await coOwners(api, 3);
      const id = text((await proposeInvitation(api, alice!)).id);
      const [first, second] = await Promise.all([decide(api, bob!, id, true), decide(api, carol!, id, true)]);
      const kinds = [first?.__typename, second?.__typename].map((kind) => text(kind)).sort();
      expect(kinds).toEqual(['SignOffClosed', 'SignOffDecided']);
      expect(await invitationCount(api)).toBe(1);
      const state = await api.db.pool.query(`SELECT state, secret_state FROM sign_offs WHERE id = $1`, [id]);
      expect(state.rows).toEqual([{ state: 'succeeded', secret_state: 'waiting' }]);
    }
  });

  apiTest('is denied by any owner’s denial, and then nothing runs', async ({ api }) => {
    const [alice, bob] = await coOwners(api);
    const id = text((await proposeInvitation(api, alice!)).id);
    expect(await decide(api, bob!, id, false)).toMatchObject({ __typename: 'SignOffDecided', signOff: { state: 'DENIED' } });
    expect(await decide(api, bob!, id, true)).toMatchObject({ __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED' });
    expect(await invitationCount(api)).toBe(0);
  });

  apiTest('lowers approvalsRequired only once a second owner approves the tenant.changePolicy request', async ({ api }) => {
    const [alice, bob] = await coOwners(api);
    const raise = await api.graphql(
      `mutation { setApprovalsRequired(input: { op: "repository.serve", approvalsRequired: 2 }) { __typename } }`,
      {},
      { cookie: alice!.cookie },
    );
    expect(raise.data?.setApprovalsRequired?.__typename).toBe('ApprovalPolicySet');

    const principal = await principalOf(api, alice!);
    const client = await api.db.pool.connect();
    let proposed;
    try {
      await client.query('BEGIN');
      proposed = await proposePolicyChange(client, principal, 'repository.serve', 1);
      // The same change proposed again while open is the same request.
      expect((await proposePolicyChange(client, principal, 'repository.serve', 1)).signOff.id).toBe(proposed.signOff.id);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(proposed.existing).toBe(false);
    expect(proposed.signOff).toMatchObject({ op: 'tenant.changePolicy', state: 'partially_approved', agentId: null, approvalsRequired: 2 });
    expect(await policyOf(api, alice!, 'repository.serve')).toMatchObject({ approvalsRequired: 2 });

    expect((await decide(api, alice!, proposed.signOff.id, true))?.code).toBe('SECOND_APPROVER_REQUIRED');
    expect(await policyOf(api, alice!, 'repository.serve')).toMatchObject({ approvalsRequired: 2 });

    expect(await decide(api, bob!, proposed.signOff.id, true)).toMatchObject({
      signOff: { state: 'SUCCEEDED', result: { op: 'repository.serve', approvalsRequired: 1 } },
    });
    expect(await policyOf(api, bob!, 'repository.serve')).toEqual({ op: 'repository.serve', approvalsRequired: 1, setBy: { email: alice!.email } });
  });

  apiTest('can never be asked for by an agent, nor stored with one, and an owner files no other operation', async ({ api }) => {
    const [alice] = await coOwners(api);
    const agent = await api.agent(alice!);
    for (const op of ['tenant.inviteOwner', 'tenant.changePolicy']) {
      const asked = await api.request(agent.key, { op, input: { invitationId: '00000000-0000-4000-8000-000000000000' } });
      expect(asked.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    }
    const defined = await api.graphql(
      `mutation { defineOperation(input: { op: "tenant.mine", summary: "x", risk: LOW, runner: AGENT, inputSchema: { type: "object" } }) { __typename } }`,
      {},
      { cookie: alice!.cookie },
    );
    expect(defined.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const { tenantId, ownerId } = await principalOf(api, alice!);
    const insert = `INSERT INTO sign_offs (tenant_id, id, agent_id, owner_id, op, input, input_hash, summary, risk, risk_reasons, approvals_required)
                    VALUES ($1, gen_random_uuid(), $2, $3, $4, '{}', repeat('0', 64), 'x', 'high', '{}', 2)`;
    await expect(api.db.pool.query(insert, [tenantId, agent.id, ownerId, 'tenant.inviteOwner'])).rejects.toMatchObject({
      code: '23514',
      constraint: 'sign_offs_owner_filed_ops',
    });
    await expect(api.db.pool.query(insert, [tenantId, null, ownerId, 'repository.serve'])).rejects.toMatchObject({
      code: '23514',
      constraint: 'sign_offs_owner_filed_ops',
    });
    // Nor can a write that skips the service define one.
    await expect(
      api.db.pool.query(
        `INSERT INTO operations (tenant_id, op, version, summary, input_schema, content_hash, irreversible, risk, runner, secret_fields, needs_repository, defined_by)
         VALUES ($1, 'tenant.mine', 1, 'x', '{}', repeat('0', 64), false, 'low', 'agent', '{}', false, $2)`,
        [tenantId, ownerId],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'operations_op_not_tenant' });
    expect((await api.db.pool.query(`SELECT count(*)::int AS n FROM sign_offs`)).rows[0]).toEqual({ n: 0 });
  });

  apiTest('hands no link past 24 hours after the approval, nor the secret of a request an agent asked', async ({ api }) => {
    const [alice, bob] = await coOwners(api);
    const id = text((await proposeInvitation(api, alice!)).id);
    await decide(api, bob!, id, true);
    await api.db.pool.query(`UPDATE sign_offs SET decided_at = now() - interval '24 hours 1 second' WHERE id = $1`, [id]);
    expect((await api.graphql(TAKE, { id }, { cookie: alice!.cookie })).data?.takeOwnerInvitationLink?.code).toBe('SECRET_UNAVAILABLE');

    // An agent's minted token waits for its agent: its owner cannot take it as a link.
    const agent = await api.agent(alice!);
    const repo = await api.repository(alice!);
    const minted = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } });
    expect(await decide(api, alice!, minted, true)).toMatchObject({ signOff: { state: 'SUCCEEDED', secretState: 'WAITING' } });
    expect((await api.graphql(TAKE, { id: minted }, { cookie: alice!.cookie })).data?.takeOwnerInvitationLink?.code).toBe('NOT_FOUND');
    const left = await api.db.pool.query(`SELECT secret_state FROM sign_offs WHERE id = ANY($1::uuid[]) ORDER BY secret_state`, [[id, minted]]);
    expect(left.rows).toEqual([{ secret_state: 'waiting' }, { secret_state: 'waiting' }]);
  });
});
