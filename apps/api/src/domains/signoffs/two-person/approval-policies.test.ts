import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { define } from '../../../../test/operations-kit.js';
import { text, type SignedInOwner, type TestApi } from '../../../../test/testkit.js';
import { decide, setApprovals, stored } from '../../../../test/two-person-kit.js';

const POLICIES = '{ approvalPolicies { op approvalsRequired isDefault setBy { email } } }';

async function policies(api: TestApi, owner: SignedInOwner) {
  const response = await api.graphql(POLICIES, {}, { cookie: owner.cookie });
  if (response.errors) throw new Error(JSON.stringify(response.errors));
  return Object.fromEntries(
    (response.data?.approvalPolicies as unknown as { op: string; approvalsRequired: number; isDefault: boolean }[]).map((p) => [p.op, p]),
  );
}

async function policyRows(api: TestApi) {
  return (await api.db.pool.query<{ op: string; n: number }>('SELECT op, approvals_required AS n FROM operation_approval_policies ORDER BY op')).rows;
}

describe('how many approvals an operation needs', () => {
  apiTest(
    'is two for repository.delete, repository.transfer and authority.grant by default only in a tenant of more than one owner, and one for any other',
    async ({ api }) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const repo = await api.repository(owner);
      const alone = await api.requestId(agent.key, { op: 'repository.delete', repository: repo.name, input: {} });
      const grantAlone = await api.requestId(agent.key, { op: 'authority.grant', input: { name: 'alone', tokens: 5 } });
      expect(await stored(api, alone)).toMatchObject({ approvalsRequired: 1 });
      expect(await stored(api, grantAlone)).toMatchObject({ approvalsRequired: 1 });
      expect(await policies(api, owner)).toMatchObject({
        'repository.delete': { approvalsRequired: 1, isDefault: true },
        'repository.transfer': { approvalsRequired: 1, isDefault: true },
        'authority.grant': { approvalsRequired: 1, isDefault: true },
        'repository.serve': { approvalsRequired: 1, isDefault: true },
      });

      const colleague = await api.owner(owner.tenantName);
      const other = await api.repository(owner);
      const together = await api.requestId(agent.key, { op: 'repository.delete', repository: other.name, input: {} });
      const transfer = await api.requestId(agent.key, { op: 'repository.transfer', repository: other.name, input: { to: colleague.email } });
      const serve = await api.requestId(agent.key, { op: 'repository.serve', repository: other.name, input: {} });
      const grant = await api.requestId(agent.key, { op: 'authority.grant', input: { name: 'together', tokens: 5 } });
      expect(await stored(api, together)).toMatchObject({ approvalsRequired: 2 });
      expect(await stored(api, transfer)).toMatchObject({ approvalsRequired: 2 });
      expect(await stored(api, grant)).toMatchObject({ approvalsRequired: 2 });
      expect(await stored(api, serve)).toMatchObject({ approvalsRequired: 1 });
      // Fixed when stored: the requests asked with one owner still need one approval.
      expect(await stored(api, alone)).toMatchObject({ approvalsRequired: 1 });
      expect(await stored(api, grantAlone)).toMatchObject({ approvalsRequired: 1 });
      expect(await decide(api, owner, alone, true)).toMatchObject({ signOff: { state: 'SUCCEEDED', approvalsRequired: 1, approvals: [] } });
      // The grant asked once two owners share the tenant waits for the second: the first approval runs nothing.
      expect(await decide(api, owner, grant, true)).toMatchObject({ signOff: { state: 'PARTIALLY_APPROVED', approvalsRequired: 2 } });
      expect(await decide(api, colleague, grant, true)).toMatchObject({ signOff: { state: 'SUCCEEDED', approvalsRequired: 2 } });
      for (const who of [owner, colleague]) {
        expect(await policies(api, who)).toMatchObject({
          'repository.delete': { approvalsRequired: 2, isDefault: true, setBy: null },
          'repository.transfer': { approvalsRequired: 2, isDefault: true },
          'authority.grant': { approvalsRequired: 2, isDefault: true },
          'repository.mintToken': { approvalsRequired: 1, isDefault: true },
        });
      }
    },
  );

  apiTest('raises an operation, built-in or defined, to two approvals at once for requests asked from then on, leaving those asked before', async ({ api }) => {
    const owner = await api.owner();
    const colleague = await api.owner(owner.tenantName);
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const before = await api.requestId(agent.key, { op: 'repository.serve', repository: repo.name, input: {} });
    const raised = await setApprovals(api, colleague, 'repository.serve', 2);
    expect(raised.data?.setApprovalsRequired).toEqual({
      __typename: 'ApprovalPolicySet',
      policy: { op: 'repository.serve', approvalsRequired: 2, isDefault: false, setBy: { email: colleague.email } },
    });
    // Another repository: asking again about the first would return the request already open (S2).
    const after = await api.requestId(agent.key, { op: 'repository.serve', repository: (await api.repository(owner)).name, input: {} });
    expect(await stored(api, before)).toMatchObject({ approvalsRequired: 1 });
    expect(await stored(api, after)).toMatchObject({ approvalsRequired: 2 });

    expect(await define(api, owner, { op: 'email.send' })).toMatchObject({ __typename: 'OperationDefined' });
    expect((await setApprovals(api, owner, 'email.send', 2)).data?.setApprovalsRequired).toMatchObject({ policy: { op: 'email.send', approvalsRequired: 2 } });
    expect(await policies(api, colleague)).toMatchObject({ 'email.send': { approvalsRequired: 2, isDefault: false } });
  });

  apiTest(
    'refuses an unknown operation, a value other than 1 or 2, and two approvals in a tenant of one owner, with BAD_INPUT, changing nothing',
    async ({ api }) => {
      const owner = await api.owner();
      const refusals = [
        { op: 'repository.explode', approvalsRequired: 2, message: /Unknown operation "repository.explode"/ },
        { op: 'tenant.changePolicy', approvalsRequired: 2, message: /Unknown operation/ },
        { op: 'repository.serve', approvalsRequired: 0, message: /1 or 2/ },
        { op: 'repository.serve', approvalsRequired: 3, message: /1 or 2/ },
        { op: 'repository.serve', approvalsRequired: 2, message: /two owners/ },
      ];
      for (const { op, approvalsRequired, message } of refusals) {
        const response = await setApprovals(api, owner, op, approvalsRequired);
        expect(response.errors?.[0]?.extensions?.code, `${op} ${approvalsRequired}`).toBe('BAD_INPUT');
        expect(response.errors?.[0]?.message).toMatch(message);
      }
      expect(await policyRows(api)).toEqual([]);
      const agent = await api.agent(owner);
      const forAgent = await api.graphql(POLICIES, {}, { key: agent.key });
      expect(forAgent.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    },
  );

  apiTest('is lowered in a tenant of two or more owners only once a second owner approves the change, filed as tenant.changePolicy', async ({ api }) => {
    const owner = await api.owner();
    const colleague = await api.owner(owner.tenantName);
    const PROPOSED = `mutation($input: SetApprovalsRequiredInput!) {
      setApprovalsRequired(input: $input) {
        __typename
        ... on ApprovalPolicyChangeProposed { existing signOff { id op state approvals { owner { email } } } }
      }
    }`;
    const lower = async (who: SignedInOwner, op: string) =>
      (await api.graphql(PROPOSED, { input: { op, approvalsRequired: 1 } }, { cookie: who.cookie })).data?.setApprovalsRequired;

    // The default two for deleting, and a setting of two, are lowered alike: by a request for a second owner.
    const defaulted = await lower(owner, 'repository.delete');
    expect(defaulted).toMatchObject({
      __typename: 'ApprovalPolicyChangeProposed',
      existing: false,
      signOff: { op: 'tenant.changePolicy', state: 'PARTIALLY_APPROVED', approvals: [{ owner: { email: owner.email } }] },
    });
    expect((await setApprovals(api, owner, 'repository.serve', 2)).data?.setApprovalsRequired).toMatchObject({ policy: { approvalsRequired: 2 } });
    const proposed = await lower(colleague, 'repository.serve');
    expect(proposed).toMatchObject({ __typename: 'ApprovalPolicyChangeProposed', existing: false, signOff: { state: 'PARTIALLY_APPROVED' } });
    // Asking again for the same change returns the request already waiting.
    expect(await lower(owner, 'repository.serve')).toMatchObject({ existing: true, signOff: { id: proposed?.signOff?.id } });
    // Setting what holds already is no lowering.
    expect((await setApprovals(api, colleague, 'repository.serve', 2)).data?.setApprovalsRequired).toMatchObject({ policy: { approvalsRequired: 2 } });
    expect(await policyRows(api)).toEqual([{ op: 'repository.serve', n: 2 }]);

    // The proposer cannot be its second approval; the other owner's approval applies it.
    const id = text(proposed?.signOff?.id);
    expect(await decide(api, colleague, id, true)).toMatchObject({ __typename: 'SecondApproverRequired' });
    expect(await policyRows(api)).toEqual([{ op: 'repository.serve', n: 2 }]);
    expect(await decide(api, owner, id, true)).toMatchObject({ signOff: { state: 'SUCCEEDED' } });
    expect(await policies(api, owner)).toMatchObject({ 'repository.serve': { approvalsRequired: 1, isDefault: false, setBy: { email: colleague.email } } });
  });

  apiTest('is changed only with ADMIN: an owner token that may decide may not', async ({ api }) => {
    const owner = await api.owner();
    await api.owner(owner.tenantName);
    const created = await api.graphql(
      'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
      { input: { name: 'decider', scope: 'DECIDE' } },
      { cookie: owner.cookie },
    );
    const token = text(created.data?.createOwnerToken?.token);
    const response = await api.graphql(
      'mutation { setApprovalsRequired(input: { op: "repository.serve", approvalsRequired: 2 }) { __typename } }',
      {},
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await policyRows(api)).toEqual([]);
  });
});
