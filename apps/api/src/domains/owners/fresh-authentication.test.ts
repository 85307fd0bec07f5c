import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { EMAIL_SCHEMA } from '../../../test/operations-kit.js';
import { type CallOptions, type SignedInOwner, type TestApi } from '../../../test/testkit.js';
import { ownerToken } from '../../../test/owner-token-kit.js';

// docs/owner-tokens.md, rule OT4: what could let one person act as two, or send
// the tenant's data away, needs the owner's password within 10 minutes, in a
// console session; an owner token, whatever its scope, cannot.

const REAUTHENTICATE = 'mutation($input: ReauthenticateInput!) { reauthenticate(input: $input) { __typename } }';
const RESULT = '__typename ... on DomainError { code message }';

const WEBHOOK_OPERATION = {
  op: 'invoice.pay',
  summary: 'Pay an invoice',
  risk: 'MEDIUM',
  runner: 'WEBHOOK',
  webhookUrl: 'http://127.0.0.1:9/hook',
  inputSchema: EMAIL_SCHEMA,
};

/** Each guarded change: its mutation, an input it would accept, the table it writes, and the success it answers. */
const GUARDED = [
  {
    name: 'createOwnerToken DECIDE',
    query: `mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ${RESULT} } }`,
    input: { name: 'decider', scope: 'DECIDE' },
    table: 'owner_tokens',
    done: 'OwnerTokenCreated',
  },
  {
    name: 'createOwnerToken ADMIN',
    query: `mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ${RESULT} } }`,
    input: { name: 'admin', scope: 'ADMIN' },
    table: 'owner_tokens',
    done: 'OwnerTokenCreated',
  },
  {
    name: 'inviteOwner',
    query: `mutation($input: InviteOwnerInput!) { inviteOwner(input: $input) { ${RESULT} } }`,
    input: { note: 'for Dana' },
    table: 'owner_invitations',
    done: 'OwnerInvited',
  },
  {
    name: 'createWebhookEndpoint',
    query: `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { ${RESULT} } }`,
    input: { url: 'http://127.0.0.1:9/notify', events: ['AGENT_REVOKED'] },
    table: 'webhook_endpoints',
    done: 'WebhookEndpointCreated',
  },
  {
    name: 'setApprovalsRequired',
    query: `mutation($input: SetApprovalsRequiredInput!) { setApprovalsRequired(input: $input) { ${RESULT} } }`,
    input: { op: 'repository.delete', approvalsRequired: 1 },
    table: 'operation_approval_policies',
    done: 'ApprovalPolicySet',
  },
  {
    name: 'setMoneyRiskThreshold',
    query: `mutation($input: SetMoneyRiskThresholdInput!) { setMoneyRiskThreshold(input: $input) { ${RESULT} } }`,
    input: { currency: 'EUR', minorUnits: 10_000 },
    table: 'money_risk_thresholds',
    done: 'MoneyRiskThresholdSet',
  },
  {
    name: 'defineOperation WEBHOOK',
    query: `mutation($input: DefineOperationInput!) { defineOperation(input: $input) { ${RESULT} } }`,
    input: WEBHOOK_OPERATION,
    table: 'operations',
    done: 'OperationDefined',
  },
] as const;

async function rows(api: TestApi, table: string): Promise<number> {
  const { rows } = await api.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

const adminToken = (api: TestApi, owner: SignedInOwner) => ownerToken(api, owner.cookie, 'ADMIN', 'script');

/** Ten minutes and more pass since the owner last proved their password (the proof is moved back rather than waited for). */
async function goStale(api: TestApi, owner: SignedInOwner) {
  await api.db.pool.query(`UPDATE sessions s SET authenticated_at = now() - interval '11 minutes' FROM owners o WHERE o.id = s.owner_id AND o.email = $1`, [
    owner.email,
  ]);
}

async function expectRefusedEach(api: TestApi, auth: CallOptions) {
  for (const change of GUARDED) {
    const before = await rows(api, change.table);
    const response = await api.graphql(change.query, { input: change.input }, auth);
    const answer = Object.values(response.data ?? {})[0];
    expect(answer, change.name).toMatchObject({ __typename: 'ReauthenticationRequired', code: 'REAUTHENTICATION_REQUIRED' });
    expect(await rows(api, change.table), change.name).toBe(before);
  }
}

describe('a change that could weaken the two-person rule or send data away', () => {
  apiTest('is refused REAUTHENTICATION_REQUIRED to an owner token, even ADMIN, and changes nothing', async ({ api }) => {
    const owner = await api.owner();
    await expectRefusedEach(api, { key: await adminToken(api, owner) });
  });

  apiTest('is refused to a session over 10 minutes past its password, until it re-authenticates; then each is made', async ({ api }) => {
    const owner = await api.owner();
    await goStale(api, owner);
    await expectRefusedEach(api, { cookie: owner.cookie });
    const reauthenticated = await api.graphql(REAUTHENTICATE, { input: { password: owner.password } }, { cookie: owner.cookie });
    expect(reauthenticated.data?.reauthenticate?.__typename).toBe('Reauthenticated');
    for (const change of GUARDED) {
      const response = await api.graphql(change.query, { input: change.input }, { cookie: owner.cookie });
      expect(Object.values(response.data ?? {})[0], change.name).toMatchObject({ __typename: change.done });
    }
  });

  apiTest(
    'leaves an ADMIN token the rest: a READ token, an AGENT operation; but not an AGENT version of a WEBHOOK operation (its webhookUrl changes)',
    async ({ api }) => {
      const owner = await api.owner();
      const token = await adminToken(api, owner);
      const create = `mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ${RESULT} } }`;
      expect((await api.graphql(create, { input: { name: 'reader', scope: 'READ' } }, { key: token })).data?.createOwnerToken?.__typename).toBe(
        'OwnerTokenCreated',
      );
      const define = `mutation($input: DefineOperationInput!) { defineOperation(input: $input) { ${RESULT} } }`;
      const agentRun = { ...WEBHOOK_OPERATION, op: 'email.send', runner: 'AGENT', webhookUrl: undefined };
      expect((await api.graphql(define, { input: agentRun }, { key: token })).data?.defineOperation?.__typename).toBe('OperationDefined');

      expect((await api.graphql(define, { input: WEBHOOK_OPERATION }, { cookie: owner.cookie })).data?.defineOperation?.__typename).toBe('OperationDefined');
      const away = await api.graphql(define, { input: { ...WEBHOOK_OPERATION, runner: 'AGENT', webhookUrl: undefined } }, { key: token });
      expect(away.data?.defineOperation).toMatchObject({ __typename: 'ReauthenticationRequired', code: 'REAUTHENTICATION_REQUIRED' });
      const versions = await api.db.pool.query<{ runner: string }>(`SELECT runner FROM operations WHERE op = 'invoice.pay'`);
      expect(versions.rows).toEqual([{ runner: 'webhook' }]);
    },
  );
});
