import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { hashOf, storedEdit } from '../../../test/edit-kit.js';
import { text, type TestApi } from '../../../test/testkit.js';
import { decide, MINT, threeOwners } from '../../../test/two-person-kit.js';
import { approveEditedAgain, editOpenInput, type JudgedEdit } from './approve-with-changes-store.js';

// The service refuses most edits before their statement runs (it reads the
// request under the owner's reader, checks its state and the hash seen, and
// refuses a tenant.* request), so its tests cannot tell a guard of these
// statements from its absence. These call each statement directly on rows in
// the states a race could bring it, and check that it changes nothing there.
// `pnpm test:mutate` removes each guard and expects a test here to fail.

const EDIT: JudgedEdit = { input: '{"scopes":["read"],"ttlHours":9}', inputHash: hashOf({ scopes: ['read'], ttlHours: 9 }), risk: 'low', riskReasons: [] };

async function ids(api: TestApi, email: string) {
  const owner = await api.db.prisma.owner.findFirstOrThrow({ where: { email } });
  return { tenantId: owner.tenantId, ownerId: owner.id };
}

describe('the approve-with-changes claim statements', () => {
  apiTest(
    'write an edit only of an agent’s request waiting for an approval, the deciding owner’s, inside its window, with the input seen, never by its first approver',
    async ({ api }) => {
      const { owner, second, agent, repo } = await threeOwners(api);
      const mine = await ids(api, owner.email);
      const theirs = await ids(api, second.email);
      const asked = hashOf({});
      // One approval (unserving is one by default), its owner's alone: another owner of the tenant may not edit it.
      const single = await api.requestId(agent.key, { op: 'repository.unserve', repository: repo.name, input: {} });
      const before = await storedEdit(api, single);
      expect(await editOpenInput(api.db.pool, theirs.tenantId, theirs.ownerId, single, asked, EDIT)).toBeNull();
      // Not the input the owner saw.
      expect(await editOpenInput(api.db.pool, mine.tenantId, mine.ownerId, single, hashOf({ other: true }), EDIT)).toBeNull();
      // Past its window.
      await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() - interval '7 days 1 second' WHERE id = $1`, [single]);
      expect(await editOpenInput(api.db.pool, mine.tenantId, mine.ownerId, single, asked, EDIT)).toBeNull();
      await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() WHERE id = $1`, [single]);
      expect(await storedEdit(api, single)).toEqual(before);
      // Decided already.
      const denied = await api.requestId(agent.key, { op: 'repository.serve', repository: repo.name, input: {} });
      expect(await api.decide(owner.cookie, denied, false, 'no')).toMatchObject({ signOff: { state: 'DENIED' } });
      expect(await editOpenInput(api.db.pool, mine.tenantId, mine.ownerId, denied, asked, EDIT)).toBeNull();
      expect(await storedEdit(api, denied)).toMatchObject({ state: 'denied', inputHash: asked });
      // Its owner, with the input seen, inside its window: written.
      expect(await editOpenInput(api.db.pool, mine.tenantId, mine.ownerId, single, asked, EDIT)).toEqual({ approvalsRequired: 1, voided: [] });
      expect(await storedEdit(api, single)).toMatchObject({ state: 'pending', inputHash: EDIT.inputHash, requestedInputHash: asked });

      // Two approvals: the first approver may not edit what they approved; another owner's edit voids that approval.
      const pair = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: { scopes: ['read'], ttlHours: 7 } });
      expect(await decide(api, owner, pair, true)).toMatchObject({ signOff: { state: 'PARTIALLY_APPROVED' } });
      const seen = hashOf({ scopes: ['read'], ttlHours: 7 });
      expect(await editOpenInput(api.db.pool, mine.tenantId, mine.ownerId, pair, seen, EDIT)).toBeNull();
      expect(await storedEdit(api, pair)).toMatchObject({ inputHash: seen, approvers: [owner.email] });
      expect(await editOpenInput(api.db.pool, theirs.tenantId, theirs.ownerId, pair, seen, EDIT)).toEqual({ approvalsRequired: 2, voided: [mine.ownerId] });
      expect(await storedEdit(api, pair)).toMatchObject({ state: 'partially_approved', inputHash: EDIT.inputHash, approvers: [] });

      // An owner-to-owner request is never edited, even by an owner who may approve it.
      const proposed = await api.graphql(
        'mutation($input: SetApprovalsRequiredInput!) { setApprovalsRequired(input: $input) { ... on ApprovalPolicyChangeProposed { signOff { id } } } }',
        { input: { op: MINT.op, approvalsRequired: 1 } },
        { cookie: second.cookie },
      );
      const proposal = text(proposed.data?.setApprovalsRequired?.signOff?.id);
      const filed = await storedEdit(api, proposal);
      expect(await editOpenInput(api.db.pool, mine.tenantId, mine.ownerId, proposal, filed.inputHash, EDIT)).toBeNull();
      expect(await storedEdit(api, proposal)).toEqual(filed);
    },
  );

  apiTest('give the first approval again only to a half-approved request inside its window whose approval an edit voided', async ({ api }) => {
    const { owner, second, agent, repo } = await threeOwners(api);
    const mine = await ids(api, owner.email);
    const theirs = await ids(api, second.email);
    // Pending: it has no first approval to give again.
    const pending = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: { scopes: ['read'], ttlHours: 2 } });
    expect(await approveEditedAgain(api.db.pool, mine.tenantId, mine.ownerId, pending, null)).toBe(false);
    expect(await storedEdit(api, pending)).toMatchObject({ state: 'pending', approvers: [] });
    // Half-approved with its approval standing: not voided.
    const half = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: { scopes: ['read'], ttlHours: 3 } });
    await decide(api, owner, half, true);
    expect(await approveEditedAgain(api.db.pool, theirs.tenantId, theirs.ownerId, half, null)).toBe(false);
    expect(await storedEdit(api, half)).toMatchObject({ state: 'partially_approved', approvers: [owner.email] });
    // Voided, but past its window.
    await api.db.pool.query('DELETE FROM sign_off_approvals WHERE sign_off_id = $1', [half]);
    await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() - interval '7 days 1 second' WHERE id = $1`, [half]);
    expect(await approveEditedAgain(api.db.pool, theirs.tenantId, theirs.ownerId, half, null)).toBe(false);
    await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() WHERE id = $1`, [half]);
    expect(await storedEdit(api, half)).toMatchObject({ approvers: [] });
    // Voided, inside its window: this owner's approval is its first.
    expect(await approveEditedAgain(api.db.pool, theirs.tenantId, theirs.ownerId, half, 'edited')).toBe(true);
    expect(await storedEdit(api, half)).toMatchObject({ state: 'partially_approved', approvers: [second.email] });
  });
});
