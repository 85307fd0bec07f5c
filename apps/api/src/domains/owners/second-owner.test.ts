import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { is, lockWaiters, text, unique, waitFor, type SignedInOwner, type TestApi } from '../../../test/testkit.js';
import { setApprovals } from '../../../test/two-person-kit.js';
import { verifyStoredChain } from '../audit/verify.js';

// docs/tenancy.md, rule T11: when a tenant's first owner is joined by a
// second, what the first did alone (invitations still open, approvals
// settings lowered) is undone in the joining transaction, and recorded.

const INVITE = `mutation($input: InviteOwnerInput!) { inviteOwner(input: $input) { ... on OwnerInvited { token invitation { id } } } }`;
const ACCEPT = `mutation($input: AcceptOwnerInvitationInput!) {
  acceptOwnerInvitation(input: $input) { __typename ... on OwnerInvitationAccepted { owner { id email } } ... on DomainError { code } }
}`;
const JOIN = `{ secondOwnerJoin { owner { email } joinedAt revokedInvitations { id state note } resetPolicies { op approvalsRequired setAt } } }`;
const POLICIES = `{ approvalPolicies { op approvalsRequired isDefault } }`;

async function invite(api: TestApi, owner: SignedInOwner, note?: string): Promise<{ id: string; token: string }> {
  const response = await api.graphql(INVITE, { input: { note } }, { cookie: owner.cookie });
  return { id: text(response.data?.inviteOwner?.invitation?.id), token: text(response.data?.inviteOwner?.token) };
}

function accept(api: TestApi, token: string, email = `${unique('joiner')}@example.com`) {
  return api.graphql(ACCEPT, { input: { token, email, password: 'a long passphrase' } });
}

async function tenantIdOf(api: TestApi, owner: SignedInOwner): Promise<string> {
  const { rows } = await api.db.pool.query<{ id: string }>(`SELECT tenant_id AS id FROM owners WHERE email = $1`, [owner.email]);
  return rows[0]!.id;
}

async function entries(api: TestApi, tenantId: string): Promise<{ kind: string; actor: string; subject: string; detail: Record<string, unknown> }[]> {
  const { rows } = await api.db.pool.query(`SELECT kind, actor, subject, detail FROM audit_entries WHERE tenant_id = $1 ORDER BY seq`, [tenantId]);
  return rows as { kind: string; actor: string; subject: string; detail: Record<string, unknown> }[];
}

