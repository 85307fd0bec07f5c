import { expect } from 'vitest';
import { is, type SignedInOwner, type TestApi, type Wire } from './testkit.js';

/* Scenes and reads for the two-person rule's tests (docs/sign-offs.md, S20). */

/** A LOW-risk request (a read token for an hour), so no approval here needs a fresh password unless a test says so. */
export const MINT = { op: 'repository.mintToken', input: { scopes: ['read'], ttlHours: 1 } };

export const DECIDE = `mutation($input: DecideSignOffInput!) {
  decideSignOff(input: $input) {
    __typename
    ... on SignOffDecided { signOff { state approvalsRequired approvals { owner { email } note } } }
    ... on SecondApproverRequired { code message signOff { state } }
    ... on SignOffClosed { code signOff { state } }
    ... on DomainError { code }
  }
}`;
const READ = `query($id: ID!) {
  signOff(id: $id) { id state approvalsRequired decidedAt note approvals { owner { id email } approvedAt note } }
}`;
const SET = `mutation($input: SetApprovalsRequiredInput!) {
  setApprovalsRequired(input: $input) { __typename ... on ApprovalPolicySet { policy { op approvalsRequired isDefault setBy { email } } } }
}`;

export async function decide(api: TestApi, owner: SignedInOwner, id: string, approve: boolean, note?: string, url = api.url): Promise<Wire> {
  const response = await api.graphql(DECIDE, { input: { id, approve, note } }, { cookie: owner.cookie }, url);
  const result = response.data?.decideSignOff;
  if (!result) throw new Error(`decideSignOff failed: ${JSON.stringify(response)}`);
  return result;
}

export async function read(api: TestApi, who: { cookie?: string; key?: string }, id: string): Promise<Wire | null> {
  const response = await api.graphql(READ, { id }, who);
  if (response.errors) throw new Error(JSON.stringify(response.errors));
  return response.data?.signOff ?? null;
}

/** The stored row, as the database has it. */
export async function stored(api: TestApi, id: string) {
  const { rows } = await api.db.pool.query<{ state: string; approvalsRequired: number; decided: boolean; approvals: number }>(
    `SELECT state, approvals_required AS "approvalsRequired", decided_at IS NOT NULL AS decided,
            (SELECT count(*)::int FROM sign_off_approvals a WHERE a.sign_off_id = s.id) AS approvals
       FROM sign_offs s WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

export async function setApprovals(api: TestApi, owner: SignedInOwner, op: string, approvalsRequired: number) {
  return api.graphql(SET, { input: { op, approvalsRequired } }, { cookie: owner.cookie });
}

/** A tenant of three owners; the first's agent and repository; minted tokens need two approvals. */
export async function threeOwners(api: TestApi) {
  const owner = await api.owner();
  const second = await api.owner(owner.tenantName);
  const third = await api.owner(owner.tenantName);
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  const set = await setApprovals(api, owner, MINT.op, 2);
  expect(set.data?.setApprovalsRequired).toMatchObject({ __typename: 'ApprovalPolicySet', policy: { approvalsRequired: 2, isDefault: false } });
  return { owner, second, third, agent, repo };
}

export const minted = async (api: TestApi, id: string) => (await api.db.pool.query('SELECT 1 FROM repository_tokens WHERE sign_off_id = $1', [id])).rowCount;

/**
 * Sets `ops` to one approval while `owner` is still their tenant's only
 * owner: an explicit setting outlives the default that a second owner would
 * bring (two approvals for repository.delete, repository.transfer and
 * authority.grant, S20),
 * for tests about something else that then add a colleague.
 */
export async function oneApproval(api: TestApi, owner: SignedInOwner, ...ops: string[]): Promise<void> {
  for (const op of ops) {
    const set = await setApprovals(api, owner, op, 1);
    if (!is(set.data?.setApprovalsRequired?.policy?.approvalsRequired, 1)) throw new Error(`setApprovalsRequired failed: ${JSON.stringify(set)}`);
  }
}

/**
 * An approved repository transfer, which succeeds without leaving a secret:
 * its owner set to one approval first, so a colleague to transfer to does
 * not bring the two-person default.
 */
export async function succeededTransfer(api: TestApi) {
  const owner = await api.owner();
  await oneApproval(api, owner, 'repository.transfer');
  const colleague = await api.owner(owner.tenantName);
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  const id = await api.requestId(agent.key, { op: 'repository.transfer', repository: repo.name, input: { to: colleague.email } });
  const decided = await api.decide(owner.cookie, id, true);
  if (!is(decided.signOff?.state, 'SUCCEEDED')) throw new Error(`the transfer did not succeed: ${JSON.stringify(decided)}`);
  return { owner, agent, id };
}