describe('a second owner joining', () => {
  apiTest(
    'revokes every other open invitation and resets the approvals settings made alone, appends owner.joined, and shows the second owner what it undid',
    async ({ api }) => {
      const alice = await api.owner();
      const tenantId = await tenantIdOf(api, alice);
      const joining = await invite(api, alice, 'for Bob');
      const spare = await invite(api, alice, 'alice-sock');
      await setApprovals(api, alice, 'repository.delete', 1);
      await setApprovals(api, alice, 'repository.transfer', 1);
      // Before anyone joins, nothing shows.
      expect((await api.graphql(JOIN, {}, { cookie: alice.cookie })).data?.secondOwnerJoin).toBeNull();

      const joined = await accept(api, joining.token, 'bob@example.com');
      expect(joined.data?.acceptOwnerInvitation?.__typename).toBe('OwnerInvitationAccepted');
      const bob = joined.headers.get('set-cookie')!.split(';')[0]!;

      // The spare link admits no one: alice cannot become a second owner of her own.
      expect((await accept(api, spare.token, 'alice-sock@example.com')).data?.acceptOwnerInvitation).toEqual({
        __typename: 'InvitationInvalid',
        code: 'INVITATION_INVALID',
      });
      const policies = (await api.graphql(POLICIES, {}, { cookie: bob })).data?.approvalPolicies as unknown as { op: string }[];
      expect(policies.filter((policy) => ['repository.delete', 'repository.transfer'].includes(policy.op))).toEqual([
        { op: 'repository.delete', approvalsRequired: 2, isDefault: true },
        { op: 'repository.transfer', approvalsRequired: 2, isDefault: true },
      ]);

      const seen = (await api.graphql(JOIN, {}, { cookie: bob })).data?.secondOwnerJoin;
      expect(seen).toMatchObject({
        owner: { email: 'bob@example.com' },
        revokedInvitations: [{ id: spare.id, state: 'REVOKED', note: 'alice-sock' }],
        resetPolicies: [
          { op: 'repository.delete', approvalsRequired: 1 },
          { op: 'repository.transfer', approvalsRequired: 1 },
        ],
      });
      // Alice reads the same.
      expect((await api.graphql(JOIN, {}, { cookie: alice.cookie })).data?.secondOwnerJoin).toEqual(seen);

      const log = await entries(api, tenantId);
      const join = log.filter((entry) => entry.kind === 'owner.joined');
      expect(join).toHaveLength(1);
      const bobId = text(joined.data?.acceptOwnerInvitation?.owner?.id);
      expect(join[0]).toMatchObject({
        actor: `owner:${bobId}`,
        subject: `owner:${bobId}`,
        detail: { email: 'bob@example.com', invitationId: joining.id, ownersBefore: 1, revokedInvitations: [spare.id] },
      });
      expect(await verifyStoredChain(api.db.pool, tenantId)).toMatchObject({ problem: null });
    },
  );

  apiTest(
    'admits exactly one owner when acceptances of different links, made alone, are released together; the rest are INVITATION_INVALID',
    async ({ api }) => {
      const links = 6;
      for (let round = 0; round < 3; round++) {
        const owner = await api.owner();
        const tenantId = await tenantIdOf(api, owner);
        const invitations = [];
        for (let i = 0; i < links; i++) invitations.push(await invite(api, owner));
        const entriesBefore = (await entries(api, tenantId)).length;

        // Every acceptance waits behind a lock on the tenant row (each must at least reference it), then all go at once.
        const blocker = await api.db.pool.connect();
        let results;
        try {
          await blocker.query('BEGIN');
          await blocker.query('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [tenantId]);
          const racing = invitations.map((invitation) => accept(api, invitation.token));
          await waitFor(async () => (await lockWaiters(api)) >= links, 30_000);
          await blocker.query('COMMIT');
          results = await Promise.all(racing);
        } finally {
          blocker.release();
        }

        const typenames = results.map((result) => result.data?.acceptOwnerInvitation?.__typename);
        expect(typenames.filter((typename) => is(typename, 'OwnerInvitationAccepted'))).toHaveLength(1);
        expect(results.filter((result) => is(result.data?.acceptOwnerInvitation?.code, 'INVITATION_INVALID'))).toHaveLength(links - 1);
        const owners = await api.db.pool.query(`SELECT 1 FROM owners WHERE tenant_id = $1`, [tenantId]);
        expect(owners.rowCount).toBe(2);
        const open = await api.db.pool.query(`SELECT 1 FROM owner_invitations WHERE tenant_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL`, [tenantId]);
        expect(open.rowCount).toBe(0);
        // One entry for the one join; the refused acceptances append nothing.
        const log = await entries(api, tenantId);
        expect(log.slice(entriesBefore).map((entry) => entry.kind)).toEqual(['owner.joined']);
        expect(log.at(-1)!.detail.revokedInvitations).toHaveLength(links - 1);
        expect(await verifyStoredChain(api.db.pool, tenantId)).toMatchObject({ problem: null });
      }
    },
  );

  apiTest('undoes nothing when a third owner joins: the other links stay open and the settings two owners made stay', async ({ api }) => {
    const alice = await api.owner();
    const bob = await api.owner(alice.tenantName);
    const tenantId = await tenantIdOf(api, alice);
    await setApprovals(api, alice, 'repository.unserve', 2);
    // With two owners an invitation is a request Bob approves; Alice then takes its link.
    const links = [];
    for (let i = 0; i < 2; i++) {
      const proposed = await api.graphql(
        `mutation { inviteOwner(input: {}) { ... on OwnerInvitationProposed { signOff { id } } } }`,
        {},
        { cookie: alice.cookie },
      );
      const id = text(proposed.data?.inviteOwner?.signOff?.id);
      const decided = await api.graphql(
        `mutation($input: DecideSignOffInput!) { decideSignOff(input: $input) { __typename } }`,
        { input: { id, approve: true } },
        { cookie: bob.cookie },
      );
      expect(decided.data?.decideSignOff?.__typename).toBe('SignOffDecided');
      const taken = await api.graphql(
        `mutation($id: ID!) { takeOwnerInvitationLink(signOffId: $id) { ... on OwnerInvitationLink { token invitation { id } } } }`,
        { id },
        { cookie: alice.cookie },
      );
      links.push({ id: text(taken.data?.takeOwnerInvitationLink?.invitation?.id), token: text(taken.data?.takeOwnerInvitationLink?.token) });
    }
    expect((await accept(api, links[0]!.token)).data?.acceptOwnerInvitation?.__typename).toBe('OwnerInvitationAccepted');

    const other = await api.db.pool.query(`SELECT accepted_at IS NULL AND revoked_at IS NULL AS open FROM owner_invitations WHERE id = $1`, [links[1]!.id]);
    expect(other.rows).toEqual([{ open: true }]);
    const policy = await api.db.pool.query(
      `SELECT approvals_required::int AS n FROM operation_approval_policies WHERE tenant_id = $1 AND op = 'repository.unserve'`,
      [tenantId],
    );
    expect(policy.rows).toEqual([{ n: 2 }]);
    const join = (await entries(api, tenantId)).filter((entry) => entry.kind === 'owner.joined');
    expect(join.map((entry) => entry.detail)).toMatchObject([{ ownersBefore: 2, revokedInvitations: [], resetPolicies: [] }]);
    // No second owner ever joined by a link here (Bob was created directly), so there is nothing to show.
    expect((await api.graphql(JOIN, {}, { cookie: alice.cookie })).data?.secondOwnerJoin).toBeNull();
  });
});
